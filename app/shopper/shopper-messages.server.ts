import escapeHtml from "escape-html";
import { type Kysely, type Transaction, sql } from "kysely";
import { fixedT } from "~/i18n/instance.server";
import type { ChatSettings } from "~/orders/message.server";
import type { Messaging } from "~/orders/messaging";
import { formatOrderNumber } from "~/orders/order-number";
import { promotionsOf } from "~/orders/read.server";
import { shopToday, startOfShopDay, toIsoDate } from "~/platform/calendar";
import { type Clock, isoAt } from "~/platform/clock";
import { type Job, createJob } from "~/platform/job.server";
import { REVIEW_AFTER_DAYS, reviewWindow } from "~/reviews/model";
import type { Database, Order } from "../../db/schema";
import { followingChats } from "./following.server";
import { queueShopperNotices } from "./notices.server";
import {
  type OrderForShopper,
  type ShopperTranslate,
  morningText,
  orderLanguage,
  shopperKeyboard,
  statusText,
} from "./shopper-chat";

type Db = Kysely<Database> | Transaction<Database>;

/** The morning message goes out on the delivery date from this hour in Tbilisi. */
export const MORNING_HOUR = 9;
export const MORNING_POLL_MS = 60_000;

/** The order's texts for its shopper: the `checkout` dictionary in the order's language. */
export function shopperT(order: Pick<Order, "language">): ShopperTranslate {
  return fixedT(orderLanguage(order), "checkout") as unknown as ShopperTranslate;
}

/**
 * What the desk shows of the shopper's messages (issue 24, D87): since when a chat follows
 * the order in Telegram (null for none), and every message the shop queued for the
 * shopper by Telegram, SMS or e-mail, with where it went and how its sending stands.
 */
export async function shopperChatOf(db: Kysely<Database>, orderId: number) {
  const [chats, messages] = await Promise.all([
    db
      .selectFrom("shopper_chats")
      .select("linked_at")
      .where("order_id", "=", orderId)
      .orderBy("linked_at")
      .limit(1)
      .execute(),
    db
      .selectFrom("notifications")
      .select([
        "id",
        "channel",
        "chat_id",
        "created_at",
        "sent_at",
        "next_attempt_at",
        "status",
        "attempts",
        "last_error",
        "subject",
        "text",
      ])
      .where("order_id", "=", orderId)
      // The order's own message in the staff chats has no topic; the shopper's each have one.
      .where("topic", "is not", null)
      // The owners' notice of a new order is theirs, and a checkout's code is a secret.
      .where("topic", "not like", "desk-new:%")
      .where("topic", "not like", "code:%")
      .orderBy("id")
      .execute(),
  ]);
  return { since: chats[0]?.linked_at ?? null, messages };
}

/** The outbox's topic of the message a status event sends the shopper: once per event. */
export const statusTopic = (eventId: number) => `status:${eventId}`;

/**
 * Queues, in the status change's own transaction, the message that tells each chat
 * following the order where it stands now (and, back to new after an undo, its buttons).
 * Named by the event, one row per event and chat: the outbox sends it once, with its
 * retries, however often anything runs. Chats in `except` are left out.
 */
export async function queueStatusMessage(
  trx: Transaction<Database>,
  order: OrderForShopper & Pick<Order, "id">,
  eventId: number,
  now: number,
  except: ReadonlySet<string> = new Set(),
): Promise<void> {
  const chats = (await followingChats(trx, order.id)).filter((chat) => !except.has(chat));
  if (chats.length === 0) return;
  const t = shopperT(order);
  const keyboard = shopperKeyboard(order.order_number, order.status, t);
  const promotions = (await promotionsOf(trx, [order.id])).get(order.id) ?? [];
  const at = isoAt(now);
  await trx
    .insertInto("notifications")
    .values(
      chats.map((chatId) => ({
        order_id: order.id,
        topic: statusTopic(eventId),
        chat_id: chatId,
        text: statusText({ ...order, promotions }, t),
        reply_markup: keyboard ? JSON.stringify(keyboard) : null,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(["topic", "chat_id"]).doNothing())
    .execute();
}

/**
 * An undone change's message that has not gone out yet is taken back, so a slip the staff
 * mended at once never reaches the shopper. Returns the chats it was taken back from:
 * they need no word about the undo either. A message already sent (or being sent) stays,
 * and the undo's own message follows it.
 */
export async function withdrawStatusMessage(
  trx: Transaction<Database>,
  eventId: number,
  now: number,
): Promise<Set<string>> {
  const at = isoAt(now);
  const withdrawn = await trx
    .deleteFrom("notifications")
    .where("topic", "=", statusTopic(eventId))
    .where("status", "=", "pending")
    .where("message_id", "is", null)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
    .returning("chat_id")
    .execute();
  return new Set(withdrawn.map((row) => row.chat_id));
}

/** The outbox's topic of the review ask in Telegram: once per order and chat. */
export const reviewAskTopic = (orderId: number) => `review:${orderId}`;

/**
 * Queues the ask for a review of a delivered order (issue 25) for the chats following it
 * (or just `chats`): due `REVIEW_AFTER_DAYS` after delivery, which the outbox waits for,
 * or at once for a chat that starts following later while the ask is open. In the
 * order's language, with the link to its page where the form is. Once per order and chat.
 */
export async function queueReviewAsk(
  trx: Transaction<Database>,
  order: Pick<Order, "id" | "order_number" | "language" | "track_token">,
  deliveredAt: number,
  now: number,
  chat: Pick<ChatSettings, "publicUrl" | "reviewAfterDays">,
  chats?: readonly string[],
): Promise<void> {
  const window = reviewWindow(deliveredAt, chat.reviewAfterDays ?? REVIEW_AFTER_DAYS);
  if (!window || now >= window.until || !order.track_token) return;
  const to = chats ?? (await followingChats(trx, order.id));
  if (to.length === 0) return;
  const t = shopperT(order);
  const text = [
    escapeHtml(t("bot.review", { number: formatOrderNumber(order.order_number) })),
    ...(chat.publicUrl ? [escapeHtml(`${chat.publicUrl}/o/${order.track_token}#review`)] : []),
  ].join("\n");
  await trx
    .insertInto("notifications")
    .values(
      to.map((chatId) => ({
        order_id: order.id,
        topic: reviewAskTopic(order.id),
        chat_id: chatId,
        text,
        reply_markup: null,
        next_attempt_at: isoAt(Math.max(now, window.from)),
        created_at: isoAt(now),
      })),
    )
    .onConflict((conflict) => conflict.columns(["topic", "chat_id"]).doNothing())
    .execute();
}

/** A delivery undone: its review ask, not sent yet, is taken back. */
export async function withdrawReviewAsk(trx: Transaction<Database>, orderId: number) {
  await trx
    .deleteFrom("notifications")
    .where("topic", "=", reviewAskTopic(orderId))
    .where("status", "=", "pending")
    .where("message_id", "is", null)
    .execute();
}

/** The outbox's topic of an order's delivery-day message: once per order, day and destination. */
export const morningTopic = (orderId: number, day: string) => `morning:${orderId}:${day}`;

/** `morningTopic` of the order a query reads (`orders.id`), in SQL. */
const morningTopicOfOrders = (day: string) =>
  sql<string>`'morning:' || cast(${sql.ref("orders.id")} as text) || ${`:${day}`}`;

/** The delivery date whose morning messages are due at `now`: today from 09:00 in Tbilisi. */
export function dueMorning(now: number): string | null {
  const today = shopToday(now);
  return now >= startOfShopDay(today) + MORNING_HOUR * 60 * 60 * 1000 ? toIsoDate(today) : null;
}

/**
 * On the delivery date from 09:00 in Tbilisi, each chat following an order that is
 * confirmed or on its way for that day is told the parcel comes today and the cash to
 * have ready. Named by order and day (`morning:{order id}:{date}`): one message per
 * chat, however many processes look; a parcel moved to another day (nobody home) gets
 * that day's. Returns how many it queued.
 */
export async function queueMorningMessages(db: Kysely<Database>, now: number): Promise<number> {
  const day = dueMorning(now);
  if (!day) return 0;
  const due = await db
    .selectFrom("orders")
    .innerJoin("shopper_chats", "shopper_chats.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.order_number",
      "orders.status",
      "orders.total",
      "orders.discount",
      "orders.delivery_fee",
      "orders.delivery_area",
      "orders.delivery_zone",
      "orders.delivery_date",
      "orders.delivery_time",
      "orders.language",
      "shopper_chats.chat_id",
    ])
    .where("orders.delivery_date", "=", day)
    .where("orders.status", "in", ["confirmed", "shipped"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notifications")
            .select(sql`1`.as("one"))
            .whereRef("notifications.chat_id", "=", "shopper_chats.chat_id")
            .where("notifications.topic", "=", morningTopicOfOrders(day)),
        ),
      ),
    )
    .execute();
  if (due.length === 0) return 0;
  const promotions = await promotionsOf(
    db,
    due.map((row) => row.id),
  );
  const at = isoAt(now);
  const queued = await db
    .insertInto("notifications")
    .values(
      due.map((row) => ({
        order_id: row.id,
        topic: morningTopic(row.id, day),
        chat_id: row.chat_id,
        text: morningText({ ...row, promotions: promotions.get(row.id) ?? [] }, shopperT(row)),
        reply_markup: null,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(["topic", "chat_id"]).doNothing())
    .executeTakeFirst();
  return Number(queued.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The delivery day's SMS and e-mail (D87), from 09:00 in Tbilisi: for each order confirmed
 * or on its way for today that has not had them, with the courier's name once the parcel
 * is handed over. Same topic as Telegram's (`morning:{order id}:{date}`), so each
 * destination gets one. Returns how many orders it looked at.
 */
export async function queueMorningNotices(
  db: Kysely<Database>,
  now: number,
  messaging: Messaging | undefined,
): Promise<number> {
  const day = dueMorning(now);
  if (!day || !messaging || (!messaging.sms && !messaging.email)) return 0;
  const due = await db
    .selectFrom("orders")
    .leftJoin("couriers", "couriers.id", "orders.courier_id")
    .selectAll("orders")
    .select("couriers.name as courier_name")
    .where("orders.delivery_date", "=", day)
    .where("orders.status", "in", ["confirmed", "shipped"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notifications")
            .select(sql`1`.as("one"))
            .whereRef("notifications.order_id", "=", "orders.id")
            .where("notifications.channel", "!=", "telegram")
            .where("notifications.topic", "=", morningTopicOfOrders(day)),
        ),
      ),
    )
    .execute();
  for (const order of due)
    await db.transaction().execute((trx) =>
      queueShopperNotices(trx, "morning", order, messaging, {
        topic: morningTopic(order.id, day),
        now,
        courier: order.status === "shipped" ? order.courier_name : null,
      }),
    );
  return due.length;
}

/** Looks every minute whether a delivery day's morning messages are due; never throws. */
export function createMorningJob(options: {
  db: Kysely<Database>;
  now: Clock;
  messaging?: Messaging;
  onQueued?: () => void;
  log?: Pick<Console, "info" | "error">;
  pollMs?: number;
}): Job {
  const { db, now, log = console } = options;
  return createJob({
    name: "The delivery day's morning messages",
    everyMs: options.pollMs ?? MORNING_POLL_MS,
    log,
    async run() {
      const at = now();
      const queued = await queueMorningMessages(db, at);
      const looked = await queueMorningNotices(db, at, options.messaging);
      if (looked > 0) options.onQueued?.();
      if (queued > 0) {
        log.info(`${queued} delivery-day message(s) queued for shoppers.`);
        options.onQueued?.();
      }
      return undefined;
    },
  });
}
