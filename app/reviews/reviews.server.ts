import type { Kysely } from "kysely";
import { type Catalog, findProduct } from "~/catalog/model";
import { recordChanges } from "~/content/activity.server";
import { bumpRevision } from "~/content/store.server";
import type { LanguageCode } from "~/i18n/languages";
import { itemTitle } from "~/orders/order-words";
import { isoAt } from "~/platform/clock";
import { isTrackToken } from "~/shopper/tracking";
import type { Database, Order, ReviewStatus } from "../../db/schema";
import {
  REVIEW_REPLY_MAX,
  type RejectReason,
  type ReviewInput,
  isOpen,
  reviewWindow,
} from "./model";

type Db = Kysely<Database>;

/** When the order was delivered: its latest delivered event that stands; null if it is not. */
export async function deliveredAt(db: Db, order: Pick<Order, "id" | "status">) {
  if (order.status !== "delivered") return null;
  const row = await db
    .selectFrom("order_events")
    .select((eb) => eb.fn.max("at").as("at"))
    .where("order_id", "=", order.id)
    .where("to_status", "=", "delivered")
    .where("undoes", "is", null)
    .executeTakeFirst();
  return row?.at ? Date.parse(String(row.at)) : null;
}

/** What the order's page asks for: each product of the order, and whether it was reviewed. */
export interface ReviewAsk {
  items: Array<{ key: string; group: string; slug: string; title: string; reviewed: boolean }>;
  /** The ask is open until then (instant). */
  until: number;
}

/**
 * The ask a delivered order's page shows (`Rate your purchase`), from `afterDays` after
 * delivery for 90 days: one line per product of the order, still in the catalogue. Null
 * for any order not delivered (refused and cancelled ones are never asked) or outside it.
 */
export async function reviewAsk(
  db: Db,
  order: Pick<Order, "id" | "status">,
  now: number,
  afterDays: number,
  catalog: Catalog,
  language: LanguageCode,
): Promise<ReviewAsk | null> {
  const window = reviewWindow(await deliveredAt(db, order), afterDays);
  if (!window || !isOpen(window, now)) return null;
  const [items, reviewed] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["item_key", "title"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute(),
    db.selectFrom("reviews").select("item_key").where("order_id", "=", order.id).execute(),
  ]);
  const done = new Set(reviewed.map((row) => row.item_key));
  const seen = new Set<string>();
  const lines: ReviewAsk["items"] = [];
  for (const item of items) {
    const product = findProduct(catalog, item.item_key);
    if (!product || seen.has(item.item_key)) continue;
    seen.add(item.item_key);
    lines.push({
      key: item.item_key,
      group: product.group,
      slug: product.slug,
      title: itemTitle(item, catalog, language),
      reviewed: done.has(item.item_key),
    });
  }
  return lines.length > 0 ? { items: lines, until: window.until } : null;
}

export type ReviewSubmission = "saved" | "duplicate" | "closed" | "notFound";

/**
 * A buyer's review, through the order's private link: only for a product of that order,
 * only while the ask is open, once per product and order (a unique index on both
 * engines: a second one is refused, the first stays). It waits for an owner.
 */
export async function submitReview(
  db: Db,
  input: {
    token: string | undefined;
    itemKey: string;
    review: ReviewInput;
    language: LanguageCode;
    afterDays: number;
  },
  now: number,
): Promise<ReviewSubmission> {
  if (!isTrackToken(input.token)) return "notFound";
  const order = await db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("track_token", "=", input.token)
    .executeTakeFirst();
  if (!order) return "notFound";
  const item = await db
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", order.id)
    .where("item_key", "=", input.itemKey)
    .executeTakeFirst();
  if (!item) return "notFound";
  if (!isOpen(reviewWindow(await deliveredAt(db, order), input.afterDays), now)) return "closed";
  const saved = await db
    .insertInto("reviews")
    .values({
      order_id: order.id,
      item_key: input.itemKey,
      rating: input.review.rating,
      body: input.review.body,
      author: input.review.author,
      language: input.language,
      created_at: isoAt(now),
    })
    .onConflict((conflict) => conflict.columns(["order_id", "item_key"]).doNothing())
    .executeTakeFirst();
  return Number(saved.numInsertedOrUpdatedRows ?? 0) === 1 ? "saved" : "duplicate";
}

/** A review as the desk's moderation reads it. */
export async function listReviews(db: Db, status: ReviewStatus, limit = 100) {
  return db
    .selectFrom("reviews")
    .innerJoin("orders", "orders.id", "reviews.order_id")
    .select([
      "reviews.id",
      "reviews.item_key",
      "reviews.rating",
      "reviews.body",
      "reviews.author",
      "reviews.language",
      "reviews.status",
      "reviews.reason",
      "reviews.reply",
      "reviews.created_at",
      "reviews.decided_at",
      "reviews.decided_by",
      "orders.order_number",
    ])
    .where("reviews.status", "=", status)
    .orderBy("reviews.id", status === "pending" ? "asc" : "desc")
    .limit(limit)
    .execute();
}

export async function reviewCounts(db: Db): Promise<Record<ReviewStatus, number>> {
  const rows = await db
    .selectFrom("reviews")
    .select(["status", db.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, published: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export type ReviewDecision =
  | { kind: "publish" }
  | { kind: "reject"; reason: RejectReason }
  | { kind: "reply"; reply: string };

/**
 * An owner's decision on a review: publish, reject (with one of the published reasons),
 * or the shop's public reply. Recorded on the review (who, when) and in the activity
 * trail, before → after, in one transaction; what shoppers see (published reviews and
 * their replies) moves the content's revision, so every process serves it within a second.
 */
export async function decideReview(
  db: Db,
  input: { id: number; decision: ReviewDecision; actor: { staffId: number; name: string } },
  now: number,
): Promise<"done" | "same" | "notFound"> {
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom("reviews")
      .selectAll()
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!review) return "notFound";
    const { decision } = input;
    const next =
      decision.kind === "publish"
        ? { status: "published" as const, reason: null, reply: review.reply }
        : decision.kind === "reject"
          ? { status: "rejected" as const, reason: decision.reason, reply: review.reply }
          : {
              status: review.status,
              reason: review.reason,
              reply:
                decision.reply.replace(/\r\n?/g, "\n").trim().slice(0, REVIEW_REPLY_MAX) || null,
            };
    const changes = [
      { field: "review.status", before: review.status, after: next.status },
      { field: "review.reason", before: review.reason, after: next.reason },
      { field: "review.reply", before: review.reply, after: next.reply },
    ];
    const recorded = await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "review", id: String(review.id) },
      changes,
      now,
    });
    if (recorded === 0) return "same";
    await trx
      .updateTable("reviews")
      .set({ ...next, decided_at: isoAt(now), decided_by: input.actor.name })
      .where("id", "=", review.id)
      .execute();
    const seen = (status: ReviewStatus) => status === "published";
    if (seen(review.status) || seen(next.status)) await bumpRevision(trx);
    return "done";
  });
}
