import type { Kysely } from "kysely";
import {
  type Actor,
  type FieldChange,
  type FieldScope,
  changesSince,
  recordChanges,
} from "~/content/activity.server";
import { bumpRevision, loadCatalog } from "~/content/store.server";
import type { LanguageCode } from "~/i18n/languages";
import { isoAt } from "~/platform/clock";
import { readSettings } from "~/settings/model";
import type { Database } from "../../db/schema";
import { withoutComingSoon } from "./coming-soon";
import {
  type CatalogProduct,
  type GroupId,
  type ProductTexts,
  type PublishProblem,
  type TextField,
  completeLanguages,
  isSaleStatus,
  missingTexts,
  neededTexts,
  productKey,
  publishProblems,
  textFields,
} from "./model";
import { type ProductValues, priceText } from "./product-form";

/**
 * The owner's changes to the catalogue (D31, D32), each in one transaction: the product
 * read again inside it (so "before" is what was stored), the rules checked against what it
 * would become, the rows written, one trail row a changed field, and the revision every
 * process watches. A refusal changes nothing.
 */
async function productIn(trx: Kysely<Database>, key: string): Promise<CatalogProduct | undefined> {
  return (await loadCatalog(trx)).products.find((product) => product.key === key);
}

/** The languages the owner requires complete besides Russian, as stored now (D36). */
async function requiredIn(trx: Kysely<Database>): Promise<LanguageCode[]> {
  return readSettings(await trx.selectFrom("shop_settings").selectAll().execute()).texts.required;
}

/**
 * A product's texts as it goes on sale: each short text without its "coming soon"
 * sentence. Only the languages whose short changes are returned.
 */
function launchedTexts(product: Pick<CatalogProduct, "texts">): CatalogProduct["texts"] {
  const changed: CatalogProduct["texts"] = {};
  for (const [language, texts] of Object.entries(product.texts) as [LanguageCode, ProductTexts][]) {
    const short = withoutComingSoon(texts.short);
    if (short !== texts.short) changed[language] = { ...texts, short };
  }
  return changed;
}

/** Whether an order names this product: its group and slug are then fixed for good. */
export async function hasOrders(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("order_items")
    .select("id")
    .where("item_key", "=", key)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function createProduct(
  db: Kysely<Database>,
  input: { group: GroupId; slug: string; actor: Actor; now: number },
): Promise<"created" | "taken"> {
  const key = productKey(input.group, input.slug);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("products")
      .select("id")
      .where("product_group", "=", input.group)
      .where("slug", "=", input.slug)
      .executeTakeFirst();
    if (taken) return "taken";
    const last = await trx
      .selectFrom("products")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    await trx
      .insertInto("products")
      .values({
        product_group: input.group,
        slug: input.slug,
        status: "draft",
        price: null,
        volume_ml: null,
        stock: null,
        position: Number(last?.position ?? 0) + 1,
        line: null,
        created_at: isoAt(input.now),
        updated_at: isoAt(input.now),
      })
      .execute();
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "product", id: key },
      now: input.now,
      changes: [{ field: "created", before: null, after: key }],
    });
    await bumpRevision(trx);
    return "created";
  });
}

/** The fields the product's own page edits: its texts and photos have pages of their own. */
export const PRODUCT_DETAILS: FieldScope = { except: ["texts.", "photos"] };

/** The fields one language's texts page edits. */
export const textsScope = (language: LanguageCode): FieldScope => ({
  prefix: `texts.${language}.`,
});

export type SaveProductOutcome =
  | {
      status: "saved" | "unchanged" | "notFound" | "slugLocked" | "slugTaken" | "stale";
      key: string;
    }
  | { status: "refused"; key: string; problems: PublishProblem[] };

const list = (values: readonly (string | number)[]) => values.join(", ");

export async function saveProduct(
  db: Kysely<Database>,
  input: {
    key: string;
    values: ProductValues;
    actor: Actor;
    now: number;
    /** The revision the owner's page was read at: a later change refuses the save. */
    revision?: number;
  },
): Promise<SaveProductOutcome> {
  const newKey = productKey(input.values.group, input.values.slug);
  return db.transaction().execute(async (trx): Promise<SaveProductOutcome> => {
    const catalog = await loadCatalog(trx);
    const exists = (key: string) => catalog.products.some((other) => other.key === key);
    const product = catalog.products.find((other) => other.key === input.key);
    if (!product) return { status: "notFound", key: input.key };
    const subject = { type: "product" as const, id: product.key };
    if ((await changesSince(trx, subject, input.revision, PRODUCT_DETAILS)).length > 0)
      return { status: "stale", key: product.key };
    // Stock the owner did not touch is what orders left of it, not what the form showed.
    const untouched =
      input.values.stockWas !== undefined && input.values.stock === input.values.stockWas;
    const values = untouched ? { ...input.values, stock: product.stock } : input.values;
    if (newKey !== product.key) {
      if (await hasOrders(trx, product.key)) return { status: "slugLocked", key: product.key };
      if (exists(newKey)) return { status: "slugTaken", key: product.key };
    }
    // The form offers the products that exist; keys of ones that do not (yet) are kept.
    const related = [
      ...values.related.filter((key) => key !== newKey && exists(key)),
      ...product.related.filter((key) => !exists(key)),
    ];
    // Going on sale drops "coming soon" from the short texts, in this same transaction.
    const launched =
      isSaleStatus(values.status) && !isSaleStatus(product.status) ? launchedTexts(product) : {};
    const texts = { ...product.texts, ...launched };
    if (values.status !== product.status || values.price !== product.price) {
      const problems = publishProblems(
        { ...product, texts, price: values.price },
        values.status,
        await requiredIn(trx),
      );
      if (problems.length > 0) return { status: "refused", key: product.key, problems };
    }
    const changes: FieldChange[] = [
      { field: "group", before: product.group, after: values.group },
      { field: "slug", before: product.slug, after: values.slug },
      { field: "status", before: product.status, after: values.status },
      { field: "price", before: priceText(product.price), after: priceText(values.price) },
      {
        field: "volume",
        before: product.volumeMl?.toString() ?? null,
        after: values.volumeMl?.toString() ?? null,
      },
      {
        field: "stock",
        before: product.stock?.toString() ?? null,
        after: values.stock?.toString() ?? null,
      },
      { field: "position", before: String(product.position), after: String(values.position) },
      { field: "line", before: product.line, after: values.line },
      { field: "related", before: list(product.related), after: list(related) },
      { field: "survey", before: list(product.survey), after: list(values.survey) },
      ...Object.entries(launched).map(([language, next]) => ({
        field: `texts.${language}.short`,
        before: product.texts[language as LanguageCode]?.short ?? null,
        after: next.short,
      })),
    ];
    const stored = await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "product", id: newKey },
      now: input.now,
      changes,
    });
    if (stored === 0) return { status: "unchanged", key: product.key };
    await trx
      .updateTable("products")
      .set({
        product_group: values.group,
        slug: values.slug,
        status: values.status,
        price: values.price,
        volume_ml: values.volumeMl,
        stock: values.stock,
        position: values.position,
        line: values.line,
        related: JSON.stringify(related),
        survey: JSON.stringify(values.survey),
        updated_at: isoAt(input.now),
      })
      .where("id", "=", product.id)
      .execute();
    for (const [language, { short }] of Object.entries(launched)) {
      await trx
        .updateTable("product_texts")
        .set({ short })
        .where("product_id", "=", product.id)
        .where("language", "=", language)
        .execute();
    }
    if (newKey !== product.key) {
      // Its trail follows it to its new address.
      await trx
        .updateTable("activity")
        .set({ subject: newKey })
        .where("subject_type", "=", "product")
        .where("subject", "=", product.key)
        .execute();
    }
    await bumpRevision(trx);
    return { status: "saved", key: newKey };
  });
}

export type SaveTextsOutcome =
  | { status: "saved" | "unchanged" | "notFound" | "stale" }
  | { status: "refused"; fields: TextField[] };

/**
 * One language's texts. A save that would empty a field the product's status needs is
 * refused in Russian and in the languages the owner requires (D36); elsewhere an empty
 * field is shown from Russian.
 */
export async function saveTexts(
  db: Kysely<Database>,
  input: {
    key: string;
    language: LanguageCode;
    texts: ProductTexts;
    actor: Actor;
    now: number;
    /** The revision the owner's page was read at: a later change to these texts refuses. */
    revision?: number;
  },
): Promise<SaveTextsOutcome> {
  return db.transaction().execute(async (trx): Promise<SaveTextsOutcome> => {
    const product = await productIn(trx, input.key);
    if (!product) return { status: "notFound" };
    const subject = { type: "product" as const, id: product.key };
    if ((await changesSince(trx, subject, input.revision, textsScope(input.language))).length > 0)
      return { status: "stale" };
    if (completeLanguages(await requiredIn(trx)).includes(input.language)) {
      const missing = missingTexts(input.texts, neededTexts(product.status));
      if (missing.length > 0) return { status: "refused", fields: missing };
    }
    const before = product.texts[input.language];
    const stored = await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "product", id: product.key },
      now: input.now,
      changes: textFields.map((field) => ({
        field: `texts.${input.language}.${field}`,
        before: before?.[field] ?? null,
        after: input.texts[field],
      })),
    });
    if (stored === 0) return { status: "unchanged" };
    const row = {
      title: input.texts.title,
      short: input.texts.short,
      description: input.texts.description,
      ingredients: input.texts.ingredients,
      usage: input.texts.usage,
      warnings: input.texts.warnings,
      advantages: input.texts.advantages,
      photo_alt: input.texts.photoAlt,
    };
    await trx
      .insertInto("product_texts")
      .values({ product_id: product.id, language: input.language, ...row })
      .onConflict((conflict) => conflict.columns(["product_id", "language"]).doUpdateSet(row))
      .execute();
    await trx
      .updateTable("products")
      .set({ updated_at: isoAt(input.now) })
      .where("id", "=", product.id)
      .execute();
    await bumpRevision(trx);
    return { status: "saved" };
  });
}

export type DeleteProductOutcome =
  /**
   * Gone with its texts and photos; or, since orders name it, archived instead (or it
   * already was). The product as it was, to name it.
   */
  | { status: "deleted" | "archived" | "alreadyArchived"; product: CatalogProduct }
  | { status: "notFound" };

/** The title a product went by: Russian, else any language's, else its key. */
function storedTitle(product: CatalogProduct): string {
  const titles = [product.texts.ru, ...Object.values(product.texts)].map((texts) => texts?.title);
  return titles.find((title) => title !== undefined && title.trim() !== "") ?? product.key;
}

/**
 * The owner's Delete. A product no order names goes for good, with its texts, its photos
 * and their files; the trail keeps its title. One an order names is archived instead: its
 * orders, slips, CSV and reports go on naming it, shoppers no longer see it. Whether an
 * order names it is read in the same transaction, so an order placed meanwhile is never
 * left naming a product that is gone.
 */
export async function deleteProduct(
  db: Kysely<Database>,
  input: { key: string; actor: Actor; now: number },
): Promise<DeleteProductOutcome> {
  return db.transaction().execute(async (trx): Promise<DeleteProductOutcome> => {
    const product = await productIn(trx, input.key);
    if (!product) return { status: "notFound" };
    if (await hasOrders(trx, product.key)) {
      if (product.status === "archived") return { status: "alreadyArchived", product };
      await setStatus(trx, product, "archived", input);
      return { status: "archived", product };
    }
    const photoIds = product.photos.map((photo) => photo.id);
    if (photoIds.length > 0) {
      await trx.deleteFrom("photo_files").where("photo_id", "in", photoIds).execute();
      await trx.deleteFrom("product_photos").where("id", "in", photoIds).execute();
    }
    await trx.deleteFrom("product_texts").where("product_id", "=", product.id).execute();
    await trx.deleteFrom("products").where("id", "=", product.id).execute();
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "product", id: product.key },
      now: input.now,
      changes: [{ field: "deleted", before: storedTitle(product), after: null }],
    });
    await bumpRevision(trx);
    return { status: "deleted", product };
  });
}

/** A status change the Delete section makes (archive, restore), recorded as any other. */
async function setStatus(
  trx: Kysely<Database>,
  product: CatalogProduct,
  status: "archived" | "hidden",
  input: { actor: Actor; now: number },
): Promise<void> {
  await trx
    .updateTable("products")
    .set({ status, updated_at: isoAt(input.now) })
    .where("id", "=", product.id)
    .execute();
  await recordChanges(trx, {
    actor: input.actor,
    subject: { type: "product", id: product.key },
    now: input.now,
    changes: [{ field: "status", before: product.status, after: status }],
  });
  await bumpRevision(trx);
}

/**
 * An archived product back in the desk's list, as hidden: shoppers see it again only when
 * the owner gives it a status they see, with what that status needs.
 */
export async function restoreProduct(
  db: Kysely<Database>,
  input: { key: string; actor: Actor; now: number },
): Promise<"restored" | "notArchived" | "notFound"> {
  return db.transaction().execute(async (trx) => {
    const product = await productIn(trx, input.key);
    if (!product) return "notFound";
    if (product.status !== "archived") return "notArchived";
    await setStatus(trx, product, "hidden", input);
    return "restored";
  });
}
