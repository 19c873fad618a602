import type { LanguageCode } from "~/i18n/languages";

// Reviews from people who bought (issue 25, D34): the rules, pure.

/** Days after delivery the shopper is asked (REVIEW_AFTER_DAYS's default). */
export const REVIEW_AFTER_DAYS = 3;
/** How long the ask stays open once it is made. */
export const REVIEW_LINK_DAYS = 90;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_AUTHOR_MAX = 60;
export const REVIEW_REPLY_MAX = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Why an owner may reject a review; a low rating is never one of them. */
export const rejectReasons = ["spam", "personalData", "abuse", "medicalClaims"] as const;
export type RejectReason = (typeof rejectReasons)[number];
export const isRejectReason = (value: unknown): value is RejectReason =>
  (rejectReasons as readonly unknown[]).includes(value);

/**
 * When a delivered order's shopper may review it: from `afterDays` after delivery, for
 * `REVIEW_LINK_DAYS`. Null for an order that was never delivered.
 */
export function reviewWindow(
  deliveredAt: number | null,
  afterDays: number,
): { from: number; until: number } | null {
  if (deliveredAt === null) return null;
  const from = deliveredAt + afterDays * DAY_MS;
  return { from, until: from + REVIEW_LINK_DAYS * DAY_MS };
}

export const isOpen = (window: { from: number; until: number } | null, now: number) =>
  window !== null && now >= window.from && now < window.until;

export interface ReviewInput {
  rating: number;
  body: string;
  author: string | null;
}

export type ReviewFormError = "rating" | "body" | "author" | "consent";

/**
 * The form as the shopper sent it: stars 1 to 5 (required), a text of at most 1,000
 * characters, a name of at most 60 (empty: "Verified buyer"), and the consent to publish.
 * Texts are kept as written (trimmed, line breaks normalised) and always shown as text.
 */
export function readReviewForm(form: { get(name: string): unknown }):
  | { ok: true; review: ReviewInput }
  | { ok: false; errors: ReviewFormError[]; typed: Record<string, string> } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
  };
  const ratingText = text("rating");
  const rating = /^[1-5]$/.test(ratingText) ? Number(ratingText) : null;
  const body = text("body");
  const author = text("author").replace(/\s+/g, " ");
  const errors: ReviewFormError[] = [];
  if (rating === null) errors.push("rating");
  if ([...body].length > REVIEW_TEXT_MAX) errors.push("body");
  if ([...author].length > REVIEW_AUTHOR_MAX) errors.push("author");
  if (form.get("consent") !== "yes") errors.push("consent");
  if (errors.length > 0 || rating === null)
    return { ok: false, errors, typed: { rating: ratingText, body, author } };
  return { ok: true, review: { rating, body, author: author || null } };
}

/** A published review as shoppers read it. */
export interface PublishedReview {
  id: number;
  itemKey: string;
  rating: number;
  body: string;
  author: string | null;
  language: string;
  /** When it was written (instant). */
  at: number;
  reply: string | null;
}

export interface ReviewSummary {
  /** The average to one decimal ("4.0"); null without reviews. */
  average: string | null;
  count: number;
  /** How many gave 5, 4, 3, 2 and 1 stars, in that order. */
  spread: [number, number, number, number, number];
}

export function summarize(reviews: readonly Pick<PublishedReview, "rating">[]): ReviewSummary {
  const spread: ReviewSummary["spread"] = [0, 0, 0, 0, 0];
  let sum = 0;
  for (const review of reviews) {
    spread[5 - review.rating] = (spread[5 - review.rating] ?? 0) + 1;
    sum += review.rating;
  }
  return {
    average: reviews.length === 0 ? null : (sum / reviews.length).toFixed(1),
    count: reviews.length,
    spread,
  };
}

/** Newest first, those in the visitor's language before the rest. */
export function forVisitor<T extends Pick<PublishedReview, "language" | "at" | "id">>(
  reviews: readonly T[],
  language: LanguageCode,
): T[] {
  return [...reviews].sort(
    (a, b) =>
      Number(b.language === language) - Number(a.language === language) ||
      b.at - a.at ||
      b.id - a.id,
  );
}

/** A testimonial (the shop's own sample reviews): texts by language, never "verified". */
export interface Testimonial {
  id: number;
  position: number;
  rating: number;
  avatar: string | null;
  hidden: boolean;
  texts: Partial<Record<LanguageCode, { name: string; role: string; text: string }>>;
}

export const TESTIMONIAL_NAME_MAX = 60;
export const TESTIMONIAL_ROLE_MAX = 60;
export const TESTIMONIAL_TEXT_MAX = 1000;
