import { redirect } from "@remix-run/node";
import type { DeskContext } from "~/desk/context";
import { moveOrders, noAnswer, orderNumbersOf, undoChanges } from "~/desk/order-actions.server";
import { type DeskOutcome, flashOutcome } from "~/desk/outcome.server";
import { deskListHref, parseDeskFilter, toFilterQuery } from "~/desk/search";
import type { GuardedSession } from "~/desk/session.server";
import { asksTwice, isOrderStatus } from "~/orders/status";

/** The list's own address (its filter), without the `index` a post to it carries. */
function listAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return deskListHref(toFilterQuery(parseDeskFilter(url.searchParams)));
}

/**
 * The list's forms: an outcome of one order in the queue (`Confirmed`, `No answer`), a
 * bulk move of the selected orders, and the undo of the person's latest change. A final
 * move (Cancel, Refused) is asked once more on its own page. Back to the list by GET.
 */
export async function actOnList(
  shop: DeskContext,
  session: GuardedSession,
  request: Request,
  form: URLSearchParams,
) {
  const back = listAddress(request);
  const intent = form.get("intent");
  const numbers = orderNumbersOf(form.getAll("order"));
  let outcome: DeskOutcome;
  if (intent === "undo") {
    const changes = form.getAll("change").flatMap((value) => {
      const match = /^(\d{1,6}):(\d{1,12})$/.exec(value);
      return match ? [{ orderNumber: Number(match[1]), eventId: Number(match[2]) }] : [];
    });
    outcome = await undoChanges(shop, session, changes, null);
  } else if (intent === "call" && numbers[0] !== undefined) {
    outcome = await noAnswer(shop, session, numbers[0]);
  } else {
    const to = form.get("to");
    if (!isOrderStatus(to) || to === "new" || numbers.length === 0) {
      outcome = { kind: "moved" as const, count: 0, kept: [] };
    } else if (asksTwice(to)) {
      const params = new URLSearchParams(numbers.map((number) => ["order", String(number)]));
      params.set("back", back);
      return redirect(`/desk/orders/${to === "cancelled" ? "cancel" : "refuse"}?${params}`, 303);
    } else {
      outcome = await moveOrders(shop, session, { orderNumbers: numbers, to });
    }
  }
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": await flashOutcome(shop.flash, request, outcome) },
  });
}
