import {
  DRAG_THRESHOLD_FALLBACK_PX,
  DRAG_THRESHOLD_RATIO,
  REVIEWS_PER_PAGE,
  SLIDE_INTERVAL_AFTER_DOT_MS,
  SLIDE_INTERVAL_MS,
} from "~/constants";

/** Reviews shown at once for a viewport width (spec §4). */
export function reviewsPerPage(viewportWidth: number): number {
  return REVIEWS_PER_PAGE.find((rule) => viewportWidth >= rule.minWidth)?.perPage ?? 1;
}

export function pageCount(items: number, perPage: number): number {
  return Math.max(1, Math.ceil(items / Math.max(1, perPage)));
}

/** How far a drag must go to turn the page: 18 % of the viewport, or 120 px without one. */
export function dragThreshold(viewportWidth: number | undefined): number {
  return viewportWidth && Number.isFinite(viewportWidth) && viewportWidth > 0
    ? viewportWidth * DRAG_THRESHOLD_RATIO
    : DRAG_THRESHOLD_FALLBACK_PX;
}

/**
 * The page a drag ends on. `dx` is the pointer's horizontal travel in screen pixels;
 * in right-to-left layouts the pages run the other way, so the sign flips.
 */
export function pageAfterDrag(
  page: number,
  pages: number,
  dx: number,
  threshold: number,
  rtl: boolean,
): number {
  if (Math.abs(dx) <= threshold) return page;
  const forward = rtl ? dx > 0 : dx < 0;
  return clampPage(page + (forward ? 1 : -1), pages);
}

export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(0, page), pages - 1);
}

/** Next index, wrapping around. */
export function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/** What moved the slideshow last decides the wait until it moves on by itself (spec §4). */
export type SlideTrigger = "start" | "arrow" | "dot" | "auto";

export function slideInterval(trigger: SlideTrigger): number {
  return trigger === "dot" ? SLIDE_INTERVAL_AFTER_DOT_MS : SLIDE_INTERVAL_MS;
}
