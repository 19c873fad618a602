import { useTranslation } from "react-i18next";
import { AVATAR_SIZE, reviews } from "~/catalog/reviews";
import { Stars } from "./Stars";

/** Customer reviews; without JavaScript a horizontal scroll-snap list of all of them. */
export function Reviews() {
  const { t } = useTranslation("home");
  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-title">
      <div className="section-heading">
        <h2 id="reviews-title">{t("reviews.title")}</h2>
        <p>{t("reviews.subtitle")}</p>
      </div>
      <ul className="reviews__list">
        {reviews.map((review) => {
          const name = t(`reviews.items.${review.id}.name`);
          return (
            <li key={review.id} className="review">
              <figure>
                <blockquote className="review__text">
                  <p>{t(`reviews.items.${review.id}.text`)}</p>
                </blockquote>
                <figcaption className="review__author">
                  <img
                    className="review__avatar"
                    src={review.avatar}
                    width={AVATAR_SIZE}
                    height={AVATAR_SIZE}
                    alt={t("reviews.photo", { name })}
                    loading="lazy"
                    decoding="async"
                  />
                  <span>
                    <span className="review__name">{name}</span>
                    <span className="review__role">{t(`reviews.items.${review.id}.role`)}</span>
                    <Stars
                      rating={review.rating}
                      label={t("reviews.rating", { rating: review.rating })}
                    />
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
