import { isolate } from "~/i18n/isolate";
import { formatPrice } from "~/i18n/money";
import type { PromoSummary } from "~/promotions/summary";

/**
 * Why a code does not apply (D86), in the shopper's words: the minimum named with it, or
 * the minutes to wait. Written by the server; the pages show it as it comes.
 */
export function promoProblem(
  t: (key: string, options?: Record<string, unknown>) => string,
  problem: NonNullable<PromoSummary["problem"]>,
  language: string,
): string {
  return t(`checkout:promo.${problem.problem}`, {
    minimum: isolate(formatPrice(problem.minGoods ?? 0, language)),
    count: problem.minutes,
  });
}
