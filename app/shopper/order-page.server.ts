import type { Kysely } from "kysely";
import type { Catalog } from "~/catalog/model";
import type { DeliveryZone } from "~/delivery/zones";
import { getLocale } from "~/i18n/i18next.server";
import type { LanguageCode } from "~/i18n/languages";
import {
  type DeliveryView,
  type OrderAmounts,
  type PromotionLine,
  deliveryView,
  linePrice,
  orderAmounts,
} from "~/orders/amounts";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle } from "~/orders/order-words";
import { promotionsOf } from "~/orders/read.server";
import { FINAL_STATUSES } from "~/orders/status";
import type { Clock } from "~/platform/clock";
import type { Database, OrderStatus } from "../../db/schema";
import { TRACK_DETAILS_DAYS, isTrackToken, maskedAddress, maskedPhone } from "./tracking";

export type Step = "placed" | "confirmed" | "shipped" | "delivered" | "refused" | "cancelled";

export interface OrderPage {
  /** The order's row id, for the server's own look-ups (never shown). */
  id: number;
  token: string;
  number: string;
  language: string;
  status: OrderStatus;
  /** True once thirty days have passed since a final status: the page shows only that. */
  closed: boolean;
  placedAt: number;
  /** The steps the order went through, with when (instants), in order. */
  steps: Array<{ step: Step; at: number | null; done: boolean }>;
  deliveryDate: string;
  /** Each line at its charged unit price, with the regular one where an automatic price differs. */
  items: Array<{
    key: string;
    title: string;
    qty: number;
    subtotal: number;
    price: number;
    regular: number | null;
  }>;
  /** The goods, the code's discount, the fee and the cash (D86). */
  amounts: OrderAmounts;
  /** Each promotion that took part, with what it took off. */
  promotions: PromotionLine[];
  total: number;
  /** The goods, the area and its fee, when the order has a delivery line (D84). */
  delivery: DeliveryView | null;
  address: string;
  phone: string;
  /** The shopper may still cancel it (new or confirmed). */
  cancellable: boolean;
  /** The Telegram deep link's payload while the order is not final; null after. */
  chatToken: string | null;
}

/**
 * The private page's order for a request to one of its pages (the page, its cancel, its
 * review), in the request's language, with that language: the page is null for a token
 * that is no order's.
 */
export async function orderPageOf(
  shop: {
    db: Kysely<Database>;
    clock: Clock;
    content(): { catalog: Catalog; settings: { zones: DeliveryZone[] } };
  },
  request: Request,
  token: string | undefined,
): Promise<{ page: OrderPage | null; language: LanguageCode }> {
  const language = await getLocale(request);
  const { catalog, settings } = shop.content();
  const page = await readOrderPage(shop.db, token, shop.clock(), catalog, language, settings.zones);
  return { page, language };
}

/**
 * An order as its private page shows it (D33): null for a token that is no order's. The
 * timeline replays the status events (an undone change is dropped), so it tells what
 * happened, not what was pressed.
 */
export async function readOrderPage(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
  catalog: Catalog,
  language: LanguageCode,
  zones: ReadonlyArray<Pick<DeliveryZone, "id" | "names">> = [],
): Promise<OrderPage | null> {
  if (!isTrackToken(token)) return null;
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("track_token", "=", token)
    .executeTakeFirst();
  if (!order) return null;
  const [events, items] = await Promise.all([
    db
      .selectFrom("order_events")
      .select(["at", "from_status", "to_status", "undoes"])
      .where("order_id", "=", order.id)
      .where("kind", "=", "status")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
  ]);
  const reached = new Map<OrderStatus, number>();
  for (const event of events) {
    if (!event.to_status) continue;
    if (event.undoes !== null && event.from_status) reached.delete(event.from_status);
    else reached.set(event.to_status, Date.parse(event.at));
  }
  const status = order.status;
  const road: Step[] =
    status === "cancelled"
      ? ["placed", ...(reached.has("confirmed") ? (["confirmed"] as const) : []), "cancelled"]
      : ["placed", "confirmed", "shipped", status === "refused" ? "refused" : "delivered"];
  // How far along the road it is: every step up to there is done (all of a cancelled one's).
  const along = {
    new: 0,
    confirmed: 1,
    shipped: 2,
    delivered: 3,
    refused: 3,
    cancelled: road.length - 1,
  }[status];
  const finalAt = FINAL_STATUSES.includes(status) ? (reached.get(status) ?? null) : null;
  const closed = finalAt !== null && now - finalAt > TRACK_DETAILS_DAYS * 24 * 60 * 60 * 1000;
  return {
    id: order.id,
    token,
    number: formatOrderNumber(order.order_number),
    language: order.language,
    status,
    closed,
    placedAt: Date.parse(order.created_at),
    steps: road.map((step, index) => ({
      step,
      at:
        step === "placed"
          ? Date.parse(order.created_at)
          : (reached.get(step as OrderStatus) ?? null),
      done: index <= along,
    })),
    deliveryDate: order.delivery_time,
    items: items.map((item) => ({
      key: item.item_key,
      title: itemTitle(item, catalog, language),
      qty: item.qty,
      subtotal: item.subtotal,
      ...linePrice(item),
    })),
    amounts: orderAmounts(order),
    promotions: (await promotionsOf(db, [order.id])).get(order.id) ?? [],
    total: order.total,
    delivery: deliveryView(order, zones, language),
    address: maskedAddress(order.address),
    phone: maskedPhone(order.phone),
    cancellable: status === "new" || status === "confirmed",
    chatToken: FINAL_STATUSES.includes(status) ? null : order.chat_token,
  };
}
