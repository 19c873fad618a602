import type { Kysely, Transaction } from "kysely";
import { fixedT } from "~/i18n/instance.server";
import type { LanguageCode } from "~/i18n/languages";
import { promotionLines, showsDelivery } from "~/orders/amounts";
import { eventNote, storedTitle } from "~/orders/event-note";
import {
  type InlineKeyboard,
  type OrderStanding,
  buildOrderMessage,
  orderKeyboard,
} from "~/orders/message";
import { formatOrderNumber } from "~/orders/order-number";
import { isoAt } from "~/platform/clock";
import { readSettings } from "~/settings/model";
import type { Database, Order, OrderItem, OrderPromotion } from "../../db/schema";
import type { Messaging } from "./messaging";
import { actorLabel } from "./order-words";
import { phoneStanding, promotionsOf } from "./read.server";

/** What the chat's messages depend on besides the order (D25, D26). */
export interface ChatSettings {
  /** Only these chats get buttons, and only their presses count. */
  deskChatIds: string[];
  holdAfterRefusals: number;
  /** The language of every text the shop writes to the chats: messages, buttons, answers. */
  language: LanguageCode;
  /** The shop's address (PUBLIC_URL): the message links to the order in the desk. */
  publicUrl?: string | null;
  /** REVIEW_AFTER_DAYS: a delivered order's following shopper is asked for a review then. */
  reviewAfterDays?: number;
  /**
   * PHONE_HASH_KEY: the message tells how the phone's orders ended, matched by the phone's
   * keyed hash (D35); and a correction stores the new phone's hash.
   */
  phoneHashKey: string;
  /** SMS and e-mail beside Telegram (D87); none in a shop that sends neither. */
  messaging?: Messaging;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the transaction that just placed an order holds of it (issue 40: the order path
 * reads nothing it wrote itself): its items and the promotions it recorded. A new order
 * has no status change yet.
 */
export interface NewOrderParts {
  items: OrderItem[];
  promotions: ReadonlyArray<Pick<OrderPromotion, "kind" | "name" | "code" | "amount">>;
}

/** The order's status, who set it last, and its phone's history (this order included). */
export async function orderStanding(
  db: Db,
  order: Pick<Order, "id" | "phone" | "status">,
  settings: Pick<ChatSettings, "holdAfterRefusals" | "language" | "phoneHashKey">,
  isNew = false,
): Promise<OrderStanding> {
  const t = fixedT(settings.language, "desk");
  const [history, last] = await Promise.all([
    phoneStanding(db, order.phone, settings.phoneHashKey),
    isNew
      ? undefined
      : db
          .selectFrom("order_events")
          .select(["actor", "at", "note", "note_key", "note_values"])
          .where("order_id", "=", order.id)
          .where("kind", "=", "status")
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst(),
  ]);
  return {
    status: order.status,
    lastChange: last
      ? {
          actor: actorLabel(last.actor, t),
          at: Date.parse(last.at),
          // A status change's note names no order lines.
          note: eventNote(last, t, storedTitle),
        }
      : null,
    history,
    holdAfterRefusals: settings.holdAfterRefusals,
  };
}

export interface OrderMessage {
  text: string;
  keyboard: InlineKeyboard | null;
}

/**
 * The message every chat should show for the order now, read from the database; `placed`:
 * what the caller that just placed it holds, not read again.
 */
export async function renderOrderMessage(
  db: Db,
  order: Order,
  settings: ChatSettings,
  placed?: NewOrderParts,
): Promise<OrderMessage> {
  const [items, standing, courier, zones, promotions] = await Promise.all([
    placed
      ? [...placed.items].sort((a, b) => a.id - b.id)
      : db
          .selectFrom("order_items")
          .selectAll()
          .where("order_id", "=", order.id)
          .orderBy("id")
          .execute(),
    orderStanding(db, order, settings, placed !== undefined),
    order.courier_id === null
      ? null
      : db
          .selectFrom("couriers")
          .select(["name", "phone"])
          .where("id", "=", order.courier_id)
          .executeTakeFirst(),
    // The area named as the shop names its zone now, in the chats' language (D84).
    showsDelivery(order)
      ? db
          .selectFrom("shop_settings")
          .selectAll()
          .where("key", "=", "zones")
          .execute()
          .then((rows) => readSettings(rows).zones)
      : [],
    // What each promotion took off (D86), as the order keeps it.
    placed
      ? promotionLines(placed.promotions)
      : promotionsOf(db, [order.id]).then((byOrder) => byOrder.get(order.id) ?? []),
  ]);
  const t = fixedT(settings.language, "desk");
  return {
    text: buildOrderMessage(order, items, {
      language: settings.language,
      t,
      standing,
      courier,
      zones,
      promotions,
      deskLink: settings.publicUrl
        ? `${settings.publicUrl}/desk/orders/${formatOrderNumber(order.order_number)}`
        : undefined,
    }),
    keyboard: orderKeyboard(order.order_number, order.status, t),
  };
}

/** The keyboard a chat's copy carries: buttons only in desk chats (D25). */
export function keyboardFor(
  chatId: string,
  message: OrderMessage,
  settings: ChatSettings,
): string | null {
  return message.keyboard && settings.deskChatIds.includes(chatId)
    ? JSON.stringify(message.keyboard)
    : null;
}

/**
 * After an order changed, in the same transaction: every chat's outbox row for it gets
 * the new text and buttons and is due again, so the dispatcher edits the message it sent
 * (or sends it, if it never went out). Nothing is lost with a crash in between, and the
 * revision makes a send of the older text count for nothing.
 */
export async function refreshOrderMessages(
  trx: Transaction<Database>,
  order: Order,
  settings: ChatSettings,
  now: number,
): Promise<void> {
  const rows = await trx
    .selectFrom("notifications")
    .select(["id", "chat_id"])
    .where("order_id", "=", order.id)
    // The order's message in each chat; the shopper's messages (a topic each) are sent once.
    .where("topic", "is", null)
    .execute();
  if (rows.length === 0) return;
  const message = await renderOrderMessage(trx, order, settings);
  for (const row of rows) {
    await trx
      .updateTable("notifications")
      .set((eb) => ({
        text: message.text,
        reply_markup: keyboardFor(row.chat_id, message, settings),
        revision: eb("revision", "+", 1),
        status: "pending",
        attempts: 0,
        last_error: null,
        next_attempt_at: isoAt(now),
      }))
      .where("id", "=", row.id)
      .execute();
  }
}
