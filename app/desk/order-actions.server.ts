import {
  type Actor,
  changeOrderStatuses,
  recordNoAnswer,
  undoStatusChange,
} from "~/orders/change-status.server";
import type { SystemNote } from "~/orders/event-note";
import { formatOrderNumber } from "~/orders/order-number";
import type { OrderStatus } from "../../db/schema";
import type { DeskSession } from "./auth.server";
import type { DeskContext } from "./context";
import type { DeskOutcome } from "./outcome.server";

/** The most orders one bulk action moves (a page of the list, with room). */
export const BULK_LIMIT = 100;

/** Order numbers from a form's fields: six digits or fewer each; anything else is dropped. */
export function orderNumbersOf(values: readonly string[]): number[] {
  const numbers = values.filter((value) => /^\d{1,6}$/.test(value)).map(Number);
  return [...new Set(numbers)].filter((number) => number > 0).slice(0, BULK_LIMIT);
}

export function actorOf(session: DeskSession): Actor & { staffId: number } {
  return { name: session.staff.name, staffId: session.staff.id };
}

/**
 * Moves the orders, each through the status rule; what moved is counted, what could not
 * is named with the status that kept it. Every chat's message follows (D25).
 */
export async function moveOrders(
  shop: DeskContext,
  session: DeskSession,
  input: { orderNumbers: number[]; to: OrderStatus; note?: string | null; systemNote?: SystemNote },
): Promise<DeskOutcome> {
  const results = await changeOrderStatuses(
    shop.db,
    { ...input, actor: actorOf(session) },
    shop.clock(),
    shop.telegram,
  );
  shop.kickOutbox();
  const kept = results.flatMap(({ orderNumber, change }) =>
    change.outcome === "refused" || change.outcome === "notFound"
      ? [
          {
            number: formatOrderNumber(orderNumber),
            status: change.outcome === "refused" ? change.order.status : null,
          },
        ]
      : [],
  );
  return { kind: "moved", to: input.to, count: results.length - kept.length, kept };
}

/** Records a call nobody answered. */
export async function noAnswer(
  shop: DeskContext,
  session: DeskSession,
  orderNumber: number,
): Promise<DeskOutcome> {
  const result = await recordNoAnswer(
    shop.db,
    { orderNumber, actor: actorOf(session) },
    shop.clock(),
    shop.telegram,
  );
  if (result === "recorded") shop.kickOutbox();
  return result === "recorded" || result === "same"
    ? { kind: "called", count: 1, kept: [] }
    : { kind: "moved", count: 0, kept: [{ number: formatOrderNumber(orderNumber), status: null }] };
}

/** Undoes status changes (each its order's latest); what could not be undone is named. */
export async function undoChanges(
  shop: DeskContext,
  session: DeskSession,
  changes: Array<{ orderNumber: number; eventId: number }>,
  note: string | null,
): Promise<DeskOutcome> {
  let count = 0;
  const kept: DeskOutcome["kept"] = [];
  for (const change of changes) {
    const result = await undoStatusChange(
      shop.db,
      { ...change, actor: actorOf(session), owner: session.staff.role === "owner", note },
      shop.clock(),
      shop.telegram,
    );
    if (result.outcome === "undone") count += 1;
    else kept.push({ number: formatOrderNumber(change.orderNumber), status: null });
  }
  if (count > 0) shop.kickOutbox();
  return { kind: count > 0 ? "undone" : "notUndone", count, kept };
}
