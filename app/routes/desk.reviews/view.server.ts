import { findProduct } from "~/catalog/model";
import { titleOf } from "~/catalog/texts";
import type { DeskContext } from "~/desk/context";
import { getLocale } from "~/i18n/i18next.server";
import { type LanguageCode, getLanguage, isLanguageCode } from "~/i18n/languages";
import { formatOrderNumber } from "~/orders/order-number";
import { formatShopDateTime } from "~/platform/calendar";
import { listReviews, reviewCounts } from "~/reviews/reviews.server";
import { listTestimonials } from "~/reviews/testimonials.server";
import { pageTitle } from "~/ui/meta";
import { isTab } from "./tabs";

/** Reviews waiting for an owner, published and rejected (D34), and the testimonials. */
export async function readReviewsPage(shop: DeskContext, request: Request) {
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab = isTab(tabParam) ? tabParam : "pending";
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const { catalog } = shop.content();
  const [reviews, counts, testimonials] = await Promise.all([
    listReviews(shop.db, tab),
    reviewCounts(shop.db),
    listTestimonials(shop.db),
  ]);
  const languageName = (code: string) => (isLanguageCode(code) ? getLanguage(code).name : code);
  const textIn = (texts: (typeof testimonials)[number]["texts"], code: LanguageCode) =>
    texts[code] ?? Object.values(texts)[0] ?? null;
  return {
    meta: { title: pageTitle(t, t("reviews.title"), { brand: false }), noindex: true },
    tab,
    counts,
    reviews: reviews.map((review) => ({
      id: review.id,
      product: titleOf(findProduct(catalog, review.item_key), language) ?? review.item_key,
      rating: review.rating,
      body: review.body,
      author: review.author,
      language: languageName(review.language),
      lang: isLanguageCode(review.language) ? getLanguage(review.language).htmlLang : undefined,
      at: formatShopDateTime(Date.parse(review.created_at), language),
      order: formatOrderNumber(review.order_number),
      reason: review.reason,
      reply: review.reply ?? "",
      decided:
        review.decided_at && review.decided_by
          ? {
              by: review.decided_by,
              at: formatShopDateTime(Date.parse(review.decided_at), language),
            }
          : null,
    })),
    testimonials: testimonials.map((testimonial) => ({
      id: testimonial.id,
      rating: testimonial.rating,
      hidden: testimonial.hidden,
      text: textIn(testimonial.texts, language),
      languages: Object.keys(testimonial.texts).length,
    })),
  };
}

export type ReviewsPage = Awaited<ReturnType<typeof readReviewsPage>>;
