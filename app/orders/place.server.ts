import { randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { type Origin, PHONE_SOURCE } from "~/analytics/origin";
import type { Cart } from "~/catalog/lines";
import { type ShortLine, readOrderLines, takeStock } from "~/catalog/stock.server";
import { titleAmong } from "~/catalog/texts";
import { deliveryFee, missingForMinimum } from "~/delivery/fee";
import { type DeliveryWeek, type DeliveryZone, zoneName } from "~/delivery/zones";
import { type TelegramSettings, enqueueOrderNotifications } from "~/orders/outbox.server";
import { phoneKey } from "~/phone/phone-key.server";
import { type CalendarDate, parseShortDate, toIsoDate } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Promotion } from "~/promotions/model";
import { type CodeProblem, type Pricing, findCode, pricePromotions } from "~/promotions/pricing";
import { codeUsage, recordPromotions } from "~/promotions/uses.server";
import { queueDeskNotices, queueShopperNotices } from "~/shopper/notices.server";
import { newTrackToken } from "~/shopper/tracking";
import { isUniqueViolation } from "../../db/connection";
import { groupTransaction } from "../../db/group-commit";
import type { Database, Order, OrderItem } from "../../db/schema";
import { refuseIfBlocked } from "./blocked.server";
import type { OrderFields } from "./fields";

/** Order numbers are six digits, shown padded (spec §9); random, so they reveal no sales. */
const ORDER_NUMBER_MIN = 100_000;
const ORDER_NUMBER_MAX = 999_999;
const ORDER_NUMBER_ATTEMPTS = 50;

export { formatOrderNumber } from "./order-number";

export interface PlaceOrderInput {
  values: OrderFields;
  cart: Cart;
  language: string;
  /** The one-time token of the form (D9). */
  token: string;
  /** The language the owner reads in the chats: the product's title is stored in it. */
  titleLanguage: string;
  /** The staff member who took it on the phone; absent when the shopper placed it. */
  takenBy?: string | null;
  /** Where the shopper's visit came from (its first utm tags or referring site), if known. */
  origin?: Origin | null;
  /**
   * Where it goes (D84): the zone, whose fee is charged unless the goods reach its `Free
   * from`, and the shop's minimum order. Absent: no zone, no fee, no minimum.
   */
  delivery?: {
    zone: Pick<DeliveryZone, "id" | "names" | "fee" | "freeFrom">;
    minimum: DeliveryWeek["minimum"];
    /** Whether the shopper chose among several zones. */
    choice: boolean;
  };
  /**
   * The promotions running (D86) and the code the shopper typed: lines are priced by the
   * one rule, the code checked against its uses in this transaction. Absent: none.
   */
  promotions?: { list: readonly Promotion[]; code: string | null; today: CalendarDate };
}

export interface PlacedOrder {
  order: Order;
  items: OrderItem[];
  /** False when the token had already placed this order: nothing new was written. */
  created: boolean;
}

export type PlaceOrderResult =
  | { ok: true; placed: PlacedOrder }
  | { ok: false; error: "emptyCart" }
  /** The goods come to less than the shop's minimum order, short by `missing` tetri. */
  | { ok: false; error: "belowMinimum"; missing: number }
  /** The code typed does not apply (D86): nothing was stored. */
  | { ok: false; error: "promo"; problem: CodeProblem; minGoods?: number }
  /** Not enough left of these (another order took them first): nothing was stored. */
  | { ok: false; error: "soldOut"; short: ShortLine[] }
  /** The owner blocked this number: only the attempt was stored, counted on the block. */
  | { ok: false; error: "blocked" };

/** Thrown inside the transaction to roll it back when the stock was taken meanwhile. */
class StockTaken extends Error {}

export interface PlaceOrderOptions {
  /** The instant the order is placed (the shop's clock), stored as its creation time. */
  now: number;
  /** Who is told in the chat (D13); the outbox rows are written with the order. */
  telegram?: TelegramSettings;
  /** PHONE_HASH_KEY: the order is stored with its phone's keyed hash (D35). */
  phoneHashKey: string;
  /**
   * Refuses a number the owner blocked, counting the attempt on the block: the storefront's
   * checkout. An order staff take on the phone is theirs to judge, as before.
   */
  refuseBlocked?: boolean;
  randomOrderNumber?(): number;
}

/** The checked DD.MM.YY date as the ISO date the desk sorts and filters by. */
export function isoDeliveryDate(shortDate: string): string | null {
  const date = parseShortDate(shortDate);
  return date ? toIsoDate(date) : null;
}

/** Transactions tried when a unique index refuses one (another process was quicker). */
const PLACE_ATTEMPTS = 5;

/**
 * Saves an order (D5, D9): the cart is priced from the catalogue as stored now, its
 * counted stock taken, and the order, its items and its chat notifications (the outbox,
 * D13) are written in one transaction, so an order is stored whole or not at all. Not
 * enough left of a product refuses the order and stores nothing. A token that already placed an order
 * returns that order: this is the one idempotency check. When another process takes the
 * same order number, or places the same form, at the same moment, the unique indexes
 * refuse the second insert and the whole transaction runs again: a fresh number, or the
 * order the other process placed. On SQLite, orders placed at the same moment share one
 * commit (group commit, issue 40), each in a savepoint of its own: what one does wrong
 * undoes it alone, and none is answered before the commit holding it.
 */
export async function placeOrder(
  db: Kysely<Database>,
  input: PlaceOrderInput,
  options: PlaceOrderOptions,
): Promise<PlaceOrderResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOrderOnce(db, input, options);
    } catch (error) {
      if (error instanceof StockTaken) {
        // Read again, outside the rolled-back transaction, to say what is left now.
        const now = await readOrderLines(db, input.cart, languagesOf(input));
        return { ok: false, error: "soldOut", short: now.ok ? [] : now.short };
      }
      if (!isRetryable(error) || attempt >= PLACE_ATTEMPTS) throw error;
    }
  }
}

async function placeOrderOnce(
  db: Kysely<Database>,
  input: PlaceOrderInput,
  options: PlaceOrderOptions,
): Promise<PlaceOrderResult> {
  const nextNumber =
    options.randomOrderNumber ?? (() => randomInt(ORDER_NUMBER_MIN, ORDER_NUMBER_MAX + 1));

  return groupTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom("orders")
      .selectAll()
      .where("submission_token", "=", input.token)
      .executeTakeFirst();
    if (existing) {
      const items = await trx
        .selectFrom("order_items")
        .selectAll()
        .where("order_id", "=", existing.id)
        .execute();
      return { ok: true, placed: { order: existing, items, created: false } };
    }
    // In the order's own transaction: one trip to the database fewer for every order.
    if (options.refuseBlocked && (await refuseIfBlocked(trx, input.values.phone, options.now)))
      return { ok: false, error: "blocked" };

    const priced = await readOrderLines(trx, input.cart, languagesOf(input));
    if (!priced.ok) return { ok: false, error: "soldOut", short: priced.short };
    if (priced.lines.length === 0) return { ok: false, error: "emptyCart" };
    const phone_key = phoneKey(input.values.phone, options.phoneHashKey);
    const pricing = await priceOrder(trx, priced.lines, input.promotions, phone_key);
    if (pricing.problem)
      return {
        ok: false,
        error: "promo",
        problem: pricing.problem.problem,
        minGoods: pricing.problem.minGoods,
      };
    // The minimum, Free from and the fee read what the goods cost the shopper (D84, D86).
    const due = pricing.due;
    const delivery = input.delivery;
    const missing = delivery ? missingForMinimum(delivery, due) : 0;
    if (missing > 0) return { ok: false, error: "belowMinimum", missing };
    if (!(await takeStock(trx, priced.lines))) throw new StockTaken();
    const fee = delivery ? deliveryFee(delivery.zone, due) : 0;

    const orderNumber = await freeOrderNumber(trx, nextNumber);
    const order = await trx
      .insertInto("orders")
      .values({
        order_number: orderNumber,
        address: input.values.address,
        phone: input.values.phone,
        phone_key,
        name: input.values.name,
        messenger: input.values.messenger,
        email: input.values.email,
        delivery_time: input.values.deliveryTime,
        delivery_date: isoDeliveryDate(input.values.deliveryTime),
        total: due + fee,
        promo_code: pricing.code?.promotion.code ?? null,
        discount: pricing.code?.discount ?? 0,
        delivery_zone: delivery?.zone.id ?? null,
        // Named only where it means something (a choice, a fee): a shop with its one free
        // zone writes its orders as it always did.
        delivery_area:
          delivery && (delivery.choice || delivery.zone.fee > 0)
            ? zoneName(delivery.zone, input.language)
            : null,
        delivery_fee: fee,
        positions: priced.lines.length,
        language: input.language,
        submission_token: input.token,
        taken_by: input.takenBy ?? null,
        track_token: newTrackToken(),
        // The Telegram deep link's payload: as random, and a different secret.
        chat_token: newTrackToken(),
        // An order taken on the phone came by phone, whatever the staff's browser visited.
        ...(input.takenBy
          ? { source: PHONE_SOURCE, medium: null, campaign: null }
          : {
              source: input.origin?.source ?? null,
              medium: input.origin?.medium ?? null,
              campaign: input.origin?.campaign ?? null,
            }),
        created_at: isoAt(options.now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!order.id || !order.order_number)
      throw new Error("The order was saved without an id or number.");

    const items = await trx
      .insertInto("order_items")
      .values(
        priced.lines.map((line, index) => {
          const charged = pricing.lines[index];
          return {
            order_id: order.id,
            item_key: line.key,
            title: titleAmong(line.titles, input.titleLanguage) ?? line.key,
            qty: line.qty,
            price: charged?.price ?? line.price,
            subtotal: charged?.subtotal ?? line.subtotal,
            regular_price: charged?.automatic ? line.price : null,
          };
        }),
      )
      .returningAll()
      .execute();

    const promotions = await recordPromotions(
      trx,
      { id: order.id, phoneKey: phone_key },
      pricing,
      options.now,
    );
    if (options.telegram) {
      // What it just wrote is not read again (issue 40).
      await enqueueOrderNotifications(trx, options.telegram, order, options.now, {
        items,
        promotions,
      });
      const { messaging } = options.telegram;
      await queueShopperNotices(trx, "received", order, messaging, {
        topic: `received:${order.id}`,
        now: options.now,
      });
      await queueDeskNotices(trx, order, messaging, options.now);
    }
    return { ok: true, placed: { order, items, created: true } };
  });
}

/** The lines priced with the promotions, the code's uses read in this transaction (D86). */
async function priceOrder(
  trx: Kysely<Database>,
  lines: readonly { key: string; qty: number; price: number }[],
  promotions: PlaceOrderInput["promotions"],
  phone: string | null,
): Promise<Pricing> {
  // With no promotions the day is never read.
  if (!promotions) return pricePromotions(lines, [], null, { year: 1970, month: 1, day: 1 });
  const code = promotions.code ? findCode(promotions.list, promotions.code) : null;
  const usage = code ? await codeUsage(trx, code.id, phone) : undefined;
  return pricePromotions(lines, promotions.list, promotions.code, promotions.today, usage);
}

function languagesOf(input: PlaceOrderInput) {
  return { shopper: input.language, chat: input.titleLanguage };
}

/**
 * Another process was quicker: it took the same order number or placed the same form
 * (a unique index refused), or, on SQLite, wrote between this transaction's first read
 * and its first write (the snapshot it read is stale). The whole transaction runs again.
 */
function isRetryable(error: unknown): boolean {
  if (isUniqueViolation(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY_SNAPSHOT" || code === "SQLITE_BUSY" || code === "40001";
}

async function freeOrderNumber(trx: Transaction<Database>, next: () => number): Promise<number> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const candidate = next();
    const taken = await trx
      .selectFrom("orders")
      .select("id")
      .where("order_number", "=", candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error("No free order number found.");
}
