import { data, redirect } from "@remix-run/node";
import { NOTE_MAX } from "~/orders/note";
import { formatOrderNumber } from "~/orders/order-number";
import { cancelReasons, cancellationNote } from "~/orders/status";
import { readForm, safeRedirect } from "~/platform/http.server";
import type { OrderStatus } from "../../db/schema";
import type { DeskContext } from "./context";
import { moveOrders, orderNumbersOf } from "./order-actions.server";
import { flashOutcome } from "./outcome.server";

/** The moves that end an order's road, asked once more on a page of their own. */
export type FinalMove = "cancelled" | "refused";

/** Where to go back to: a desk page the form came from, else the list. */
function backOf(value: string | null): string {
  const back = safeRedirect(value, "/desk");
  return back === "/desk" || back.startsWith("/desk?") || back.startsWith("/desk/orders/")
    ? back
    : "/desk";
}

/** The orders a final move is asked for (`?order=…&back=…`), as the page lists them. */
export async function loadFinalMove(shop: DeskContext, request: Request) {
  await shop.desk.requireStaff(request);
  const url = new URL(request.url);
  const numbers = orderNumbersOf(url.searchParams.getAll("order"));
  const orders =
    numbers.length === 0
      ? []
      : await shop.db
          .selectFrom("orders")
          .select(["order_number", "name", "phone", "total", "status"])
          .where("order_number", "in", numbers)
          .orderBy("order_number")
          .execute();
  if (orders.length === 0) throw new Response("No such order.", { status: 404 });
  return {
    back: backOf(url.searchParams.get("back")),
    reasons: cancelReasons,
    orders: orders.map((order) => ({
      number: formatOrderNumber(order.order_number),
      name: order.name,
      phone: order.phone,
      total: order.total,
      status: order.status as OrderStatus,
    })),
  };
}

export type FinalMoveProblem = "reason";

/**
 * The second press: the orders move, each through the status rule. A cancellation needs
 * its reason (and, for Other, the words); without one nothing changes and the page says so.
 */
export async function actFinalMove(shop: DeskContext, request: Request, to: FinalMove) {
  const session = await shop.desk.requireStaff(request);
  const form = await readForm(request);
  const numbers = orderNumbersOf(form.getAll("order"));
  if (numbers.length === 0) throw new Response("No such order.", { status: 404 });
  const words = (form.get("note") ?? "").slice(0, NOTE_MAX);
  let systemNote: { key: string; values: Record<string, never> } | undefined;
  let note: string | null = words.trim() || null;
  if (to === "cancelled") {
    const reason = cancellationNote(form.get("reason"), words);
    if (!reason)
      return data(
        { problem: "reason" as FinalMoveProblem, reason: form.get("reason"), note: words },
        { status: 400 },
      );
    systemNote = { key: reason.key, values: {} };
    note = reason.note;
  }
  const outcome = await moveOrders(shop, session, { orderNumbers: numbers, to, note, systemNote });
  return redirect(backOf(form.get("back")), {
    status: 303,
    headers: { "Set-Cookie": await flashOutcome(shop.flash, request, outcome) },
  });
}
