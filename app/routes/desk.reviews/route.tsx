import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, redirect, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { anchorOf, neighbourOf, postedPlace } from "~/desk/place";
import { readForm } from "~/platform/http.server";
import { REVIEW_REPLY_MAX, isRejectReason } from "~/reviews/model";
import { decideReview } from "~/reviews/reviews.server";
import {
  addTestimonial,
  removeTestimonial,
  setTestimonialHidden,
} from "~/reviews/testimonials.server";
import { shop } from "~/shop.server";
import { pageMetaTags } from "~/ui/meta";
import { createToast, flashToast } from "~/ui/toast.server";
import { ReviewCard, TestimonialCard } from "./Cards";
import { TABS, isTab } from "./tabs";
import { readReviewsPage } from "./view.server";

/** Reviews waiting for an owner, published and rejected (D34), and the testimonials. */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  return readReviewsPage(shop, request);
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
  // Back to the card pressed on, or where it was when the press took it off this tab
  // (desk/place.ts): the place each form posts.
  const to = `/desk/reviews${isTab(back) ? `?tab=${back}` : ""}#${postedPlace(form.get("place"), "reviews-list")}`;
  const done = async (message: string, where = to) =>
    redirect(where, {
      status: 303,
      headers: {
        "Set-Cookie": await flashToast(shop.flash, request, createToast({ kind: "desk", message })),
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
  const reviewAnchors = page.reviews.map((review) => anchorOf("review", review.id));
  const testimonialAnchors = page.testimonials.map((one) => anchorOf("testimonial", one.id));
  return (
    <section className="desk-page">
      <h1 id="reviews-list">{t("reviews.title")}</h1>
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
          {page.reviews.map((review, index) => (
            <ReviewCard
              key={review.id}
              review={review}
              action={action}
              tab={page.tab}
              // Published or rejected, a review leaves this tab: its neighbour takes its place.
              gone={neighbourOf(reviewAnchors, index, "reviews-list")}
            />
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
        {page.testimonials.map((testimonial, index) => (
          <TestimonialCard
            key={testimonial.id}
            testimonial={testimonial}
            action={action}
            gone={neighbourOf(testimonialAnchors, index, "testimonials-title")}
          />
        ))}
      </ul>
    </section>
  );
}
