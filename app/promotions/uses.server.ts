import type { Kysely } from "kysely";
import { isoAt } from "~/platform/clock";
import type { Database, OrderPromotion } from "../../db/schema";
import type { CodeUsage, Pricing } from "./pricing";

/**
 * A code's uses (D86), counted in the order's own transaction: the uses not given back, and
 * whether the phone (its keyed hash, any spelling alike) has one. A cancelled or refused
 * order gives its use back; an undone cancellation takes it again.
 */
export async function codeUsage(
  db: Kysely<Database>,
  promotionId: number,
  phoneKey: string | null,
): Promise<CodeUsage> {
  const rows = await db
    .selectFrom("promotion_uses")
    .select(["phone_key"])
    .where("promotion_id", "=", promotionId)
    .where("released_at", "is", null)
    .execute();
  return {
    uses: rows.length,
    byPhone: phoneKey !== null && rows.some((row) => row.phone_key === phoneKey),
  };
}

/** Stores what each promotion took off the order, and the code's use; returns the lines stored. */
export async function recordPromotions(
  trx: Kysely<Database>,
  order: { id: number; phoneKey: string | null },
  pricing: Pricing,
  now: number,
): Promise<Array<Pick<OrderPromotion, "kind" | "name" | "code" | "amount">>> {
  const rows = pricing.applied.map(({ promotion, amount }) => ({
    order_id: order.id,
    promotion_id: promotion.id,
    kind: promotion.kind,
    name: promotion.name,
    code: promotion.kind === "code" ? promotion.code : null,
    amount,
    rule: JSON.stringify(promotion),
  }));
  if (rows.length > 0) await trx.insertInto("order_promotions").values(rows).execute();
  if (pricing.code)
    await trx
      .insertInto("promotion_uses")
      .values({
        promotion_id: pricing.code.promotion.id,
        order_id: order.id,
        phone_key: order.phoneKey,
        created_at: isoAt(now),
      })
      .execute();
  return rows;
}

/** A cancelled or refused order gives its code's use back. */
export async function releaseUses(
  trx: Kysely<Database>,
  orderId: number,
  now: number,
): Promise<void> {
  await trx
    .updateTable("promotion_uses")
    .set({ released_at: isoAt(now) })
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .execute();
}

/** An undone cancellation or refusal takes its use again. */
export async function retakeUses(trx: Kysely<Database>, orderId: number): Promise<void> {
  await trx
    .updateTable("promotion_uses")
    .set({ released_at: null })
    .where("order_id", "=", orderId)
    .execute();
}
