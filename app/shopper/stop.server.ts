import type { Kysely } from "kysely";
import { isStopped, stopMessages } from "~/orders/message-stops.server";
import { smsNumber } from "~/platform/sms-number";
import type { Database } from "../../db/schema";

/** Where an order's SMS and e-mail go: its phone as the gateway takes it, its address. */
async function destinations(db: Kysely<Database>, token: string | undefined) {
  if (!token) return null;
  const order = await db
    .selectFrom("orders")
    .select(["phone", "email", "depersonalised_at"])
    .where("track_token", "=", token)
    .executeTakeFirst();
  if (!order) return null;
  const phone = order.phone ? smsNumber(order.phone) : null;
  return [
    ...(phone ? [{ channel: "sms" as const, to: phone }] : []),
    ...(order.email ? [{ channel: "email" as const, to: order.email }] : []),
  ];
}

/**
 * Whether the order's phone and address still get messages (D87): `stopped` once every
 * one of them asked for no more; null for no such order.
 */
export async function messagesStanding(
  db: Kysely<Database>,
  token: string | undefined,
  key: string,
): Promise<{ stopped: boolean; channels: Array<"sms" | "email"> } | null> {
  const to = await destinations(db, token);
  if (!to) return null;
  const stopped = await Promise.all(
    to.map((destination) => isStopped(db, destination.channel, destination.to, key)),
  );
  return {
    stopped: to.length > 0 && stopped.every(Boolean),
    channels: to.map((destination) => destination.channel),
  };
}

/**
 * `Stop messages` (D87): the order's phone and address get no more SMS or e-mail from the
 * shop, for this order and every other; what was queued for them stays unsent. Telegram
 * has its own /stop. Says `notFound` for no such order.
 */
export async function stopOrderMessages(
  db: Kysely<Database>,
  token: string | undefined,
  key: string,
  now: number,
): Promise<"stopped" | "notFound"> {
  const to = await destinations(db, token);
  if (!to) return "notFound";
  await stopMessages(db, to, key, now);
  return "stopped";
}
