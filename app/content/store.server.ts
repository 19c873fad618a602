import { type Kysely, sql } from "kysely";
import {
  type Catalog,
  type CatalogProduct,
  type ProductTexts,
  isGroup,
  isLineId,
  isProductStatus,
  productKey,
} from "~/catalog/model";
import { isLanguageCode } from "~/i18n/languages";
import { type Job, createJob } from "~/platform/job.server";
import { type Promotion, readPromotion } from "~/promotions/model";
import type { PublishedReview, Testimonial } from "~/reviews/model";
import { type ShopSettings, readSettings } from "~/settings/model";
import type { Database, ProductTextsRow } from "../../db/schema";

/**
 * What shoppers see that an owner edits (D32): the catalogue and the shop's settings, read
 * from the database into memory, so no shopper's request waits on the database for them.
 * Every owner change bumps one revision number in its own transaction; each process looks
 * at that number four times a second and reads everything again when it moved, so a change
 * made through one process is what every worker and every machine serves within a second.
 * The page cache keys its pages by the revision, so it follows too.
 */
export interface Content {
  revision: number;
  catalog: Catalog;
  settings: ShopSettings;
  /** Buyers' reviews an owner published (D34), newest first. */
  reviews: PublishedReview[];
  /** The testimonials shoppers see, in display order. */
  testimonials: Testimonial[];
  /** Every promotion (D86), on or not: a page tells by the day whether one runs. */
  promotions: Promotion[];
}

/** How often a process looks whether the content changed. */
export const CONTENT_WATCH_MS = 250;

export async function readRevision(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("content_revision")
    .select("revision")
    .where("id", "=", 1)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

/** Marks what shoppers see as changed; call it inside the change's transaction. */
export async function bumpRevision(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable("content_revision")
    .set({ revision: sql`revision + 1` })
    .where("id", "=", 1)
    .execute();
}

function jsonArray<T>(text: string, keep: (value: unknown) => value is T): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(keep) : [];
  } catch {
    return [];
  }
}

const isString = (value: unknown): value is string => typeof value === "string";
const isPercent = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 100;

export function textsOf(row: ProductTextsRow): ProductTexts {
  return {
    title: row.title,
    short: row.short,
    description: row.description,
    ingredients: row.ingredients,
    usage: row.usage,
    warnings: row.warnings,
    advantages: row.advantages,
    photoAlt: row.photo_alt,
  };
}

/** The whole catalogue, every product with its texts and photos, in display order. */
export async function loadCatalog(db: Kysely<Database>): Promise<Catalog> {
  const [rows, texts, photos] = await Promise.all([
    db.selectFrom("products").selectAll().orderBy("position").orderBy("id").execute(),
    db.selectFrom("product_texts").selectAll().execute(),
    db
      .selectFrom("product_photos")
      .select(["id", "product_id", "source", "width", "height"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  const products: CatalogProduct[] = [];
  for (const row of rows) {
    if (!isGroup(row.product_group) || !isProductStatus(row.status)) continue;
    const productTexts: CatalogProduct["texts"] = {};
    for (const text of texts) {
      if (text.product_id === row.id && isLanguageCode(text.language)) {
        productTexts[text.language] = textsOf(text);
      }
    }
    products.push({
      id: row.id,
      key: productKey(row.product_group, row.slug),
      group: row.product_group,
      slug: row.slug,
      status: row.status,
      price: row.price,
      volumeMl: row.volume_ml,
      stock: row.stock,
      position: row.position,
      line: isLineId(row.line) ? row.line : null,
      related: jsonArray(row.related, isString),
      survey: jsonArray(row.survey, isPercent),
      photos: photos
        .filter((photo) => photo.product_id === row.id)
        .map(({ id, source, width, height }) => ({ id, source, width, height })),
      texts: productTexts,
    });
  }
  return { products };
}

/** Every published review, newest first. */
export async function loadPublishedReviews(db: Kysely<Database>): Promise<PublishedReview[]> {
  const rows = await db
    .selectFrom("reviews")
    .select(["id", "item_key", "rating", "body", "author", "language", "created_at", "reply"])
    .where("status", "=", "published")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    itemKey: row.item_key,
    rating: row.rating,
    body: row.body,
    author: row.author,
    language: row.language,
    at: Date.parse(row.created_at),
    reply: row.reply,
  }));
}

/** The testimonials with their texts, in display order; hidden ones only when asked. */
export async function loadTestimonials(
  db: Kysely<Database>,
  { hidden = false } = {},
): Promise<Testimonial[]> {
  const [rows, texts] = await Promise.all([
    db
      .selectFrom("testimonials")
      .selectAll()
      .$if(!hidden, (query) => query.where("hidden", "=", 0))
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db.selectFrom("testimonial_texts").selectAll().execute(),
  ]);
  return rows.map((row) => {
    const byLanguage: Testimonial["texts"] = {};
    for (const text of texts)
      if (text.testimonial_id === row.id && isLanguageCode(text.language))
        byLanguage[text.language] = { name: text.name, role: text.role, text: text.text };
    return {
      id: row.id,
      position: row.position,
      rating: row.rating,
      avatar: row.avatar,
      hidden: row.hidden !== 0,
      texts: byLanguage,
    };
  });
}

export async function loadContent(db: Kysely<Database>): Promise<Content> {
  // The revision first: a change committed while the rest is read is read again next look.
  const revision = await readRevision(db);
  const [catalog, settingRows, reviews, testimonials, promotionRows] = await Promise.all([
    loadCatalog(db),
    db.selectFrom("shop_settings").selectAll().execute(),
    loadPublishedReviews(db),
    loadTestimonials(db),
    db.selectFrom("promotions").selectAll().orderBy("id").execute(),
  ]);
  return {
    revision,
    catalog,
    settings: readSettings(settingRows),
    reviews,
    testimonials,
    promotions: promotionRows
      .map(readPromotion)
      .filter((promotion): promotion is Promotion => promotion !== null),
  };
}

export interface ContentStore {
  /** What shoppers see now, from memory. */
  current(): Content;
  /** Reads everything again if the revision moved (after this process's own change: at once). */
  refresh(): Promise<Content>;
  /** Looks at the revision every `CONTENT_WATCH_MS`. */
  watcher: Job;
}

export function createContentStore({
  db,
  initial,
  log = console,
}: {
  db: Kysely<Database>;
  initial: Content;
  log?: Pick<Console, "error">;
}): ContentStore {
  let content = initial;
  let loading: Promise<Content> | null = null;

  async function refresh(): Promise<Content> {
    if (loading) await loading;
    loading = (async () => {
      const revision = await readRevision(db);
      if (revision !== content.revision) content = await loadContent(db);
      return content;
    })();
    try {
      return await loading;
    } finally {
      loading = null;
    }
  }

  return {
    current: () => content,
    refresh,
    watcher: createJob({
      name: "content watch",
      everyMs: CONTENT_WATCH_MS,
      log,
      async run() {
        await refresh();
        return undefined;
      },
    }),
  };
}
