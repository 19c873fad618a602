import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withoutComingSoon } from "~/catalog/coming-soon";
import { createProduct, saveProduct, saveTexts } from "~/catalog/edit.server";
import { type CatalogProduct, type ProductTexts, findProduct } from "~/catalog/model";
import { parsePrice, parseProductForm, priceText } from "~/catalog/product-form";
import { textChangeTimes } from "~/catalog/text-changes.server";
import { textStates } from "~/catalog/texts";
import { activityMark, listActivity } from "~/content/activity.server";
import { loadContent, readRevision } from "~/content/store.server";
import { languageCodes } from "~/i18n/languages";
import { placeOrder } from "~/orders/place.server";
import { saveSettings } from "~/settings/settings.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const NOW = Date.parse("2026-11-24T09:00:00Z");
const actor = { staffId: null, name: "Nino" };

describe("the product form's rules", () => {
  it("reads a price as GEL with tetri, and refuses what is not one", () => {
    expect(parsePrice("45.50")).toBe(45_50);
    expect(parsePrice("45,5")).toBe(45_50);
    expect(parsePrice(" 100 ")).toBe(100_00);
    expect(parsePrice("")).toBeNull();
    for (const bad of ["-5", "4.555", "abc", "1e3", "10000000"])
      expect(parsePrice(bad)).toBeUndefined();
    expect(priceText(45_50)).toBe("45.50");
  });

  it("reads a price typed in Arabic-Indic or Persian digits, with the Arabic separators", () => {
    expect(parsePrice("٣٩٫٩٠")).toBe(39_90);
    expect(parsePrice("٣٩,٩")).toBe(39_90);
    expect(parsePrice("۴۵٫۵۰")).toBe(45_50);
    expect(parsePrice("١٬٢٥٠")).toBe(1250_00);
    expect(parsePrice(" ١٠٠ ")).toBe(100_00);
    for (const bad of ["٣٩٫٩٩٩", "٣x", "-٣"]) expect(parsePrice(bad)).toBeUndefined();
  });

  it("reads the stock, volume, position and survey in Arabic-Indic or Persian digits", () => {
    const form = new URLSearchParams({
      group: "body",
      slug: "calendula-balm",
      status: "draft",
      price: "٣٩٫٩٠",
      stock: "٢٠",
      volume: "۳۰",
      position: "٤",
      line: "",
      survey: "٩٤٪\n۹۱ %\n89",
    });
    expect(parseProductForm(form)).toMatchObject({
      ok: true,
      values: { price: 39_90, stock: 20, volumeMl: 30, position: 4, survey: [94, 91, 89] },
    });
    form.set("stock", "٢x");
    expect(parseProductForm(form)).toEqual({ ok: false, errors: ["stock"] });
  });

  it("names every wrong field at once", () => {
    const form = new URLSearchParams({
      group: "hands",
      slug: "Burn Cream",
      status: "published",
      price: "free",
      stock: "-1",
      volume: "8",
      position: "x",
      line: "kitchen",
      survey: "94\n101",
    });
    expect(parseProductForm(form)).toEqual({
      ok: false,
      errors: ["group", "slug", "status", "price", "stock", "position", "line", "survey"],
    });
  });
});

describe("editing the catalogue (D31, D32)", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("products-desk");
  });
  afterEach(async () => {
    await db.destroy();
  });

  const values = (change: Record<string, string> = {}) => {
    const form = new URLSearchParams({
      group: "body",
      slug: "calendula-balm",
      status: "draft",
      price: "",
      stock: "",
      volume: "30",
      position: "4",
      line: "",
      survey: "",
      ...change,
    });
    const parsed = parseProductForm(form);
    if (!parsed.ok) throw new Error(parsed.errors.join());
    return parsed.values;
  };
  const texts = (title: string): ProductTexts => ({
    title,
    short: `${title}, short`,
    description: "One.\nTwo.",
    ingredients: "Calendula, honey",
    usage: "Apply.",
    warnings: "",
    advantages: "",
    photoAlt: "",
  });
  const product = async (key: string) => findProduct((await loadContent(db)).catalog, key);

  it("launches a product once its Russian texts, a price and a photo are there (D36)", async () => {
    const key = "body/calendula-balm";
    expect(
      await createProduct(db, { group: "body", slug: "calendula-balm", actor, now: NOW }),
    ).toBe("created");
    expect(
      await createProduct(db, { group: "body", slug: "calendula-balm", actor, now: NOW }),
    ).toBe("taken");
    expect(
      await saveTexts(db, { key, language: "en", texts: texts("Calendula balm"), actor, now: NOW }),
    ).toEqual({
      status: "saved",
    });
    // English is not the source: the refusal names Russian, and only Russian.
    const refused = await saveProduct(db, {
      key,
      values: values({ status: "coming_soon" }),
      actor,
      now: NOW,
    });
    expect(refused.status === "refused" && refused.problems).toEqual([
      { kind: "texts", language: "ru", fields: ["title", "short"] },
    ]);
    expect((await product(key))?.status).toBe("draft");

    await saveTexts(db, { key, language: "ru", texts: texts("Бальзам"), actor, now: NOW });
    expect(
      (await saveProduct(db, { key, values: values({ status: "coming_soon" }), actor, now: NOW }))
        .status,
    ).toBe("saved");
    // On sale needs a price and a photo too.
    const onSale = await saveProduct(db, {
      key,
      values: values({ status: "on_sale", price: "45.50" }),
      actor,
      now: NOW,
    });
    expect(onSale.status === "refused" && onSale.problems).toEqual([{ kind: "photo" }]);
    // Emptying a text its status needs is refused in Russian; elsewhere Russian shows instead.
    expect(
      await saveTexts(db, {
        key,
        language: "ru",
        texts: { ...texts("x"), short: "" },
        actor,
        now: NOW,
      }),
    ).toEqual({ status: "refused", fields: ["short"] });
    expect(
      await saveTexts(db, {
        key,
        language: "en",
        texts: { ...texts("Calendula balm"), short: "" },
        actor,
        now: NOW,
      }),
    ).toEqual({ status: "saved" });

    const trail = await listActivity(db, { subject: { type: "product", id: key } });
    expect(trail.find((row) => row.field === "status")).toMatchObject({
      before: "draft",
      after: "coming_soon",
      actor: "Nino",
    });
    expect(
      trail.some((row) => row.field === "texts.en.title" && row.after === "Calendula balm"),
    ).toBe(true);
  });

  it("needs the languages the owner requires complete too, and names them", async () => {
    const key = "body/burn-cream";
    const full = texts("Крем от ожогов");
    await saveTexts(db, { key, language: "ru", texts: full, actor, now: NOW });
    expect(
      await saveSettings(db, {
        section: "texts",
        value: { required: ["ka", "ar"] },
        actor,
        now: NOW,
      }),
    ).toBe("saved");
    const [setting] = await listActivity(db, { subject: { type: "settings", id: "texts" } });
    expect(setting).toMatchObject({ field: "texts.required", before: "", after: "ka, ar" });
    const refused = await saveProduct(db, {
      key,
      values: values({ slug: "burn-cream", status: "on_sale", price: "45.50" }),
      actor,
      now: NOW,
    });
    // The seeded Georgian and Arabic have a title and a short text, nothing more.
    expect(refused.status === "refused" && refused.problems).toEqual([
      { kind: "texts", language: "ka", fields: ["description", "ingredients", "usage"] },
      { kind: "texts", language: "ar", fields: ["description", "ingredients", "usage"] },
    ]);
    // A refused launch changes nothing: the status, and the short texts keep "coming soon".
    expect((await product(key))?.status).toBe("coming_soon");
    expect((await product(key))?.texts.ka?.short).toMatch(/მალე გაყიდვაში\.$/);
    // A required language's needed text cannot be emptied either.
    await saveTexts(db, { key, language: "ka", texts: texts("კრემი"), actor, now: NOW });
    expect(
      await saveTexts(db, {
        key,
        language: "ka",
        texts: { ...texts("კრემი"), title: "" },
        actor,
        now: NOW,
      }),
    ).toEqual({ status: "refused", fields: ["title"] });
    await saveTexts(db, { key, language: "ar", texts: texts("كريم"), actor, now: NOW });
    expect(
      (
        await saveProduct(db, {
          key,
          values: values({ slug: "burn-cream", status: "on_sale", price: "45.50" }),
          actor,
          now: NOW,
        })
      ).status,
    ).toBe("saved");
  });

  it('drops "coming soon" from the short texts as the product goes on sale, in the trail; it never returns', async () => {
    const key = "body/burn-cream";
    const before = (await product(key))?.texts ?? {};
    for (const language of languageCodes)
      expect(before[language]?.short, language).not.toBe(
        withoutComingSoon(before[language]?.short ?? ""),
      );
    await saveTexts(db, {
      key,
      language: "ru",
      texts: {
        ...(before.ru as ProductTexts),
        description: "Охлаждает.\nЗаживляет.",
        ingredients: "Облепиховое масло",
        usage: "Нанесите тонким слоем.",
      },
      actor,
      now: NOW,
    });
    const revision = await readRevision(db);
    const launch = NOW + 60_000;
    const saved = await saveProduct(db, {
      key,
      values: values({ slug: "burn-cream", status: "on_sale", price: "45.50" }),
      actor,
      now: launch,
    });
    expect(saved.status).toBe("saved");
    expect(await readRevision(db)).toBe(revision + 1);
    const launched = (await product(key))?.texts ?? {};
    const trail = await listActivity(db, { subject: { type: "product", id: key } });
    for (const language of languageCodes) {
      const was = before[language]?.short ?? "";
      expect(launched[language]?.short, language).toBe(withoutComingSoon(was));
      // Recorded with the status change: same moment, before and after.
      expect(
        trail.find((row) => row.field === `texts.${language}.short`),
        language,
      ).toMatchObject({ at: new Date(launch).toISOString(), before: was, actor: "Nino" });
    }
    expect(launched.ka?.short).toBe(
      "ნატურალური კრემი მცირე დამწვრობის შემდეგ კანის დასამშვიდებლად.",
    );
    // The translations are no older than the Russian for it.
    const states = textStates(
      (await product(key)) as CatalogProduct,
      (await textChangeTimes(db, [key])).get(key),
    );
    expect(states.ka.outdated).toEqual([]);
    expect(states.ka.missing).toEqual(["description", "ingredients", "usage"]);

    // Back to coming soon, and on sale again: the short texts stay as they are.
    for (const status of ["coming_soon", "on_sale"]) {
      await saveProduct(db, {
        key,
        values: values({ slug: "burn-cream", status, price: "45.50" }),
        actor,
        now: launch + 60_000,
      });
      expect((await product(key))?.texts).toEqual(launched);
    }
    // A later change to the Russian title leaves the others' titles outdated.
    await saveTexts(db, {
      key,
      language: "ru",
      texts: { ...(launched.ru as ProductTexts), title: "Крем после ожогов" },
      actor,
      now: launch + 120_000,
    });
    const later = textStates(
      (await product(key)) as CatalogProduct,
      (await textChangeTimes(db, [key])).get(key),
    );
    expect(later.ka.outdated).toEqual(["title"]);
    expect(later.ru.outdated).toEqual([]);
  });

  it("changes the price for carts from then on; placed orders keep theirs", async () => {
    const key = "body/hemor-cream";
    const order = await placeOrder(
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
        token: "token-products-desk-1",
        titleLanguage: "ru",
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    const revision = await readRevision(db);
    const saved = await saveProduct(db, {
      key,
      values: values({
        slug: "hemor-cream",
        status: "on_sale",
        price: "45.50",
        volume: "8",
        position: "1",
        line: "delicate",
        survey: "94\n91\n89\n30",
      }),
      actor,
      now: NOW,
    });
    expect(saved.status).toBe("saved");
    expect(await readRevision(db)).toBe(revision + 1);
    expect((await product(key))?.price).toBe(45_50);
    const stored = await db.selectFrom("orders").select("total").executeTakeFirstOrThrow();
    expect(order.ok && stored.total).toBe(100_00);
    const [price] = await listActivity(db, { subject: { type: "product", id: key } });
    expect([price?.field, price?.before, price?.after]).toEqual(["price", "100.00", "45.50"]);
    // Stock the owner leaves as the form showed it keeps what orders took meanwhile.
    await saveProduct(db, {
      key,
      values: values({
        slug: "hemor-cream",
        status: "on_sale",
        price: "45.50",
        stock: "20",
        volume: "8",
        position: "1",
        line: "delicate",
        survey: "94\n91\n89\n30",
      }),
      actor,
      now: NOW,
    });
    await db.updateTable("products").set({ stock: 17 }).where("slug", "=", "hemor-cream").execute();
    await saveProduct(db, {
      key,
      values: {
        ...values({
          slug: "hemor-cream",
          status: "on_sale",
          price: "46",
          stock: "20",
          volume: "8",
          position: "1",
          line: "delicate",
          survey: "94\n91\n89\n30",
        }),
        stockWas: 20,
      },
      actor,
      now: NOW,
    });
    expect((await product(key))?.stock).toBe(17);
    await saveProduct(db, {
      key,
      values: {
        ...values({
          slug: "hemor-cream",
          status: "on_sale",
          price: "46",
          stock: "30",
          volume: "8",
          position: "1",
          line: "delicate",
          survey: "94\n91\n89\n30",
        }),
        stockWas: 20,
      },
      actor,
      now: NOW,
    });
    expect((await product(key))?.stock).toBe(30);
    // Its address is fixed now that an order names it.
    expect(
      (
        await saveProduct(db, {
          key,
          values: values({ slug: "cream", status: "on_sale", price: "45.50" }),
          actor,
          now: NOW,
        })
      ).status,
    ).toBe("slugLocked");
  });

  it("refuses a save from a page read before another's change to the same fields", async () => {
    const actor = { staffId: null, name: "Nino" };
    const other = { staffId: null, name: "Levan" };
    await createProduct(db, { group: "body", slug: "calendula-balm", actor, now: NOW });
    const key = "body/calendula-balm";
    await saveTexts(db, { key, language: "ru", texts: texts("Бальзам"), actor, now: NOW });
    const read = await activityMark(db);
    // Tab A sets the price; tab B, read before it, saves only the stock: B is refused.
    const a = await saveProduct(db, {
      key,
      values: values({ price: "39.90" }),
      actor: other,
      now: NOW,
      revision: read,
    });
    expect(a.status).toBe("saved");
    const b = await saveProduct(db, {
      key,
      values: values({ stock: "12" }),
      actor,
      now: NOW,
      revision: read,
    });
    expect(b.status).toBe("stale");
    expect((await product(key))?.price).toBe(39_90);
    expect((await product(key))?.stock).toBeNull();
    // A change to the texts does not make the details page stale, nor Georgian the Russian.
    const details = await activityMark(db);
    await saveTexts(db, { key, language: "ka", texts: texts("ბალზამი"), actor: other, now: NOW });
    expect(
      (
        await saveProduct(db, {
          key,
          values: values({ price: "39.90", stock: "12" }),
          actor,
          now: NOW,
          revision: details,
        })
      ).status,
    ).toBe("saved");
    expect(
      (
        await saveTexts(db, {
          key,
          language: "ru",
          texts: texts("Бальзам календулы"),
          actor,
          now: NOW,
          revision: details,
        })
      ).status,
    ).toBe("saved");
    // Two pages of the Russian texts: the older one's Usage save does not undo the title.
    const older = details;
    expect(
      (
        await saveTexts(db, {
          key,
          language: "ru",
          texts: { ...texts("Бальзам"), usage: "Наносить дважды." },
          actor: other,
          now: NOW,
          revision: older,
        })
      ).status,
    ).toBe("stale");
    expect((await product(key))?.texts.ru?.title).toBe("Бальзам календулы");
  });
});
