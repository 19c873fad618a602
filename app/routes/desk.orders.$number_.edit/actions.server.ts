import { data, redirect } from "@remix-run/node";
import { productTitle } from "~/catalog/texts";
import { type CheckoutField, checkoutFields } from "~/checkout/fields";
import { validateCheckout } from "~/checkout/schema";
import type { TimelineEvent } from "~/desk/Timeline";
import type { DeskContext } from "~/desk/context";
import { actorOf } from "~/desk/order-actions.server";
import { timelineEvents } from "~/desk/order-events.server";
import { flashOutcome } from "~/desk/outcome.server";
import { phoneOrderWindow } from "~/desk/phone-order.server";
import { formRevision } from "~/desk/revision.server";
import type { GuardedSession } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { correctOrder, orderChangesSince, orderRevision } from "~/orders/edit.server";
import { parseLineQuantity } from "~/orders/fields";
import { formatOrderNumber } from "~/orders/order-number";
import { findOrder } from "~/orders/read.server";
import { compareDates, parseShortDate } from "~/platform/calendar";

type Problem =
  | { kind: "field"; message: string; fields: CheckoutField[] }
  | { kind: "empty" | "notEditable" }
  | { kind: "quantity"; key: string }
  | { kind: "stock"; title: string; left: number }
  | { kind: "stale"; events: TimelineEvent[] };

/**
 * The dates a correction may choose: the storefront's window, stretched to the date the
 * order already has (an order booked for a day now past keeps it until someone moves it).
 */
export function windowFor(shop: DeskContext, stored: string) {
  const window = phoneOrderWindow(shop);
  const date = parseShortDate(stored);
  if (!date) return window;
  return {
    min: compareDates(date, window.min) < 0 ? date : window.min,
    max: compareDates(date, window.max) > 0 ? date : window.max,
  };
}

/**
 * A correction: refused with what was typed kept (a field, an empty order, the last jars
 * gone, or a change made since the page was read, shown as the timeline shows it), or
 * saved and back to the order by GET.
 */
export async function saveCorrection(
  shop: DeskContext,
  session: GuardedSession,
  request: Request,
  number: number | null,
  form: URLSearchParams,
) {
  const found = number === null ? null : await findOrder(shop.db, number);
  if (!found || number === null) throw new Response("No such order.", { status: 404 });
  const language = await getLocale(request);
  const typed = Object.fromEntries(form);
  const revision = formRevision(form);
  const refuse = (problem: Problem, next = revision) =>
    data({ problem, values: typed, revision: next }, problem.kind === "stale" ? 409 : 400);
  const values = Object.fromEntries(
    checkoutFields.map((field) => [field, form.get(field) ?? ""]),
  ) as Record<CheckoutField, string>;
  const checked = validateCheckout(values, windowFor(shop, found.order.delivery_time));
  if (!checked.ok)
    return refuse({
      kind: "field",
      message: shop.t(language, "checkout")(checked.message),
      fields: checked.fields,
    });
  const quantities = new Map<string, number>();
  for (const [name, value] of form) {
    const key = /^qty:(\w+\/[\w-]+)$/.exec(name)?.[1];
    if (!key) continue;
    // A quantity that is not a number refuses the correction: read as none, it dropped the line.
    const qty = parseLineQuantity(value);
    if (qty === null) return refuse({ kind: "quantity", key });
    quantities.set(key, qty);
  }
  const result = await correctOrder(
    shop.db,
    {
      orderNumber: number,
      actor: actorOf(session),
      values: checked.values,
      quantities,
      revision,
      delivery: { zones: shop.content().settings.zones, zone: form.get("area") || null },
    },
    shop.clock(),
    shop.telegram,
  );
  if (result.outcome === "notFound") throw new Response("No such order.", { status: 404 });
  if (result.outcome === "empty" || result.outcome === "notEditable")
    return refuse({ kind: result.outcome });
  if (result.outcome === "stale") {
    const t = shop.t(language, "desk");
    const since = await orderChangesSince(shop.db, number, revision ?? 0);
    const { catalog, settings } = shop.content();
    const events = timelineEvents(since, t, language, catalog, settings.zones);
    return refuse({ kind: "stale", events }, await orderRevision(shop.db, number));
  }
  if (result.outcome === "stock") {
    const product = shop.content().catalog.products.find((one) => one.key === result.key);
    return refuse({
      kind: "stock",
      title: product ? productTitle(product, language) : result.key,
      left: result.left,
    });
  }
  if (result.outcome === "saved") shop.kickOutbox();
  const shown = formatOrderNumber(number);
  return redirect(`/desk/orders/${shown}`, {
    status: 303,
    headers: {
      "Set-Cookie": await flashOutcome(shop.flash, request, {
        kind: result.outcome === "saved" ? "corrected" : "uncorrected",
        count: 1,
        kept: [],
      }),
    },
  });
}
