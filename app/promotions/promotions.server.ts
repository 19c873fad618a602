import type { Kysely } from "kysely";
import { type Actor, changesSince, recordChanges } from "~/content/activity.server";
import { bumpRevision } from "~/content/store.server";
import { isoAt } from "~/platform/clock";
import type { Database } from "../../db/schema";
import { type Promotion, readPromotion } from "./model";
import { type PromotionInput, promotionChanges } from "./promotion-form";

/**
 * The owner's saves of promotions (D86), each one transaction: the stale check (a change
 * to the same promotion after the page was read refuses the save: no lost update), the
 * row, a trail row for each changed field, before → after, and the content revision every
 * process watches, so the cart and the checkout price by it at once.
 */
export type SaveOutcome =
  | { kind: "saved"; id: number }
  | { kind: "unchanged"; id: number | null }
  | { kind: "stale" }
  | { kind: "refused"; error: "codeTaken" | "used" };

export const promotionSubject = (id: number) => ({ type: "promotion", id: String(id) }) as const;

/** A promotion as the owner's page reads it: how many uses stand, whether an order used it. */
export interface DeskPromotion {
  promotion: Promotion;
  /** A code's uses not given back by a cancellation or refusal. */
  uses: number;
  /** An order used it: it can be switched off, never deleted. */
  used: boolean;
}

export async function readDeskPromotions(db: Kysely<Database>): Promise<DeskPromotion[]> {
  const [rows, uses, ordered] = await Promise.all([
    db.selectFrom("promotions").selectAll().orderBy("id").execute(),
    db.selectFrom("promotion_uses").select(["promotion_id", "released_at"]).execute(),
    db.selectFrom("order_promotions").select("promotion_id").distinct().execute(),
  ]);
  const used = new Set(ordered.map((row) => row.promotion_id));
  for (const use of uses) used.add(use.promotion_id);
  return rows.flatMap((row) => {
    const promotion = readPromotion(row);
    if (!promotion) return [];
    const standing = uses.filter((use) => use.promotion_id === row.id && !use.released_at);
    return [{ promotion, uses: standing.length, used: used.has(row.id) }];
  });
}

function columns(promotion: PromotionInput) {
  const none = {
    code: null,
    percent: null,
    amount: null,
    min_goods: null,
    use_limit: null,
    products: "[]",
    product_key: null,
    min_qty: null,
    price: null,
  };
  const common = {
    kind: promotion.kind,
    name: promotion.name,
    starts_on: promotion.startsOn,
    ends_on: promotion.endsOn,
    active: promotion.active ? 1 : 0,
  };
  switch (promotion.kind) {
    case "code":
      return {
        ...none,
        ...common,
        code: promotion.code,
        percent: promotion.percent,
        amount: promotion.amount,
        min_goods: promotion.minGoods,
        use_limit: promotion.useLimit,
        once_per_phone: promotion.oncePerPhone ? 1 : 0,
        combines: promotion.combines ? 1 : 0,
        products: JSON.stringify(promotion.products),
      };
    case "quantity":
      return {
        ...none,
        ...common,
        product_key: promotion.productKey,
        min_qty: promotion.minQty,
        price: promotion.price,
      };
    case "sale":
      return { ...none, ...common, product_key: promotion.productKey, price: promotion.price };
  }
}

interface Save {
  actor: Actor;
  now: number;
  /** The revision the owner's page was read at; undefined checks nothing. */
  revision?: number;
}

async function stored(trx: Kysely<Database>, id: number): Promise<Promotion | null> {
  const row = await trx
    .selectFrom("promotions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? readPromotion(row) : null;
}

async function isStale(trx: Kysely<Database>, id: number, revision: number | undefined) {
  return (await changesSince(trx, promotionSubject(id), revision)).length > 0;
}

/**
 * Saves one promotion as its form posted it; `id` null adds a new one. A code is unique
 * (upper case): another promotion's is refused, never overwritten. Its kind never changes.
 */
export async function savePromotion(
  db: Kysely<Database>,
  input: Save & { id: number | null; promotion: PromotionInput },
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const { id, promotion } = input;
    const before = id === null ? null : await stored(trx, id);
    if (id !== null && (!before || before.kind !== promotion.kind)) return { kind: "stale" };
    if (id !== null && (await isStale(trx, id, input.revision))) return { kind: "stale" };
    if (promotion.kind === "code") {
      const taken = await trx
        .selectFrom("promotions")
        .select("id")
        .where("code", "=", promotion.code)
        .executeTakeFirst();
      if (taken && taken.id !== id) return { kind: "refused", error: "codeTaken" };
    }
    const changes = promotionChanges(before, promotion);
    let saved = id;
    if (id === null) {
      const row = await trx
        .insertInto("promotions")
        .values({ ...columns(promotion), created_at: isoAt(input.now) })
        .returning("id")
        .executeTakeFirstOrThrow();
      saved = row.id;
    } else if (changes.some((change) => (change.before ?? "") !== (change.after ?? ""))) {
      await trx.updateTable("promotions").set(columns(promotion)).where("id", "=", id).execute();
    }
    if (saved === null) return { kind: "unchanged", id };
    const count = await recordChanges(trx, {
      actor: input.actor,
      now: input.now,
      subject: promotionSubject(saved),
      changes,
    });
    if (count === 0) return { kind: "unchanged", id: saved };
    await bumpRevision(trx);
    return { kind: "saved", id: saved };
  });
}

/** Deletes a promotion no order used; one an order used is switched off instead, never deleted. */
export async function deletePromotion(
  db: Kysely<Database>,
  input: Save & { id: number },
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    if (await isStale(trx, input.id, input.revision)) return { kind: "stale" };
    const before = await stored(trx, input.id);
    if (!before) return { kind: "unchanged", id: null };
    const [use, order] = await Promise.all([
      trx
        .selectFrom("promotion_uses")
        .select("id")
        .where("promotion_id", "=", input.id)
        .limit(1)
        .executeTakeFirst(),
      trx
        .selectFrom("order_promotions")
        .select("id")
        .where("promotion_id", "=", input.id)
        .limit(1)
        .executeTakeFirst(),
    ]);
    if (use || order) return { kind: "refused", error: "used" };
    await trx.deleteFrom("promotions").where("id", "=", input.id).execute();
    await recordChanges(trx, {
      actor: input.actor,
      now: input.now,
      subject: promotionSubject(input.id),
      changes: promotionChanges(before, null),
    });
    await bumpRevision(trx);
    return { kind: "saved", id: input.id };
  });
}
