import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, redirect, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findProduct } from "~/catalog/model";
import { getLocale } from "~/i18n/i18next.server";
import { type LanguageCode, getLanguage, isLanguageCode } from "~/i18n/languages";
import { formatOrderNumber } from "~/orders/order-number";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { REVIEW_REPLY_MAX, isRejectReason, rejectReasons } from "~/reviews/model";
import { decideReview, listReviews, reviewCounts } from "~/reviews/reviews.server";
import {
  addTestimonial,
  listTestimonials,
  removeTestimonial,
  setTestimonialHidden,
} from "~/reviews/testimonials.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { createToast, flashToast } from "~/ui/toast.server";
import type { ReviewStatus } from "../../db/schema";

const TABS = ["pending", "published", "rejected"] as const;
const isTab = (value: unknown): value is ReviewStatus =>
  (TABS as readonly unknown[]).includes(value);

/** Reviews waiting for an owner, published and rejected (D34), and the testimonials. */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab = isTab(tabParam) ? tabParam : "pending";
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const locale = getLanguage(language).htmlLang;
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
      product: findProduct(catalog, review.item_key)?.texts[language]?.title ?? review.item_key,
      rating: review.rating,
      body: review.body,
      author: review.author,
      language: languageName(review.language),
      lang: isLanguageCode(review.language) ? getLanguage(review.language).htmlLang : undefined,
      at: formatShopDateTime(Date.parse(review.created_at), locale),
      order: formatOrderNumber(review.order_number),
      reason: review.reason,
      reply: review.reply ?? "",
      decided:
        review.decided_at && review.decided_by
          ? { by: review.decided_by, at: formatShopDateTime(Date.parse(review.decided_at), locale) }
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

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  const intent = form.get("intent");
  const idText = form.get("id") ?? "";
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const actor = { staffId: staff.id, name: staff.name };
  const now = shop.clock();
  const back = new URL(request.url).searchParams.get("tab");
  const to = `/desk/reviews${isTab(back) ? `?tab=${back}` : ""}`;
  const done = async (message: string, where = to) =>
    redirect(where, {
      status: 303,
      headers: {
        "Set-Cookie": await flashToast(request, createToast({ kind: "desk", message })),
      },
    });

  if (intent === "newTestimonial") {
    const created = await addTestimonial(shop.db, actor, now);
    return done("reviews.testimonials.added", `/desk/reviews/testimonials/${created}`);
  }
  if (id === null) throw new Response("Unknown review.", { status: 400 });
  if (intent === "publish" || intent === "reject" || intent === "reply") {
    const reason = form.get("reason");
    if (intent === "reject" && !isRejectReason(reason)) return done("reviews.problem.reason");
    const decided = await decideReview(
      shop.db,
      {
        id,
        actor,
        decision:
          intent === "publish"
            ? { kind: "publish" }
            : intent === "reject" && isRejectReason(reason)
              ? { kind: "reject", reason }
              : { kind: "reply", reply: (form.get("reply") ?? "").slice(0, REVIEW_REPLY_MAX + 1) },
      },
      now,
    );
    if (decided === "notFound") throw new Response("No such review.", { status: 404 });
    await shop.refreshContent();
    return done(decided === "same" ? "reviews.same" : `reviews.done.${intent}`);
  }
  if (intent === "hide" || intent === "show" || intent === "remove") {
    const found =
      intent === "remove"
        ? await removeTestimonial(shop.db, id, actor, now)
        : await setTestimonialHidden(shop.db, id, intent === "hide", actor, now);
    if (!found) throw new Response("No such testimonial.", { status: 404 });
    await shop.refreshContent();
    return done(`reviews.testimonials.done.${intent}`);
  }
  throw new Response("Unknown action.", { status: 400 });
}

export default function DeskReviews() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const action = `/desk/reviews?tab=${page.tab}`;
  return (
    <section className="desk-page">
      <h1>{t("reviews.title")}</h1>
      <p>{t("reviews.intro")}</p>
      <nav aria-label={t("reviews.tabs")} className="desk-tabs">
        <ul>
          {TABS.map((tab) => (
            <li key={tab}>
              <Link
                to={`/desk/reviews?tab=${tab}`}
                className="desk-tabs__tab"
                aria-current={tab === page.tab ? "page" : undefined}
              >
                {t(`reviews.tab.${tab}`)}{" "}
                <span className="desk-tabs__count">{page.counts[tab]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {page.reviews.length === 0 ? (
        <p className="desk-empty">{t(`reviews.none.${page.tab}`)}</p>
      ) : (
        <ul className="desk-cards">
          {page.reviews.map((review) => (
            <li key={review.id} className="desk-card">
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
                  {page.tab !== "published" ? (
                    <Form method="post" action={action}>
                      <input type="hidden" name="id" value={review.id} />
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
                  {page.tab !== "rejected" ? (
                    <Form method="post" action={action} className="desk-inline-form">
                      <input type="hidden" name="id" value={review.id} />
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
          ))}
        </ul>
      )}

      <h2 id="testimonials-title">{t("reviews.testimonials.title")}</h2>
      <p>{t("reviews.testimonials.intro")}</p>
      <Form method="post" action={action}>
        <button type="submit" name="intent" value="newTestimonial" className="desk-button">
          {t("reviews.testimonials.new")}
        </button>
      </Form>
      <ul className="desk-cards" aria-labelledby="testimonials-title">
        {page.testimonials.map((testimonial) => (
          <li key={testimonial.id} className="desk-card">
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
                <button
                  type="submit"
                  name="intent"
                  value={testimonial.hidden ? "show" : "hide"}
                  className="desk-button"
                >
                  {t(
                    testimonial.hidden ? "reviews.testimonials.show" : "reviews.testimonials.hide",
                  )}
                </button>
              </Form>
              <details className="desk-confirm">
                <summary className="desk-button">{t("reviews.testimonials.remove")}</summary>
                <Form method="post" action={action}>
                  <input type="hidden" name="id" value={testimonial.id} />
                  <p>{t("reviews.testimonials.removeQuestion")}</p>
                  <button type="submit" name="intent" value="remove" className="desk-button">
                    {t("reviews.testimonials.removeYes")}
                  </button>
                </Form>
              </details>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
