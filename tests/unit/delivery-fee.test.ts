import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { purchaseOf } from "~/analytics/events";
import type { DeliveryZone } from "~/delivery/zones";
import { deliveryCells } from "~/desk/csv";
import { fixedT } from "~/i18n/instance.server";
import { formatPrice } from "~/i18n/money";
import { deliveryView, orderAmounts, showsDelivery } from "~/orders/amounts";
import { correctOrder, correctedDelivery, correctionZones } from "~/orders/edit.server";
import { eventNote } from "~/orders/event-note";
import { buildOrderMessage } from "~/orders/message";
import { deliveryTitle } from "~/orders/order-words";
import { placeOrder } from "~/orders/place.server";
import { statusText } from "~/shopper/shopper-chat";
import en from "../../app/locales/en/desk.json";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const NOW = Date.parse("2026-11-29T08:00:00Z");

function zone(overrides: Partial<DeliveryZone> = {}): DeliveryZone {
  return {
    id: "rustavi",
    names: { ru: "Рустави", en: "Rustavi", ka: "რუსთავი", ar: "روستافي" },
    fee: 700,
    freeFrom: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    earliest: 0,
    on: true,
    ...overrides,
  };
}
const zones = [
  zone({
    id: "tbilisi",
    names: { ru: "Тбилиси", ka: "თბილისი", ar: "تبليسي" },
    fee: 500,
    freeFrom: 15_000,
  }),
  zone(),
  zone({ id: "kakheti", names: { ru: "Кахетия", ka: "კახეთი" }, fee: 1_500, on: false }),
];

/** An order of 50 GEL of goods sent to Rustavi for 7 GEL, named in Russian when placed. */
const rustavi = {
  order_number: 4321,
  address: "Rustaveli 12",
  phone: "+995 555 123 456",
  name: null,
  messenger: null,
  email: null,
  delivery_time: "01.12.26",
  delivery_date: "2026-12-01",
  total: 5_700,
  delivery_fee: 700,
  delivery_area: "Рустави",
  delivery_zone: "rustavi",
  pinned_note: null,
  status: "shipped" as const,
  language: "ka",
};
const items = [{ title: "Мазь", qty: 1, subtotal: 5_000 }];

describe("an order's amounts (D84)", () => {
  it("splits the cash into goods and delivery, and shows a line only for an area or a fee", () => {
    expect(orderAmounts(rustavi)).toEqual({
      goods: 5_000,
      discount: 0,
      delivery: 700,
      total: 5_700,
    });
    expect(showsDelivery(rustavi)).toBe(true);
    const old = {
      ...rustavi,
      total: 5_000,
      delivery_fee: 0,
      delivery_area: null,
      delivery_zone: null,
    };
    expect(showsDelivery(old)).toBe(false);
    expect(deliveryView(old, zones, "ka")).toBeNull();
  });

  it("names the area in the reader's language, or as placed once the zone is gone", () => {
    expect(deliveryView(rustavi, zones, "ka")).toEqual({
      area: "რუსთავი",
      goods: 5_000,
      discount: 0,
      delivery: 700,
      total: 5_700,
    });
    expect(deliveryView(rustavi, zones, "ar")?.area).toBe("روستافي");
    // No Azerbaijani name: Russian, the zones' own rule.
    expect(deliveryView(rustavi, zones, "az")?.area).toBe("Рустави");
    expect(deliveryView(rustavi, [], "ka")?.area).toBe("Рустави");
  });

  it("reports the goods as GA4's value and the fee as its shipping, in GEL", () => {
    const purchase = purchaseOf("004321", orderAmounts(rustavi), [
      { item_key: "body/hemor-cream", title: "Мазь", price: 5_000, qty: 1 },
    ]);
    expect(purchase).toMatchObject({ transaction_id: "004321", value: 50, shipping: 7 });
  });
});

describe("the messages with a delivery fee", () => {
  it("tell the staff the goods, the area and its fee before the total, in Georgian and Arabic", () => {
    const ka = buildOrderMessage(rustavi, items, {
      language: "ka",
      t: fixedT("ka", "desk"),
      zones,
    });
    const gel = (tetri: number, language: string) => formatPrice(tetri, language);
    expect(ka).toContain(`<b>პროდუქციის ღირებულება:</b> ${gel(5_000, "ka")}`);
    expect(ka).toContain(`<b>მიწოდება (რუსთავი):</b> ${gel(700, "ka")}`);
    expect(ka.indexOf("მიწოდება (რუსთავი)")).toBeLessThan(ka.indexOf("<b>სულ:</b>"));
    expect(ka).toContain(`<b>სულ:</b> ${gel(5_700, "ka")}`);

    const ar = buildOrderMessage(rustavi, items, {
      language: "ar",
      t: fixedT("ar", "desk"),
      zones,
    });
    expect(ar).toContain(`<b>التوصيل (روستافي):</b> ${gel(700, "ar")}`);
    expect(ar.indexOf("التوصيل (روستافي)")).toBeLessThan(ar.indexOf("<b>الإجمالي:</b>"));

    const free = buildOrderMessage({ ...rustavi, total: 5_000, delivery_fee: 0 }, items, {
      language: "ka",
      t: fixedT("ka", "desk"),
      zones,
    });
    expect(free).toContain("<b>მიწოდება (რუსთავი):</b> უფასოდ");
  });

  it("write no delivery line for an order placed without one", () => {
    const old = {
      ...rustavi,
      total: 5_000,
      delivery_fee: 0,
      delivery_area: null,
      delivery_zone: null,
    };
    const text = buildOrderMessage(old, items, { language: "ka", t: fixedT("ka", "desk"), zones });
    expect(text).not.toContain("მიწოდება (");
    expect(text).not.toContain("ღირებულება");
  });

  it("tell the shopper the delivery and the cash to pay, in the order's language", () => {
    const ka = statusText(rustavi, fixedT("ka", "checkout"));
    expect(ka).toContain(`მიწოდება (Рустави): ${formatPrice(700, "ka")}`);
    expect(ka).toContain(`კურიერისთვის გადასახდელი: ${formatPrice(5_700, "ka")}`);
    const ar = statusText(
      { ...rustavi, language: "ar", delivery_area: "روستافي" },
      fixedT("ar", "checkout"),
    );
    expect(ar).toContain("التوصيل (روستافي):");
    expect(ar.indexOf("التوصيل")).toBeLessThan(ar.indexOf("المبلغ المستحق للمندوب"));
  });
});

describe("the CSV's delivery columns", () => {
  it("are named Delivery area and Delivery fee, and written as the money columns are", () => {
    expect(en.csv.deliveryArea).toBe("Delivery area");
    expect(en.csv.deliveryFee).toBe("Delivery fee");
    expect(deliveryCells(rustavi, zones, "en")).toEqual(["Rustavi", "7.00"]);
    expect(
      deliveryCells(
        { ...rustavi, delivery_fee: 0, delivery_area: null, delivery_zone: null },
        zones,
        "en",
      ),
    ).toEqual([null, "0.00"]);
  });
});

describe("a correction's delivery", () => {
  const tbilisi = {
    delivery_zone: "tbilisi",
    delivery_area: "Тбилиси",
    delivery_fee: 500,
    language: "ru",
  };

  it("offers the zones open now and the order's own, even off", () => {
    expect(correctionZones(zones, "kakheti").map((one) => one.id)).toEqual([
      "tbilisi",
      "rustavi",
      "kakheti",
    ]);
    expect(correctionZones(zones, "tbilisi").map((one) => one.id)).toEqual(["tbilisi", "rustavi"]);
  });

  it("keeps the fee while neither the area nor the lines change", () => {
    const dearer = [zone({ id: "tbilisi", names: { ru: "Тбилиси" }, fee: 900 })];
    expect(correctedDelivery(tbilisi, 5_000, false, { zones: dearer, zone: "tbilisi" })).toEqual({
      zone: "tbilisi",
      area: "Тбилиси",
      fee: 500,
    });
  });

  it("works the fee out again for a new area, named in the order's language", () => {
    expect(correctedDelivery(tbilisi, 5_000, false, { zones, zone: "rustavi" })).toEqual({
      zone: "rustavi",
      area: "Рустави",
      fee: 700,
    });
    // A zone that is off and not the order's own cannot be chosen.
    expect(correctedDelivery(tbilisi, 5_000, false, { zones, zone: "kakheti" }).zone).toBe(
      "tbilisi",
    );
  });

  it("works the fee out again when new lines cross Free from, either way", () => {
    expect(correctedDelivery(tbilisi, 15_000, true, { zones, zone: null }).fee).toBe(0);
    const free = { ...tbilisi, delivery_fee: 0 };
    expect(correctedDelivery(free, 14_999, true, { zones, zone: "tbilisi" }).fee).toBe(500);
  });

  it("reads its before → after in the reader's language", () => {
    const note = eventNote(
      {
        note: null,
        note_key: "event.edited.delivery",
        note_values: JSON.stringify({
          before: { zone: "tbilisi", area: "Тбилиси", fee: 500 },
          after: { zone: "rustavi", area: "Рустави", fee: 0 },
        }),
      },
      fixedT("ka", "desk"),
      (line) => line.title,
      deliveryTitle(zones, "ka", fixedT("ka", "desk")),
    );
    expect(note).toBe(`მიწოდება: თბილისი, ${formatPrice(500, "ka")} → რუსთავი, უფასოდ`);
  });
});

describe("a correction in the database", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("delivery-fee");
  });
  afterEach(async () => {
    await db.destroy();
  });

  const chat = {
    deskChatIds: [],
    holdAfterRefusals: 2,
    phoneHashKey: PHONE_HASH_KEY,
    language: "ru" as const,
  };
  const values = {
    address: "Rustaveli 1",
    phone: "+995 555 123 456",
    deliveryTime: "01.12.26",
    name: null,
    messenger: null,
    email: null,
  };

  it("changes the area and its fee, crosses Free from with the lines, and records both", async () => {
    const price = (
      await db
        .selectFrom("products")
        .select("price")
        .where("product_group", "=", "body")
        .where("slug", "=", "hemor-cream")
        .executeTakeFirstOrThrow()
    ).price as number;
    const freeFrom = price * 3;
    const shopZones = [
      zone({ id: "tbilisi", names: { ru: "Тбилиси", ka: "თბილისი" }, fee: 500, freeFrom }),
      zone(),
    ];
    const placed = await placeOrder(
      db,
      {
        values,
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language: "ru",
        token: "delivery-fee-token-0001",
        titleLanguage: "ru",
        delivery: { zone: shopZones[0] as DeliveryZone, minimum: null, choice: true },
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!placed.ok) throw new Error(placed.error);
    const number = placed.placed.order.order_number;
    expect(placed.placed.order.total).toBe(price + 500);
    const correct = (qty: number, area: string | null) =>
      correctOrder(
        db,
        {
          orderNumber: number,
          actor: { name: "Nino", staffId: null },
          values,
          quantities: new Map([["body/hemor-cream", qty]]),
          delivery: { zones: shopZones, zone: area },
        },
        NOW,
        chat,
      );

    const moved = await correct(1, "rustavi");
    expect(moved.outcome).toBe("saved");
    if (moved.outcome !== "saved") return;
    expect(moved.order).toMatchObject({
      delivery_zone: "rustavi",
      delivery_area: "Рустави",
      delivery_fee: 700,
      total: price + 700,
    });

    const back = await correct(3, "tbilisi");
    if (back.outcome !== "saved") throw new Error(back.outcome);
    expect(back.order).toMatchObject({
      delivery_zone: "tbilisi",
      delivery_fee: 0,
      total: freeFrom,
    });

    const fewer = await correct(2, null);
    if (fewer.outcome !== "saved") throw new Error(fewer.outcome);
    expect(fewer.order).toMatchObject({ delivery_fee: 500, total: price * 2 + 500 });

    const events = await db
      .selectFrom("order_events")
      .select(["note", "note_key", "note_values"])
      .where("note_key", "=", "event.edited.delivery")
      .orderBy("id")
      .execute();
    const en = fixedT("en", "desk");
    const read = events.map((event) =>
      eventNote(event, en, (line) => line.title, deliveryTitle(shopZones, "en", en)),
    );
    const gel = (tetri: number) => formatPrice(tetri, "en");
    expect(read).toEqual([
      `Delivery: Тбилиси, ${gel(500)} → Rustavi, ${gel(700)}`,
      `Delivery: Rustavi, ${gel(700)} → Тбилиси, Free`,
      `Delivery: Тбилиси, Free → Тбилиси, ${gel(500)}`,
    ]);
  });
});
