import { type Catalog, findProduct } from "~/catalog/model";
import { titleOf } from "~/catalog/texts";
import { type LanguageCode, getLanguage, isLanguageCode } from "~/i18n/languages";
import { SHOP_TIME_ZONE } from "~/platform/calendar";
import {
  type PublishedReview,
  type ReviewSummary,
  type Testimonial,
  forVisitor,
  summarize,
} from "./model";

export interface HomeReview {
  key: string;
  name: string;
  /** The testimonial's "Woman, 34", or the product a buyer reviewed. */
  role: string | null;
  text: string;
  rating: number;
  avatar: string | null;
  verified: boolean;
  /** The language it is written in, when not the page's (BCP 47). */
  lang: string | null;
}

/** How many buyers' reviews the home page shows before the testimonials. */
export const HOME_VERIFIED = 6;

function languageOf(code: string) {
  return isLanguageCode(code) ? getLanguage(code) : null;
}

/**
 * The home page's reviews: buyers' published reviews first (the visitor's language first,
 * then the newest), then the shop's testimonials in the visitor's language. Testimonials
 * are never marked verified.
 */
export function homeReviews(
  content: {
    catalog: Catalog;
    reviews: readonly PublishedReview[];
    testimonials: readonly Testimonial[];
  },
  language: LanguageCode,
  verifiedBuyer: string,
): HomeReview[] {
  const verified = forVisitor(content.reviews, language)
    .filter((review) => review.body !== "")
    .slice(0, HOME_VERIFIED)
    .map((review) => ({
      key: `review-${review.id}`,
      name: review.author ?? verifiedBuyer,
      role: titleOf(findProduct(content.catalog, review.itemKey), language),
      text: review.body,
      rating: review.rating,
      avatar: null,
      verified: true,
      lang: review.language === language ? null : (languageOf(review.language)?.htmlLang ?? null),
    }));
  const testimonials = content.testimonials.flatMap((testimonial) => {
    const text = testimonial.texts[language];
    return text
      ? [
          {
            key: `testimonial-${testimonial.id}`,
            name: text.name,
            role: text.role || null,
            text: text.text,
            rating: testimonial.rating,
            avatar: testimonial.avatar,
            verified: false,
            lang: null,
          },
        ]
      : [];
  });
  return [...verified, ...testimonials];
}

/** A published review as the product page shows it. */
export interface ReviewView {
  id: number;
  rating: number;
  body: string;
  /** Null: shown as "Verified buyer". */
  author: string | null;
  /** Month and year it was written, in the visitor's language. */
  when: string;
  /** ISO date, for structured data. */
  date: string;
  /** The language it is written in: its own name and BCP 47 tag. */
  languageName: string;
  lang: string;
  reply: string | null;
}

export interface ProductReviews {
  summary: ReviewSummary;
  reviews: ReviewView[];
}

/** The product's published reviews, the visitor's language first, then the newest. */
export function productReviews(
  reviews: readonly PublishedReview[],
  productKey: string,
  language: LanguageCode,
): ProductReviews {
  const own = reviews.filter((review) => review.itemKey === productKey);
  const month = new Intl.DateTimeFormat(getLanguage(language).htmlLang, {
    month: "long",
    year: "numeric",
    timeZone: SHOP_TIME_ZONE,
  });
  return {
    summary: summarize(own),
    reviews: forVisitor(own, language).map((review) => {
      const written = languageOf(review.language);
      return {
        id: review.id,
        rating: review.rating,
        body: review.body,
        author: review.author,
        when: month.format(review.at),
        date: new Date(review.at).toISOString().slice(0, 10),
        languageName: written?.name ?? review.language,
        lang: written?.htmlLang ?? review.language,
        reply: review.reply,
      };
    }),
  };
}
