import { deliveryPassed } from "~/delivery/overdue";
import { formatAge } from "~/desk/age";
import type { DeskContext } from "~/desk/context";
import { listDeskOrders } from "~/desk/orders.server";
import { takeOutcome } from "~/desk/outcome.server";
import { latestUndoableChange } from "~/desk/recent-changes.server";
import { parseDeskFilter, toFilterQuery } from "~/desk/search";
import type { GuardedSession } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage } from "~/i18n/languages";
import { deliveryView, orderAmounts } from "~/orders/amounts";
import { tagsOf } from "~/orders/labels";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle } from "~/orders/order-words";
import { callBeforeShipping } from "~/orders/standing";
import { pageTitle } from "~/ui/meta";

/** Addresses longer than this are cut in the list; the order page shows them whole. */
const SHORT_ADDRESS = 40;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The list as the desk shows it: the filter, a page of orders with their standing and
 * age, the person's latest undoable change, the day's cash. A search records the access
 * (D35).
 */
export async function readOrderList(shop: DeskContext, session: GuardedSession, request: Request) {
  const url = new URL(request.url);
  const filter = parseDeskFilter(url.searchParams);
  const now = shop.clock();
  const today = shop.today();
  const [list, recent, { outcome, setCookie }] = await Promise.all([
    listDeskOrders(shop.db, filter, now, shop.config.phoneHashKey),
    latestUndoableChange(shop.db, session.staff.id, now),
    takeOutcome(shop.flash, request),
  ]);
  // A search reads orders by a person's name, phone or address: in the access log (D35).
  if (filter.query)
    await session.access.record(
      "search",
      list.rows.map((row) => row.order.order_number),
    );
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const locale = getLanguage(language).htmlLang;
  const { holdAfterRefusals } = shop.telegram;
  const lateAfter = shop.config.desk.confirmWithinHours * HOUR_MS;
  return {
    view: {
      meta: {
        // The tab counts the orders waiting to be confirmed, as mail counts unread letters.
        title: `${list.waiting > 0 ? `(${list.waiting}) ` : ""}${pageTitle(t, t("list.title"), { brand: false })}`,
        noindex: true,
      },
      filter: { ...toFilterQuery(filter), page: Math.min(filter.page, list.pageCount) },
      selectAll: url.searchParams.get("select") === "all",
      counts: list.counts,
      total: list.total,
      pageCount: list.pageCount,
      cashToCollect: list.cashToCollect,
      cashCollected: list.cashCollected,
      lateHours: shop.config.desk.confirmWithinHours,
      outcome,
      recent: recent
        ? {
            ...recent,
            numbers: recent.numbers.map(formatOrderNumber),
            changes: recent.numbers.map(
              (number, index) => `${number}:${recent.eventIds[index] ?? 0}`,
            ),
          }
        : null,
      rows: list.rows.map(({ order, items, standing }) => {
        const waited = now - Date.parse(order.created_at);
        return {
          number: formatOrderNumber(order.order_number),
          age: formatAge(waited, locale),
          late: order.status === "new" && waited > lateAfter,
          name: order.name,
          phone: order.phone,
          tel: `tel:${order.phone.replace(/[^\d+]/g, "")}`,
          address:
            order.address.length > SHORT_ADDRESS
              ? `${order.address.slice(0, SHORT_ADDRESS - 1)}…`
              : order.address,
          deliveryDate: order.delivery_time,
          overdue: deliveryPassed(order, today),
          items: items.map((item) => ({
            key: item.item_key,
            title: itemTitle(item, shop.content().catalog, language),
            qty: item.qty,
          })),
          total: order.total,
          delivery: deliveryView(order, shop.content().settings.zones, language),
          amounts: orderAmounts(order),
          promoCode: order.promo_code,
          status: order.status,
          calls: order.calls,
          byPhone: order.taken_by !== null,
          pinned: order.pinned_note,
          tags: tagsOf(order.tags),
          standing,
          hold: callBeforeShipping(order.status, standing.refused, holdAfterRefusals),
        };
      }),
    },
    setCookie,
  };
}
