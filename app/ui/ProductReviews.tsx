import { useTranslation } from "react-i18next";
import type { ProductReviews as Reviews } from "~/reviews/view";

/**
 * Stars as text, named for screen readers. Not the home page's drawn `Stars`: a component
 * two pages share is folded by the bundler into a chunk every page loads.
 */
function StarText({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="star-text" role="img" aria-label={label}>
      <span className="star-text__on">{"★".repeat(rating)}</span>
      {"☆".repeat(5 - rating)}
    </span>
  );
}

/**
 * A product's reviews (D34): the average to one decimal, how many, the spread from 5 to 1
 * stars, then every published review with its "Verified purchase" mark, month and
 * language, the visitor's language first. Texts are shown as written, as text.
 */
export function ProductReviews({ reviews }: { reviews: Reviews }) {
  const { t } = useTranslation("catalog");
  const { summary } = reviews;
  return (
    <section className="page product-reviews" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t("reviews.title")}</h2>
      {summary.average === null ? (
        <p>{t("reviews.none")}</p>
      ) : (
        <>
          <div className="product-reviews__summary">
            <p className="product-reviews__average">
              <span className="product-reviews__number">{summary.average}</span>{" "}
              <StarText
                rating={Math.round(Number(summary.average))}
                label={t("reviews.average", { average: summary.average })}
              />
            </p>
            <p>{t("reviews.count", { count: summary.count })}</p>
            <ul className="product-reviews__spread">
              {summary.spread.map((count, index) => {
                const stars = 5 - index;
                return (
                  <li key={stars}>
                    <span aria-hidden="true">{stars} ★</span>
                    <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
                      <rect className="product-reviews__track" width="100" height="8" rx="4" />
                      <rect
                        className="product-reviews__bar"
                        width={Math.round((count / summary.count) * 100)}
                        height="8"
                        rx="4"
                      />
                    </svg>
                    <span aria-hidden="true">{count}</span>
                    <span className="visually-hidden">
                      {t("reviews.spreadRow", { stars, count })}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
          <ol className="product-reviews__list">
            {reviews.reviews.map((review) => (
              <li key={review.id}>
                <article className="product-review">
                  <p className="product-review__head">
                    <StarText
                      rating={review.rating}
                      label={t("reviews.rating", { rating: review.rating })}
                    />{" "}
                    <bdi className="product-review__author">
                      {review.author ?? t("reviews.verifiedBuyer")}
                    </bdi>
                  </p>
                  <p className="product-review__meta">
                    <span className="product-review__verified">{t("reviews.verified")}</span>
                    {" · "}
                    {review.when}
                    {" · "}
                    <span lang={review.lang}>{review.languageName}</span>
                  </p>
                  {review.body ? (
                    <p className="product-review__body" lang={review.lang} dir="auto">
                      {review.body}
                    </p>
                  ) : null}
                  {review.reply ? (
                    <div className="product-review__reply">
                      <p className="product-review__reply-title">{t("reviews.reply")}</p>
                      <p dir="auto">{review.reply}</p>
                    </div>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
