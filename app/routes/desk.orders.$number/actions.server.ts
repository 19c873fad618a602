import { data, redirect } from "@remix-run/node";
import type { DeskContext } from "~/desk/context";
import { actorOf, noAnswer } from "~/desk/order-actions.server";
import type { GuardedSession } from "~/desk/session.server";
import {
  addOrderNote,
  changeOrderStatus,
  saveOrderLabels,
  undoStatusChange,
} from "~/orders/change-status.server";
import { PINNED_MAX, parseTags } from "~/orders/labels";
import { NOTE_MAX } from "~/orders/note";
import { formatOrderNumber } from "~/orders/order-number";
import { asksTwice, isOrderStatus } from "~/orders/status";

export type ActionProblem =
  | "refused"
  | "emptyNote"
  | "unknown"
  | "undo"
  | "undoNote"
  | "undoStock"
  | "undoClosedDay";
/**
 * The page's forms: a status move (with an optional note), a call nobody answered, the
 * undo of the latest change, and a private note.
 */
export type Intent = "move" | "call" | "undo" | "note" | "labels";

function intentOf(value: string | null): Intent {
  return value === "note" || value === "call" || value === "undo" || value === "labels"
    ? value
    : "move";
}

/**
 * What a press on the order's page does: each intent through its one service; a refusal
 * answers with the typed note kept, a success goes back to the page by GET (303).
 */
export async function actOnOrder(
  shop: DeskContext,
  session: GuardedSession,
  number: number,
  form: URLSearchParams,
) {
  const actor = { name: session.staff.name, staffId: session.staff.id };
  // No answer sits among the moves: its button names itself.
  const intent = form.has("call") ? "call" : intentOf(form.get("intent"));
  // A refusal gives back what was typed: without JavaScript the page is drawn anew, and
  // the note must be in its field again for nothing to be lost.
  const typed = (form.get("note") ?? "").slice(0, NOTE_MAX);
  const problem = (kind: ActionProblem, status = 400) =>
    data({ problem: kind, intent, note: typed }, { status });

  if (intent === "note") {
    const added = await addOrderNote(
      shop.db,
      { orderNumber: number, actor, note: form.get("note") ?? "" },
      shop.clock(),
    );
    if (!added) return problem("emptyNote");
  } else if (intent === "labels") {
    const saved = await saveOrderLabels(
      shop.db,
      {
        orderNumber: number,
        actor,
        pinned: (form.get("pinned") ?? "").slice(0, PINNED_MAX),
        tags: parseTags((form.get("tags") ?? "").slice(0, 200)),
      },
      shop.clock(),
      shop.telegram,
    );
    if (!saved) throw new Response("No such order.", { status: 404 });
    shop.kickOutbox();
  } else if (intent === "call") {
    await noAnswer(shop, session, number);
  } else if (intent === "undo") {
    const undone = await undoStatusChange(
      shop.db,
      {
        orderNumber: number,
        eventId: Number(form.get("event")),
        actor: actorOf(session),
        owner: session.staff.role === "owner",
        note: form.get("note"),
      },
      shop.clock(),
      shop.telegram,
    );
    if (undone.outcome === "notFound") throw new Response("No such order.", { status: 404 });
    if (undone.outcome === "needsNote") return problem("undoNote");
    if (undone.outcome === "stock") return problem("undoStock", 409);
    if (undone.outcome === "closedDay") return problem("undoClosedDay", 409);
    if (undone.outcome !== "undone") return problem("undo", 409);
    shop.kickOutbox();
  } else {
    const to = form.get("to");
    if (!isOrderStatus(to)) return problem("unknown");
    // Cancel and Refused are asked once more, on their own page.
    if (asksTwice(to)) {
      const shown = formatOrderNumber(number);
      const params = new URLSearchParams({ order: shown, back: `/desk/orders/${shown}` });
      return redirect(`/desk/orders/${to === "cancelled" ? "cancel" : "refuse"}?${params}`, 303);
    }
    const change = await changeOrderStatus(
      shop.db,
      { orderNumber: number, to, actor, note: form.get("note") },
      shop.clock(),
      shop.telegram,
    );
    if (change.outcome === "notFound") throw new Response("No such order.", { status: 404 });
    if (change.outcome === "refused") return problem("refused", 409);
    // Every chat's copy of the order's message shows the new status soon (D25).
    if (change.outcome === "moved") shop.kickOutbox();
  }
  // Back to the page by GET, so a reload never sends the form again.
  return redirect(`/desk/orders/${formatOrderNumber(number)}`, { status: 303 });
}
