import { deliveryPassed } from "~/delivery/overdue";
import { messengerLinks } from "~/desk/contact";
import type { DeskContext } from "~/desk/context";
import { timelineEvents } from "~/desk/order-events.server";
import { messageInWords } from "~/desk/order-messages.server";
import { getDeskOrder } from "~/desk/orders.server";
import { takeOutcome } from "~/desk/outcome.server";
import type { GuardedSession } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { deliveryView, linePrice, orderAmounts } from "~/orders/amounts";
import { undoRightOf } from "~/orders/change-status.server";
import { isEditable } from "~/orders/edit.server";
import { tagsOf } from "~/orders/labels";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle, orderLanguage } from "~/orders/order-words";
import { promotionsOf } from "~/orders/read.server";
import { callBeforeShipping } from "~/orders/standing";
import { nextStatuses } from "~/orders/status";
import { formatShopDateTime } from "~/platform/calendar";
import { shopperChatOf } from "~/shopper/shopper-messages.server";
import { pageTitle } from "~/ui/meta";

/**
 * An order as its desk page shows it, in the reader's language: its fields, items,
 * timeline, the shopper's chat, the phone's history, and what may be done now. Reading it
 * records the access (D35). Null when there is no such order.
 */
export async function readOrderView(
  shop: DeskContext,
  session: GuardedSession,
  request: Request,
  number: number | null,
) {
  const found =
    number === null ? null : await getDeskOrder(shop.db, number, shop.config.phoneHashKey);
  if (!found) return null;
  const { order, items, events, history } = found;
  const now = shop.clock();
  await session.access.record("order", [order.order_number]);
  const { outcome, setCookie } = await takeOutcome(shop.flash, request);
  const latest = events.filter((event) => event.kind === "status").at(-1);
  const right =
    latest && latest.to_status === order.status
      ? undoRightOf(
          latest,
          { staffId: session.staff.id, owner: session.staff.role === "owner" },
          now,
        )
      : "none";
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const when = (iso: string) => formatShopDateTime(Date.parse(iso), language);
  const shown = formatOrderNumber(order.order_number);
  const view = {
    meta: {
      title: pageTitle(t, t("order.number", { number: shown }), { brand: false }),
      noindex: true,
    },
    number: shown,
    status: order.status,
    next: nextStatuses(order.status),
    outcome,
    undo:
      latest?.from_status && right !== "none"
        ? { eventId: latest.id, from: latest.from_status, withNote: right === "withNote" }
        : null,
    name: order.name,
    takenBy: order.taken_by,
    editable: isEditable(order.status),
    pinned: order.pinned_note ?? "",
    tags: tagsOf(order.tags).join(" "),
    calls: order.calls,
    owner: session.staff.role === "owner",
    placedAt: when(order.created_at),
    depersonalised: order.depersonalised_at ? when(order.depersonalised_at) : null,
    address: order.address,
    phone: order.phone,
    messenger: order.messenger,
    email: order.email,
    deliveryDate: order.delivery_time,
    overdue: deliveryPassed(order, shop.today()),
    courier:
      order.courier_id === null
        ? null
        : ((await shop.db
            .selectFrom("couriers")
            .select(["name", "phone"])
            .where("id", "=", order.courier_id)
            .executeTakeFirst()) ?? null),
    notHome: order.not_home,
    source: order.source,
    language: orderLanguage(order.language),
    total: order.total,
    delivery: deliveryView(order, shop.content().settings.zones, language),
    amounts: orderAmounts(order),
    promotions: (await promotionsOf(shop.db, [order.id])).get(order.id) ?? [],
    items: items.map((item) => ({
      key: item.item_key,
      title: itemTitle(item, shop.content().catalog, language),
      qty: item.qty,
      subtotal: item.subtotal,
      ...linePrice(item),
    })),
    links: messengerLinks(order.phone, order.messenger),
    events: timelineEvents(
      events,
      t,
      language,
      shop.content().catalog,
      shop.content().settings.zones,
    ),
    hold: callBeforeShipping(order.status, history.refused, shop.telegram.holdAfterRefusals),
    shopperChat: await shopperChatOf(shop.db, order.id).then((chat) => {
      const messages = chat.messages.map((message) => messageInWords(message, t, when, now));
      return {
        since: chat.since === null ? null : when(chat.since),
        messages,
        // Each failure once: the same refusal of the same number for several messages is one call.
        notDelivered: [
          ...new Set(messages.flatMap((message) => (message.notice ? [message.notice] : []))),
        ],
      };
    }),
    history: {
      refused: history.refused,
      delivered: history.delivered,
      others: history.orders
        .filter((other) => other.order_number !== order.order_number)
        .map((other) => ({
          number: formatOrderNumber(other.order_number),
          status: other.status,
          placedAt: when(other.created_at),
          total: other.total,
        })),
    },
  };
  return { view, setCookie };
}

export type OrderView = NonNullable<Awaited<ReturnType<typeof readOrderView>>>["view"];
