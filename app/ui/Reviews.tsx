import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HomeReview } from "~/reviews/view";
import { Stars } from "./Stars";
import {
  clampPage,
  dragThreshold,
  pageAfterDrag,
  pageCount,
  reviewsPerPage,
} from "./carousel/paging";
import { Chevron } from "./icons";
import { useHydrated } from "./use-hydrated";

export const AVATAR_SIZE = 160;

/**
 * One card of the home page's reviews: a buyer's published review ("Verified purchase",
 * the product named, no photo) or one of the shop's testimonials (a drawn avatar, never
 * "verified").
 */

/** Reviews per page follow the viewport: 3 at 1280 px or wider, 2 at 900 px, else 1. */
function usePerPage(enabled: boolean): number {
  const [perPage, setPerPage] = useState(1);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setPerPage(reviewsPerPage(window.innerWidth));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [enabled]);
  return perPage;
}

/**
 * Customer reviews (spec §4). Without JavaScript a horizontal scroll-snap list of all
 * eight. With it, a paged carousel: buttons, dots, arrow keys when focused, and pointer
 * dragging past 18 % of the viewport; right-to-left turns arrows and drags round.
 */
export function Reviews({ reviews }: { reviews: readonly HomeReview[] }) {
  const { t } = useTranslation("home");
  const hydrated = useHydrated();
  const perPage = usePerPage(hydrated);
  const pages = pageCount(reviews.length, perPage);
  const [page, setPage] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const drag = useRef<{ x: number; id: number } | null>(null);

  const current = clampPage(page, pages);
  const go = (next: number) => setPage(clampPage(next, pages));

  // The position is a CSS custom property, so no style attribute is ever rendered.
  useEffect(() => {
    list.current?.style.setProperty("--page", String(current));
    list.current?.style.setProperty("--per-page", String(perPage));
  }, [current, perPage]);

  const rtl = () => document.documentElement.dir === "rtl";

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.target !== event.currentTarget) return;
    if (event.key === "ArrowRight") go(current + (rtl() ? -1 : 1));
    else if (event.key === "ArrowLeft") go(current + (rtl() ? 1 : -1));
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, id: event.pointerId };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    if (!drag.current || drag.current.id !== event.pointerId) return;
    const dx = event.clientX - drag.current.x;
    if (Math.abs(dx) > 4 && !event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    list.current?.style.setProperty("--drag", `${dx}px`);
  }

  function onPointerEnd(event: PointerEvent<HTMLElement>) {
    if (!drag.current || drag.current.id !== event.pointerId) return;
    const dx = event.clientX - drag.current.x;
    drag.current = null;
    list.current?.style.setProperty("--drag", "0px");
    go(pageAfterDrag(current, pages, dx, dragThreshold(window.innerWidth), rtl()));
  }

  const firstShown = current * perPage;
  const items = reviews.map((review, index) => {
    const { name } = review;
    const offPage = hydrated && (index < firstShown || index >= firstShown + perPage);
    return (
      <li key={review.key} className="review" aria-hidden={offPage ? true : undefined}>
        <figure>
          <blockquote className="review__text" lang={review.lang ?? undefined} dir="auto">
            <p>{review.text}</p>
          </blockquote>
          <figcaption className="review__author">
            {review.avatar ? (
              <img
                className="review__avatar"
                src={review.avatar}
                width={AVATAR_SIZE}
                height={AVATAR_SIZE}
                alt={t("reviews.photo", { name })}
                loading="lazy"
                decoding="async"
                draggable={false}
              />
            ) : (
              <span className="review__initial" aria-hidden="true">
                {[...name][0]}
              </span>
            )}
            <span>
              <bdi className="review__name">{name}</bdi>
              {review.verified ? (
                <span className="review__verified">{t("reviews.verified")}</span>
              ) : null}
              {review.role ? <bdi className="review__role">{review.role}</bdi> : null}
              <Stars
                rating={review.rating}
                label={t("reviews.rating", { rating: review.rating })}
              />
            </span>
          </figcaption>
        </figure>
      </li>
    );
  });

  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-title">
      <div className="section-heading">
        <h2 id="reviews-title">{t("reviews.title")}</h2>
        <p>{t("reviews.subtitle")}</p>
      </div>
      {hydrated ? (
        <div className="reviews__carousel">
          <div
            className="reviews__viewport"
            // biome-ignore lint/a11y/useSemanticElements: a group, not a landmark or a fieldset: the section around it is the reviews region.
            role="group"
            aria-roledescription="carousel"
            aria-label={t("reviews.title")}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes arrow keys when focused.
            tabIndex={0}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            data-page={current}
            data-per-page={perPage}
          >
            <ul className="reviews__list reviews__list--paged" ref={list}>
              {items}
            </ul>
          </div>
          <div className="reviews__controls">
            <button
              type="button"
              className="icon-button"
              aria-label={t("reviews.previous")}
              onClick={() => go(current - 1)}
              disabled={current === 0}
            >
              <Chevron direction="start" />
            </button>
            <ol className="reviews__dots">
              {Array.from({ length: pages }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: pages are positional.
                <li key={index}>
                  <button
                    type="button"
                    className="reviews__dot"
                    aria-label={t("reviews.page", { number: index + 1, total: pages })}
                    aria-current={index === current ? "true" : undefined}
                    onClick={() => go(index)}
                  />
                </li>
              ))}
            </ol>
            <button
              type="button"
              className="icon-button"
              aria-label={t("reviews.next")}
              onClick={() => go(current + 1)}
              disabled={current === pages - 1}
            >
              <Chevron direction="end" />
            </button>
          </div>
        </div>
      ) : (
        <ul className="reviews__list">{items}</ul>
      )}
    </section>
  );
}
