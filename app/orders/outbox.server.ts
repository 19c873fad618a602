import type { Transaction } from "kysely";
import { type ChatSettings, keyboardFor, renderOrderMessage } from "~/orders/message.server";
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
): Promise<void> {
  if (!notificationsEnabled(settings)) return;
  const message = await renderOrderMessage(trx, order, settings);
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
