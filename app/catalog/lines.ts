/**
 * The three product lines shown as tiles on the home page and in the mega menu. Only
 * the line for delicate problems is on sale; the other two lead to the coming-soon page.
 */
export interface ProductLine {
  /** Entry of `categories` in the home dictionary. */
  id: "delicate" | "firstAid" | "face";
  href: string;
  image: string;
  comingSoon: boolean;
}

export const productLines: readonly ProductLine[] = [
  {
    id: "delicate",
    href: "/catalog/body",
    image: "/images/categories/delicate.svg",
    comingSoon: false,
  },
  {
    id: "firstAid",
    href: "/catalog/404",
    image: "/images/categories/first-aid.svg",
    comingSoon: true,
  },
  { id: "face", href: "/catalog/404", image: "/images/categories/face.svg", comingSoon: true },
];

export const LINE_IMAGE = { width: 600, height: 400 } as const;
