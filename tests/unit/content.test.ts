import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findProduct } from "~/catalog/model";
import { listActivity, recordChanges } from "~/content/activity.server";
import { bumpRevision, createContentStore, loadContent } from "~/content/store.server";
import { fieldWords, valueWords } from "~/desk/activity-words";
import { activityEntries } from "~/desk/activity.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

let db: Kysely<Database>;

beforeEach(async () => {
  db = await freshDatabase("content");
});

afterEach(async () => {
  await db.destroy();
});

const NOW = Date.parse("2026-11-24T09:00:00Z");

async function setPrice(price: number, { bump }: { bump: boolean }) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("products").set({ price }).where("slug", "=", "hemor-cream").execute();
    if (bump) await bumpRevision(trx);
  });
}

describe("what shoppers see, held in memory (D32)", () => {
  it("reads a fresh install's catalogue and settings as the shop showed them before", async () => {
    const { catalog, settings } = await loadContent(db);
    expect(catalog.products.map((product) => [product.key, product.status])).toEqual([
      ["body/hemor-cream", "on_sale"],
      ["body/burn-cream", "coming_soon"],
      ["face/acne-cream", "coming_soon"],
    ]);
    expect(settings.contacts).toEqual({
      email: "hello@kolkhida.ge",
      telegram: "kolkhida_shop",
      whatsapp: "+995 555 123 456",
      phone: "",
    });
    expect(settings.orders).toEqual({ taking: true, resumeOn: null });
  });

  it("follows a change once its revision moves, and only then", async () => {
    const store = createContentStore({ db, initial: await loadContent(db) });
    const price = () => findProduct(store.current().catalog, "body/hemor-cream")?.price;
    expect(price()).toBe(100_00);

    // Written without bumping the revision (no owner change does that): not reloaded.
    await setPrice(50_00, { bump: false });
    await store.refresh();
    expect(price()).toBe(100_00);

    await setPrice(45_50, { bump: true });
    const before = store.current().revision;
    await store.refresh();
    expect(price()).toBe(45_50);
    expect(store.current().revision).toBe(before + 1);
  });

  it("looks again by itself while its watcher runs", async () => {
    const store = createContentStore({ db, initial: await loadContent(db) });
    store.watcher.start();
    try {
      await setPrice(45_50, { bump: true });
      await expect
        .poll(() => findProduct(store.current().catalog, "body/hemor-cream")?.price, {
          timeout: 2_000,
        })
        .toBe(45_50);
    } finally {
      await store.watcher.stop();
    }
  });
});

describe("the activity trail (D31)", () => {
  it("records only what really changed, with who, when, before and after, newest first", async () => {
    const staff = await db
      .insertInto("staff")
      .values({ name: "Nino", created_at: "2026-11-01T00:00:00.000Z", disabled_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const actor = { staffId: staff.id, name: "Nino" };
    const subject = { type: "product" as const, id: "body/burn-cream" };
    const stored = await recordChanges(db, {
      actor,
      subject,
      now: NOW,
      changes: [
        { field: "price", before: null, after: "45.50" },
        { field: "stock", before: "20", after: "20" },
        { field: "status", before: "coming_soon", after: "on_sale" },
      ],
    });
    expect(stored).toBe(2);
    await recordChanges(db, {
      actor,
      subject: { type: "settings", id: "contacts" },
      now: NOW + 1000,
      changes: [
        { field: "contacts.email", before: "hello@kolkhida.ge", after: "shop@kolkhida.ge" },
      ],
    });
    const product = await listActivity(db, { subject });
    expect(product.map(({ field, before, after }) => [field, before, after])).toEqual([
      ["status", "coming_soon", "on_sale"],
      ["price", null, "45.50"],
    ]);
    expect(product[0]).toMatchObject({
      actor: "Nino",
      staff_id: staff.id,
      at: "2026-11-24T09:00:00.000Z",
    });
    expect(await listActivity(db, { staffId: staff.id })).toHaveLength(3);
    const [newest] = await listActivity(db);
    expect(newest?.field).toBe("contacts.email");
    expect(await listActivity(db, { before: newest?.id, limit: 1 })).toHaveLength(1);
  });

  it("reads in the reader's language: products by title, statuses, money with its sign, days never ISO", async () => {
    const actor = { staffId: null, name: "Nino" };
    const courier = await db
      .insertInto("couriers")
      .values({
        name: "Dato",
        phone: "+995 555 000 111",
        active: 1,
        created_at: "2026-11-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordChanges(db, {
      actor,
      subject: { type: "product", id: "body/burn-cream" },
      now: NOW,
      changes: [
        { field: "created", before: null, after: "body/burn-cream" },
        { field: "related", before: null, after: "body/hemor-cream, face/gone" },
      ],
    });
    await recordChanges(db, {
      actor,
      subject: { type: "cash", id: `${courier.id}/2026-11-26` },
      now: NOW + 1000,
      changes: [
        { field: "order 000123", before: "shipped", after: "delivered (rang twice)" },
        { field: "received", before: "120.00", after: "135.50 (counted again)" },
      ],
    });
    const content = await loadContent(db);
    // Each field a card lists, with its card's who, when and what.
    const read = async (language: "ka" | "ar") =>
      (
        await activityEntries(db, {}, { content, language, label: (subject) => subject })
      ).entries.flatMap(({ changes, ...card }) =>
        changes.map((change) => ({ ...card, ...change })),
      );
    const title = (key: string, language: "ka" | "ar") =>
      findProduct(content.catalog, key)?.texts[language]?.title;
    const ka = await read("ka");
    const created = ka.find((entry) => entry.field === "created");
    expect(created?.subject).toBe(title("body/burn-cream", "ka"));
    expect(created?.after).toBe(title("body/burn-cream", "ka"));
    // A product the catalogue no longer has keeps its key.
    expect((await read("ar")).find((entry) => entry.field === "related")?.after).toBe(
      `${title("body/hemor-cream", "ar")}, face/gone`,
    );
    // A courier's day by name and the day as every page writes it, never YYYY-MM-DD.
    const day = ka.find((entry) => entry.field === "received");
    expect(day?.subject).toBe("Dato · 26.11.26");
    expect(day?.at).toBe("24.11.26, 13:00");
    expect(JSON.stringify(ka)).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // The values the page words: an order's status with its note, money, days, yes and no.
    expect(fieldWords("order 000123")).toEqual({ kind: "order", number: "000123" });
    expect(valueWords("order 000123", "delivered (rang twice)")).toEqual({
      kind: "orderStatus",
      value: "delivered",
      note: "rang twice",
    });
    expect(valueWords("order 000123", "not_home (moved)")).toMatchObject({ value: "not_home" });
    expect(valueWords("received", "135.50 (counted again)")).toEqual({
      kind: "money",
      tetri: 13550,
      note: "counted again",
    });
    expect(valueWords("price", "45.00")).toEqual({ kind: "money", tetri: 4500, note: null });
    expect(valueWords("orders.resumeOn", "2026-12-01")).toEqual({ kind: "date", text: "01.12.26" });
    expect(valueWords("chats.language", "ka")).toEqual({ kind: "languageName", text: "ქართული" });
    expect(valueWords("active", "inactive")).toEqual({ kind: "flag", value: "no" });
    expect(valueWords("closed", "closed")).toEqual({ kind: "flag", value: "yes" });
    // A day closed short keeps the owner's words why, even with brackets in them.
    expect(valueWords("closed", "closed (brings 50 ₾ (cash) tomorrow)")).toEqual({
      kind: "closedWithNote",
      note: "brings 50 ₾ (cash) tomorrow",
    });
    expect(valueWords("name", "delivered")).toBeNull();
  });
});
