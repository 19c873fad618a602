import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productKey } from "~/catalog/model";
import { readForm } from "~/platform/http.server";
import {
  REVIEW_AUTHOR_MAX,
  REVIEW_TEXT_MAX,
  type ReviewFormError,
  readReviewForm,
} from "~/reviews/model";
import { reviewAsk, submitReview } from "~/reviews/reviews.server";
import { shop } from "~/shop.server";
import { orderPageOf } from "~/shopper/order-page.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

const STARS = [5, 4, 3, 2, 1] as const;

/** The product of the order this page reviews, while its ask is open; 404 otherwise. */
async function reviewTarget(request: Request, params: LoaderFunctionArgs["params"]) {
  const { page, language } = await orderPageOf(shop, request, params.token);
  const ask =
    page &&
    (await reviewAsk(
      shop.db,
      { id: page.id, status: page.status },
      shop.clock(),
      shop.config.desk.reviewAfterDays,
      shop.content().catalog,
      language,
    ));
  const key = productKey(params.group ?? "", params.slug ?? "");
  const item = ask?.items.find((candidate) => candidate.key === key);
  if (!page || !item) throw new Response("Not Found", { status: 404 });
  return { language, page, item };
}

/**
 * A buyer's review of one product of a delivered order (D34), through the order's private
 * link: stars, words, a name to show and the consent to publish. A plain form; it waits
 * for an owner before anyone sees it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { language, page, item } = await reviewTarget(request, params);
  const t = shop.t(language, "checkout");
  return {
    meta: {
      title: pageTitle(t, t("reviews.formTitle", { title: item.title }), { brand: false }),
      noindex: true,
    },
    token: page.token,
    number: page.number,
    title: item.title,
    reviewed: item.reviewed,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const { language, page, item } = await reviewTarget(request, params);
  const form = await readForm(request);
  const read = readReviewForm(form);
  if (!read.ok)
    return data({ problem: "invalid" as const, errors: read.errors, typed: read.typed }, 400);
  const outcome = await submitReview(
    shop.db,
    {
      token: page.token,
      itemKey: item.key,
      review: read.review,
      language,
      afterDays: shop.config.desk.reviewAfterDays,
    },
    shop.clock(),
  );
  if (outcome === "notFound") throw new Response("Not Found", { status: 404 });
  if (outcome !== "saved")
    return data(
      { problem: outcome, errors: [] as ReviewFormError[], typed: undefined },
      outcome === "duplicate" ? 409 : 410,
    );
  return redirectWithToast(shop.flash, request, `/o/${page.token}#review`, {
    kind: "checkout",
    message: "reviews.thanks",
  });
}

export default function ReviewForm() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("checkout");
  const alert = useFocusOnAnswer<HTMLDivElement>(answer);
  const errors = new Set(answer?.errors ?? []);
  const typed = answer?.typed;
  const closed = page.reviewed || answer?.problem === "duplicate" || answer?.problem === "closed";
  const describedBy = (field: ReviewFormError, hint?: string) =>
    [hint, errors.has(field) ? `review-${field}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <section className="page page--narrow order-page review-form">
      <h1>{t("reviews.formTitle", { title: page.title })}</h1>
      <p>{t("track.orderTitle", { number: page.number })}</p>
      {answer?.problem === "invalid" ? (
        <div ref={alert} role="alert" tabIndex={-1} className="form-alert">
          {t("reviews.errors.summary")}
        </div>
      ) : null}
      {closed ? (
        <div ref={alert} role="alert" tabIndex={-1} className="notice">
          {answer?.problem === "closed" ? t("reviews.closed") : t("reviews.duplicate")}
        </div>
      ) : (
        <Form method="post" className="review-form__form">
          <fieldset
            className="review-form__stars"
            aria-describedby={describedBy("rating")}
            aria-invalid={errors.has("rating") || undefined}
          >
            <legend>
              {t("reviews.rating")} <span className="required">*</span>
            </legend>
            {errors.has("rating") ? (
              <p id="review-rating-error" className="field__error">
                {t("reviews.errors.rating")}
              </p>
            ) : null}
            {STARS.map((stars) => (
              <label key={stars} className="review-form__star">
                <input
                  type="radio"
                  name="rating"
                  value={stars}
                  required
                  defaultChecked={typed?.rating === String(stars)}
                />{" "}
                <span aria-hidden="true">{"★".repeat(stars)}</span> {t(`reviews.stars.${stars}`)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="review-body">{t("reviews.body")}</label>
            <p id="review-body-hint" className="field__hint">
              {t("reviews.bodyHint", { max: REVIEW_TEXT_MAX })}
            </p>
            <textarea
              id="review-body"
              name="body"
              rows={6}
              maxLength={REVIEW_TEXT_MAX}
              dir="auto"
              defaultValue={typed?.body ?? ""}
              aria-invalid={errors.has("body") || undefined}
              aria-describedby={describedBy("body", "review-body-hint")}
            />
            {errors.has("body") ? (
              <p id="review-body-error" className="field__error">
                {t("reviews.errors.body", { max: REVIEW_TEXT_MAX })}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="review-author">{t("reviews.author")}</label>
            <p id="review-author-hint" className="field__hint">
              {t("reviews.authorHint")}
            </p>
            <input
              id="review-author"
              name="author"
              maxLength={REVIEW_AUTHOR_MAX}
              autoComplete="given-name"
              dir="auto"
              defaultValue={typed?.author ?? ""}
              aria-invalid={errors.has("author") || undefined}
              aria-describedby={describedBy("author", "review-author-hint")}
            />
            {errors.has("author") ? (
              <p id="review-author-error" className="field__error">
                {t("reviews.errors.author", { max: REVIEW_AUTHOR_MAX })}
              </p>
            ) : null}
          </div>
          <div className="review-form__consent">
            <input
              id="review-consent"
              type="checkbox"
              name="consent"
              value="yes"
              required
              aria-invalid={errors.has("consent") || undefined}
              aria-describedby={describedBy("consent")}
            />
            <label htmlFor="review-consent">{t("reviews.consent")}</label>
            {errors.has("consent") ? (
              <p id="review-consent-error" className="field__error">
                {t("reviews.errors.consent")}
              </p>
            ) : null}
          </div>
          <p className="field__hint">{t("reviews.moderated")}</p>
          <button type="submit" className="button button--large">
            {t("reviews.send")}
          </button>
        </Form>
      )}
      <p>
        <Link to={`/o/${page.token}`}>{t("reviews.back")}</Link>
      </p>
    </section>
  );
}
