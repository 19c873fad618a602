import type { Transaction } from "kysely";
import {
  type ChatSettings,
  type NewOrderParts,
  keyboardFor,
  renderOrderMessage,
} from "~/orders/message.server";
import { isoAt } from "~/platform/clock";
import type { Database, Order } from "../../db/schema";

export interface TelegramSettings extends ChatSettings {
  botToken: string | null;
  chatIds: string[];
}

export function notificationsEnabled(
  settings: Pick<TelegramSettings, "botToken" | "chatIds">,
): boolean {
  return settings.botToken !== null && settings.chatIds.length > 0;
}

/**
 * Writes one outbox row per chat, in the order's own transaction (D13): an order is
 * never saved without its notifications, and a notification never exists for an order
 * that was not saved. Desk chats' rows carry the order's buttons (D25). Without a bot
 * token nothing is written.
 */
export async function enqueueOrderNotifications(
  trx: Transaction<Database>,
  settings: TelegramSettings,
  order: Order,
  now: number,
  placed?: NewOrderParts,
): Promise<void> {
  if (!notificationsEnabled(settings)) return;
  const message = await renderOrderMessage(trx, order, settings, placed);
  // Due at once by the shop's clock, the same clock the dispatcher compares with.
  const at = isoAt(now);
  await trx
    .insertInto("notifications")
    .values(
      settings.chatIds.map((chatId) => ({
        order_id: order.id,
        chat_id: chatId,
        text: message.text,
        reply_markup: keyboardFor(chatId, message, settings),
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}

export interface QueuedMessage {
  orderId: number | null;
  /** Names the message: one row per topic and destination, however often anything runs. */
  topic: string;
  channel: "sms" | "email";
  /** 995XXXXXXXXX for an SMS, an address for an e-mail. */
  to: string;
  text: string;
  /** An e-mail's subject, HTML part and own headers. */
  email?: { subject: string; html: string; headers: Record<string, string> };
  /** When it may go (the shop's clock): a review's ask waits its days. */
  dueAt: number;
  now: number;
}

/**
 * Queues SMS and e-mail (D87) in the caller's transaction, so a message exists exactly
 * when what it tells of was saved. A topic already queued for a destination is left as
 * it is: the outbox sends each once.
 */
export async function queueMessages(
  trx: Transaction<Database>,
  messages: readonly QueuedMessage[],
): Promise<void> {
  if (messages.length === 0) return;
  await trx
    .insertInto("notifications")
    .values(
      messages.map((message) => ({
        order_id: message.orderId,
        topic: message.topic,
        channel: message.channel,
        chat_id: message.to,
        text: message.text,
        subject: message.email?.subject ?? null,
        html: message.email?.html ?? null,
        headers: message.email ? JSON.stringify(message.email.headers) : null,
        reply_markup: null,
        next_attempt_at: isoAt(message.dueAt),
        created_at: isoAt(message.now),
      })),
    )
    .onConflict((conflict) => conflict.columns(["topic", "chat_id"]).doNothing())
    .execute();
}
