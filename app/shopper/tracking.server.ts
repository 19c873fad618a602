import type { Kysely } from "kysely";
import { normalizePhone } from "~/phone/phone";
import { asciiDigits } from "~/platform/digits";
import { hitThrottle } from "~/platform/throttle.server";
import type { Database } from "../../db/schema";
import { TRACK_LIMIT, TRACK_WINDOW_MS } from "./tracking";

export type Lookup =
  | { outcome: "found"; token: string }
  /** The same answer for a wrong number, a wrong phone, or an order that does not exist. */
  | { outcome: "miss" }
  | { outcome: "limited"; retryAfterSeconds: number };

/**
 * `/track`: an order number and a phone in any spelling, in ASCII or Arabic-Indic digits,
 * find the order's private page.
 * Each try counts against the client and the order number (five each in 15 minutes, in
 * the database, so every process counts the same); every miss answers the same.
 */
export async function lookUpOrder(
  db: Kysely<Database>,
  input: { number: string; phone: string; client: string },
  now: number,
): Promise<Lookup> {
  const typed = asciiDigits(input.number).trim();
  const number = /^\d{6}$/.test(typed) ? Number(typed) : null;
  for (const bucket of [`track:client:${input.client}`, `track:order:${number ?? "other"}`]) {
    const verdict = await hitThrottle(db, bucket, TRACK_LIMIT, TRACK_WINDOW_MS, now);
    if (!verdict.ok) return { outcome: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  }
  const phone = normalizePhone(input.phone);
  if (number === null || phone === null) return { outcome: "miss" };
  const order = await db
    .selectFrom("orders")
    .select(["track_token", "phone"])
    .where("order_number", "=", number)
    .executeTakeFirst();
  if (!order?.track_token || order.phone !== phone) return { outcome: "miss" };
  return { outcome: "found", token: order.track_token };
}
