import type { Transaction } from "kysely";
import { isoAt } from "~/clock";
import type { Database, Order, OrderItem } from "../../db/schema";
import { buildOrderMessage } from "./message";

export interface TelegramSettings {
  botToken: string | null;
  chatIds: string[];
}

export function notificationsEnabled(settings: TelegramSettings): boolean {
  return settings.botToken !== null && settings.chatIds.length > 0;
}

/**
 * Writes one outbox row per chat, in the order's own transaction (D13): an order is
 * never saved without its notifications, and a notification never exists for an order
 * that was not saved. Without a bot token nothing is written.
 */
export async function enqueueOrderNotifications(
  trx: Transaction<Database>,
  settings: TelegramSettings,
  order: Order,
  items: OrderItem[],
  now: number,
): Promise<void> {
  if (!notificationsEnabled(settings)) return;
  const text = buildOrderMessage(order, items);
  // Due at once by the shop's clock, the same clock the dispatcher compares with.
  const at = isoAt(now);
  await trx
    .insertInto("notifications")
    .values(
      settings.chatIds.map((chatId) => ({
        order_id: order.id,
        chat_id: chatId,
        text,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}
