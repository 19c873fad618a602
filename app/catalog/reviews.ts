/** The sample reviews on the home page; names, roles and texts are in the `home` dictionary. */
export interface Review {
  /** Entry of `reviews.items`. */
  id: string;
  rating: 4 | 5;
  avatar: string;
}

export const reviews: readonly Review[] = [
  { id: "r1", rating: 5, avatar: "/images/avatars/r1.svg" },
  { id: "r2", rating: 5, avatar: "/images/avatars/r2.svg" },
  { id: "r3", rating: 4, avatar: "/images/avatars/r3.svg" },
  { id: "r4", rating: 5, avatar: "/images/avatars/r4.svg" },
  { id: "r5", rating: 5, avatar: "/images/avatars/r5.svg" },
  { id: "r6", rating: 4, avatar: "/images/avatars/r6.svg" },
  { id: "r7", rating: 5, avatar: "/images/avatars/r7.svg" },
  { id: "r8", rating: 5, avatar: "/images/avatars/r8.svg" },
];

export const AVATAR_SIZE = 160;
