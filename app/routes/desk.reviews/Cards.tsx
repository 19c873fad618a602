import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { anchorOf } from "~/desk/place";
import { REVIEW_REPLY_MAX, rejectReasons } from "~/reviews/model";
import type { ReviewStatus } from "../../../db/schema";
import type { ReviewsPage } from "./view.server";

/** A buyer's review with what an owner may do to it from this tab. */
export function ReviewCard({
  review,
  action,
  tab,
  gone,
}: {
  review: ReviewsPage["reviews"][number];
  action: string;
  tab: ReviewStatus;
  /** Where the page comes back to once this review has left the tab. */
  gone: string;
}) {
  const { t } = useTranslation("desk");
  const here = anchorOf("review", review.id);
  return (
    <li id={here} className="desk-card">
      <article aria-labelledby={`review-${review.id}-title`}>
        <h2 id={`review-${review.id}-title`} className="desk-card__title">
          <bdi>{review.product}</bdi>
        </h2>
        <p>
          <span role="img" aria-label={t("reviews.rating", { rating: review.rating })}>
            {"★".repeat(review.rating)}
            {"☆".repeat(5 - review.rating)}
          </span>{" "}
          <bdi>{review.author ?? t("reviews.verifiedBuyer")}</bdi>
        </p>
        <p className="desk-hint">
          {review.at} · {review.language} ·{" "}
          <Link to={`/desk/orders/${review.order}`}>
            {t("order.number", { number: review.order })}
          </Link>
        </p>
        {review.body ? (
          <p className="desk-review__body" lang={review.lang} dir="auto">
            {review.body}
          </p>
        ) : (
          <p className="desk-muted">{t("reviews.noText")}</p>
        )}
        {review.decided ? (
          <p className="desk-hint">
            {t("reviews.decided", review.decided)}
            {review.reason ? ` · ${t(`reviews.reasons.${review.reason}`)}` : ""}
          </p>
        ) : null}
        <div className="desk-review__actions">
          {tab !== "published" ? (
            <Form method="post" action={action}>
              <input type="hidden" name="id" value={review.id} />
              <input type="hidden" name="place" value={gone} />
              <button
                type="submit"
                name="intent"
                value="publish"
                className="desk-button desk-button--primary"
              >
                {t("reviews.publish")}
              </button>
            </Form>
          ) : null}
          {tab !== "rejected" ? (
            <Form method="post" action={action} className="desk-inline-form">
              <input type="hidden" name="id" value={review.id} />
              <input type="hidden" name="place" value={gone} />
              <label htmlFor={`review-${review.id}-reason`}>{t("reviews.reason")}</label>
              <select id={`review-${review.id}-reason`} name="reason" required>
                <option value="">{t("reviews.chooseReason")}</option>
                {rejectReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`reviews.reasons.${reason}`)}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="reject" className="desk-button">
                {t("reviews.reject")}
              </button>
            </Form>
          ) : null}
        </div>
        <Form method="post" action={action} className="desk-form">
          <input type="hidden" name="id" value={review.id} />
          <input type="hidden" name="place" value={here} />
          <p className="desk-field">
            <label htmlFor={`review-${review.id}-reply`}>{t("reviews.reply")}</label>
            <textarea
              id={`review-${review.id}-reply`}
              name="reply"
              rows={3}
              maxLength={REVIEW_REPLY_MAX}
              defaultValue={review.reply}
            />
          </p>
          <button type="submit" name="intent" value="reply" className="desk-button">
            {t("reviews.saveReply")}
          </button>
        </Form>
      </article>
    </li>
  );
}

/** One of the owner's testimonials: its text in each language, shown or hidden, removed. */
export function TestimonialCard({
  testimonial,
  action,
  gone,
}: {
  testimonial: ReviewsPage["testimonials"][number];
  action: string;
  /** Where the page comes back to once this testimonial is removed. */
  gone: string;
}) {
  const { t } = useTranslation("desk");
  const here = anchorOf("testimonial", testimonial.id);
  return (
    <li id={here} className="desk-card">
      <h3 className="desk-card__title">
        <bdi>{testimonial.text?.name ?? t("reviews.testimonials.untitled")}</bdi>{" "}
        {testimonial.hidden ? (
          <span className="desk-muted">({t("reviews.testimonials.hidden")})</span>
        ) : null}
      </h3>
      <p>
        <span role="img" aria-label={t("reviews.rating", { rating: testimonial.rating })}>
          {"★".repeat(testimonial.rating)}
          {"☆".repeat(5 - testimonial.rating)}
        </span>{" "}
        {t("reviews.testimonials.languages", { count: testimonial.languages })}
      </p>
      {testimonial.text ? <p dir="auto">{testimonial.text.text}</p> : null}
      <div className="desk-review__actions">
        <Link to={`/desk/reviews/testimonials/${testimonial.id}`} className="desk-button">
          {t("reviews.testimonials.edit")}
        </Link>
        <Form method="post" action={action}>
          <input type="hidden" name="id" value={testimonial.id} />
          <input type="hidden" name="place" value={here} />
          <button
            type="submit"
            name="intent"
            value={testimonial.hidden ? "show" : "hide"}
            className="desk-button"
          >
            {t(testimonial.hidden ? "reviews.testimonials.show" : "reviews.testimonials.hide")}
          </button>
        </Form>
        <details className="desk-confirm">
          <summary className="desk-button">{t("reviews.testimonials.remove")}</summary>
          <Form method="post" action={action}>
            <input type="hidden" name="id" value={testimonial.id} />
            <input type="hidden" name="place" value={gone} />
            <p>{t("reviews.testimonials.removeQuestion")}</p>
            <button type="submit" name="intent" value="remove" className="desk-button">
              {t("reviews.testimonials.removeYes")}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}
