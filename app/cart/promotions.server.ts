import type { Kysely } from "kysely";
import { fixedT } from "~/i18n/instance.server";
import type { LanguageCode } from "~/i18n/languages";
import type { CalendarDate } from "~/platform/calendar";
import type { Promotion } from "~/promotions/model";
import { findCode, pricePromotions } from "~/promotions/pricing";
import { type PromoSummary, summarize } from "~/promotions/summary";
import { codeUsage } from "~/promotions/uses.server";
import type { Database } from "../../db/schema";
import type { PricedCart } from "./priced";
import { promoProblem } from "./promo-problem.server";

/**
 * A cart priced with the promotions running and the code applied (D86), for the cart and
 * the checkout: the lines that can be ordered, by the one rule, the code's uses read so a
 * used-up code says so before the order. Once per phone waits for the phone, at the order.
 * Why a code does not apply comes in the shopper's words.
 */
export async function cartPromotions(
  db: Kysely<Database>,
  cart: PricedCart,
  promotions: readonly Promotion[],
  code: string | null,
  today: CalendarDate,
  language: LanguageCode,
): Promise<PromoSummary> {
  const lines = cart.lines
    .filter((line) => line.product.orderable)
    .map((line) => ({ key: line.product.key, qty: line.qty, price: line.product.price }));
  const found = code ? findCode(promotions, code) : null;
  const usage = found && found.useLimit !== null ? await codeUsage(db, found.id, null) : undefined;
  const summary = summarize(pricePromotions(lines, promotions, code, today, usage), code);
  // Its words come with it, so the page ships no code to say them.
  if (summary.problem)
    summary.problem.text = promoProblem(fixedT(language, "checkout"), summary.problem, language);
  return summary;
}
