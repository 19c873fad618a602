import { createHmac } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { isoAt } from "~/platform/clock";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;
export type StopChannel = "sms" | "email";

/**
 * A phone (995XXXXXXXXX) or an address as the stop list keys it: HMAC-SHA256 under the
 * phone hash key (D35), so the list names nobody to whoever holds the database alone, and
 * outlives the orders' personal data when retention clears them.
 */
export function stopKeyOf(channel: StopChannel, destination: string, key: string): string {
  const plain = channel === "email" ? destination.trim().toLowerCase() : destination;
  return createHmac("sha256", key).update(`${channel}:${plain}`).digest("base64url");
}

/** Whether this phone or address asked for no more messages (D87). */
export async function isStopped(
  db: Db,
  channel: StopChannel,
  destination: string,
  key: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("message_stops")
    .select("key")
    .where("key", "=", stopKeyOf(channel, destination, key))
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends SMS and e-mail to these destinations; a second stop changes nothing. */
export async function stopMessages(
  db: Db,
  destinations: ReadonlyArray<{ channel: StopChannel; to: string }>,
  key: string,
  now: number,
): Promise<void> {
  if (destinations.length === 0) return;
  await db
    .insertInto("message_stops")
    .values(
      destinations.map(({ channel, to }) => ({
        key: stopKeyOf(channel, to, key),
        channel,
        stopped_at: isoAt(now),
      })),
    )
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
}
