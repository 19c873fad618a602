import { isolate } from "./isolate";

const LRM = "\u200e";

/**
 * A pattern typed or read left to right whatever the language round it, as a value for
 * translated text: a date's format ("DD.MM.YY", "يي.شش.سس") or a page's path
 * ("/catalog/القسم/العنوان"). Isolated like any value, it starts with a left-to-right mark
 * (so the isolate runs left to right) and has one on each side of every dot and slash:
 * without them "يي.شش.سس" is one right-to-left run, and its day would show at the right
 * while the digits typed under it ("15.12.26") start with the day at the left. Kept apart
 * from `isolate`, which every storefront page loads: only the checkout and the desk need it.
 */
export function isolateLeftToRight(pattern: string): string {
  return isolate(LRM + pattern.replace(/[./]/g, `${LRM}$&${LRM}`));
}
