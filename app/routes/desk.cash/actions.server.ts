import { data } from "@remix-run/node";
import {
  type ReportInput,
  closeDay,
  parseDay,
  receiveCash,
  reportParcel,
} from "~/couriers/cash.server";
import { isCourierOutcome, isRefuseReason, parseCash } from "~/couriers/model";
import type { DeskContext } from "~/desk/context";
import { actorOf } from "~/desk/order-actions.server";
import type { GuardedSession } from "~/desk/session.server";
import { NOTE_MAX } from "~/orders/note";
import { parseIsoDate, toIsoDate } from "~/platform/calendar";
import { redirectWithToast } from "~/ui/toast.server";

type Problem = "reason" | "date" | "amount" | "closed" | "open" | "received" | "note" | "changed";

/**
 * What a press on the cash page does: a parcel's outcome, the cash received, or the day
 * closed, each through its one service; a refusal names where it happened (`at`) and keeps
 * what was typed.
 */
export async function actOnCash(
  shop: DeskContext,
  session: GuardedSession,
  request: Request,
  form: URLSearchParams,
) {
  const day = parseDay(form.get("day"));
  if (!day) throw new Response("No such day.", { status: 404 });
  const owner = session.staff.role === "owner";
  const note = (form.get("note") ?? "").slice(0, NOTE_MAX);
  const actor = actorOf(session);
  const now = shop.clock();
  const intent = form.get("intent");
  const courierId = Number(form.get("courier"));
  const fail = (problem: Problem, at: string) =>
    data(
      { problem, at, intent, note, amount: form.get("amount") ?? "" },
      { status: problem === "closed" || problem === "changed" ? 409 : 400 },
    );
  let message = "cash.saved";
  // The card the press was made on: the page comes back to it, with scripts or without.
  let at = `courier-${courierId}`;
  if (intent === "report") {
    const handoffId = Number(form.get("parcel"));
    const outcome = form.get("outcome");
    at = `parcel-${handoffId}`;
    if (!isCourierOutcome(outcome)) return fail("changed", at);
    let report: ReportInput;
    if (outcome === "refused") {
      const reason = form.get("reason");
      if (!isRefuseReason(reason) || (reason === "other" && !note.trim()))
        return fail("reason", at);
      report = { outcome, reason, note: reason === "other" ? note : null };
    } else if (outcome === "not_home") {
      const next = parseIsoDate(form.get("nextDay") ?? "");
      const today = parseIsoDate(day);
      if (!next || !today || toIsoDate(next) <= day) return fail("date", at);
      report = { outcome, nextDay: next };
    } else report = { outcome };
    const result = await reportParcel(
      shop.db,
      { handoffId, report, actor, owner, note: note || null },
      now,
      shop.telegram,
    );
    if (result === "notFound") throw new Response("No such parcel.", { status: 404 });
    if (result === "closed") return fail("closed", at);
    if (result === "changed") return fail("changed", at);
    shop.kickOutbox();
    message = `cash.reported.${outcome}`;
  } else if (intent === "receive") {
    const amount = parseCash(form.get("amount") ?? "");
    if (amount === null) return fail("amount", at);
    const result = await receiveCash(
      shop.db,
      { courierId, day, received: amount, actor, owner, note },
      now,
    );
    if (result === "notFound") throw new Response("No such courier's day.", { status: 404 });
    if (result === "closed") return fail("closed", at);
    message = "cash.receivedSaved";
  } else if (intent === "close") {
    const result = await closeDay(shop.db, { courierId, day, actor, note }, now);
    if (result === "notFound") throw new Response("No such courier's day.", { status: 404 });
    if (result === "open" || result === "received" || result === "note") return fail(result, at);
    message = "cash.closedSaved";
  } else {
    throw new Response("Unknown action.", { status: 400 });
  }
  // Back to the same view: on a busy day, the courier whose parcels were listed.
  const listed = new URL(request.url).searchParams.get("courier");
  const back = `/desk/cash?day=${day}${listed && /^\d{1,9}$/.test(listed) ? `&courier=${listed}` : ""}#${at}`;
  return redirectWithToast(shop.flash, request, back, { kind: "desk", message });
}
