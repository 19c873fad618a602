import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProduct, deleteProduct, restoreProduct, saveTexts } from "~/catalog/edit.server";
import { findProduct, findVisibleProduct, visibleProducts } from "~/catalog/model";
import { listActivity } from "~/content/activity.server";
import { loadCatalog, readRevision } from "~/content/store.server";
import { itemTitle } from "~/orders/order-words";
import { placeOrder } from "~/orders/place.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const NOW = Date.parse("2026-11-29T09:00:00Z");
const actor = { staffId: null, name: "Nino" };

describe("deleting a product (issue 36)", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("product-removal");
  });
  afterEach(async () => {
    await db.destroy();
  });

  const texts = (title: string) => ({
    title,
    short: "",
    description: "",
    ingredients: "",
    usage: "",
    warnings: "",
    advantages: "",
    photoAlt: "",
  });

  it("deletes a draft no order names, with its texts, photos and their files, and keeps its trail", async () => {
    await createProduct(db, { group: "face", slug: "typo-cream", actor, now: NOW });
    const key = "face/typo-cream";
    await saveTexts(db, { key, language: "ru", texts: texts("Крем с опечаткой"), actor, now: NOW });
    await saveTexts(db, { key, language: "ka", texts: texts("კრემი"), actor, now: NOW });
    const created = findProduct(await loadCatalog(db), key);
    if (!created) throw new Error("not created");
    const photo = await db
      .insertInto("product_photos")
      .values({
        product_id: created.id,
        position: 1,
        source: "upload-1",
        width: 10,
        height: 10,
        created_at: new Date(NOW).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("photo_files")
      .values({
        name: "upload-1.webp",
        photo_id: photo.id,
        content_type: "image/webp",
        bytes: Buffer.from([1, 2, 3]),
      })
      .execute();
    const revision = await readRevision(db);

    const outcome = await deleteProduct(db, { key, actor, now: NOW + 60_000 });

    expect(outcome.status).toBe("deleted");
    expect(findProduct(await loadCatalog(db), key)).toBeUndefined();
    const left = async (table: "product_texts" | "product_photos") =>
      (await db.selectFrom(table).select("product_id").execute()).filter(
        (row) => row.product_id === created.id,
      ).length;
    expect(await left("product_texts")).toBe(0);
    expect(await left("product_photos")).toBe(0);
    expect(await db.selectFrom("photo_files").select("name").execute()).toEqual([]);
    expect(await readRevision(db)).toBeGreaterThan(revision);
    const [last] = await listActivity(db, { subject: { type: "product", id: key } });
    expect(last).toMatchObject({
      actor: "Nino",
      field: "deleted",
      before: "Крем с опечаткой",
      after: null,
      at: new Date(NOW + 60_000).toISOString(),
    });
    // The other products keep their texts: the table rebuilt for the new status kept its ties.
    expect(findProduct(await loadCatalog(db), "body/hemor-cream")?.texts.ru?.title).toBeTruthy();
  });

  it("refuses to delete a product an order names: archived instead, the order still names it", async () => {
    const key = "body/hemor-cream";
    await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          deliveryTime: "01.12.26",
          phone: "+995 555 123 456",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key, qty: 1 }],
        language: "ka",
        token: "token-product-removal-1",
        titleLanguage: "ru",
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    const before = findProduct(await loadCatalog(db), key);
    const title = before?.texts.ka?.title;

    const outcome = await deleteProduct(db, { key, actor, now: NOW + 60_000 });

    expect(outcome.status).toBe("archived");
    const catalog = await loadCatalog(db);
    const archived = findProduct(catalog, key);
    expect(archived?.status).toBe("archived");
    expect(archived?.texts).toEqual(before?.texts);
    expect(findVisibleProduct(catalog, "body", "hemor-cream")).toBeUndefined();
    expect(visibleProducts(catalog).map((product) => product.key)).not.toContain(key);
    const item = await db
      .selectFrom("order_items")
      .select(["item_key", "title"])
      .where("item_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(itemTitle(item, catalog, "ka")).toBe(title);
    const [last] = await listActivity(db, { subject: { type: "product", id: key } });
    expect(last).toMatchObject({ field: "status", before: "on_sale", after: "archived" });

    expect((await deleteProduct(db, { key, actor, now: NOW + 120_000 })).status).toBe(
      "alreadyArchived",
    );
    expect(await restoreProduct(db, { key, actor, now: NOW + 180_000 })).toBe("restored");
    expect(findProduct(await loadCatalog(db), key)?.status).toBe("hidden");
    expect(await restoreProduct(db, { key, actor, now: NOW + 240_000 })).toBe("notArchived");
  });

  it("answers not found for a product that does not exist", async () => {
    expect((await deleteProduct(db, { key: "face/none", actor, now: NOW })).status).toBe(
      "notFound",
    );
  });
});
