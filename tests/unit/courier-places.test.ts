import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { courierDays, handOffCandidates, handOver } from "~/couriers/cash.server";
import { saveCourier } from "~/couriers/couriers.server";
import { readManifest } from "~/couriers/manifest.server";
import { byPlace, placeOf } from "~/couriers/places";
import { buildReport } from "~/couriers/reports.server";
import { weeklySummaryText } from "~/couriers/weekly.server";
import { type DeliveryZone, defaultZones } from "~/delivery/zones";
import { findOrCreateStaff } from "~/desk/auth.server";
import { changeOrderStatus } from "~/orders/change-status.server";
import { placeOrder } from "~/orders/place.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

// Wednesday 25 November 2026, 10:00 in Tbilisi.
const NOW = Date.parse("2026-11-25T06:00:00Z");
const HOUR = 60 * 60 * 1000;
const THURSDAY = { year: 2026, month: 11, day: 26 };
const chat = {
  deskChatIds: ["-100"],
  holdAfterRefusals: 2,
  phoneHashKey: PHONE_HASH_KEY,
  language: "en" as const,
};

const tbilisi = defaultZones[0] as DeliveryZone;
const rustavi: DeliveryZone = {
  id: "rustavi",
  names: { ru: "Рустави", en: "Rustavi", ka: "რუსთავი", ar: "روستافي" },
  fee: 700,
  freeFrom: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  earliest: 0,
  on: true,
};
// The owner lists Rustavi first.
const zones = [rustavi, tbilisi];

describe("the courier's day by place", () => {
  it("groups by zone in the owner's order, then areas no zone knows, then none; sorts by address", () => {
    const parcels = [
      { id: 1, zone: "tbilisi", area: "Тбилиси", address: "Vazha-Pshavela 10" },
      { id: 2, zone: null, area: null, address: "A street 1" },
      { id: 3, zone: "rustavi", area: "Рустави", address: "Street 12" },
      { id: 4, zone: "batumi", area: "Батуми", address: "Gorgiladze 3" },
      { id: 5, zone: "tbilisi", area: null, address: "Abashidze 2" },
      { id: 6, zone: "rustavi", area: "Рустави", address: "Street 2" },
      { id: 7, zone: "tbilisi", area: null, address: "abashidze 2" },
    ];
    const groups = byPlace(parcels, zones, "ka");
    expect(groups.map((group) => [group.name, group.items.map((item) => item.id)])).toEqual([
      ["რუსთავი", [6, 3]],
      ["თბილისი", [5, 7, 1]],
      ["Батуми", [4]],
      ["—", [2]],
    ]);
    // A zone renamed or with no name in the reader's language: today's name, else Russian.
    expect(placeOf({ zone: "rustavi", area: "Old name" }, zones, "az").name).toBe("Рустави");
    expect(placeOf({ zone: "rustavi", area: null }, zones, "ar").name).toBe("روستافي");
  });
});

describe("goods and delivery apart, from hand-off to reports", () => {
  let db: Kysely<Database>;
  const staff = { name: "Giorgi", staffId: 1 };
  let tokens = 0;

  beforeEach(async () => {
    db = await freshDatabase("places");
    await findOrCreateStaff(db, "Giorgi", NOW);
  });

  afterEach(async () => {
    await db.destroy();
  });

  async function order(zone: DeliveryZone, address: string, qty = 1) {
    const result = await placeOrder(
      db,
      {
        values: {
          address,
          phone: `+995 555 000 ${String(100 + tokens).slice(-3)}`,
          deliveryTime: "26.11.26",
          name: `Buyer ${tokens + 1}`,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty }],
        language: "ka",
        token: `places-token-${String(++tokens).padStart(12, "0")}`,
        titleLanguage: "en",
        delivery: { zone, minimum: null, choice: true },
      },
      { now: NOW - 20 * HOUR, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!result.ok) throw new Error(result.error);
    await changeOrderStatus(
      db,
      { orderNumber: result.placed.order.order_number, to: "confirmed", actor: staff },
      NOW - 10 * HOUR,
      chat,
    );
    return result.placed.order;
  }

  it("expects and reports the cash of goods and fee, by zone", async () => {
    const a = await order(tbilisi, "Rustaveli 5");
    const b = await order(rustavi, "Megobroba 14", 2);
    const c = await order(rustavi, "Megobroba 3");
    const price = a.total;
    expect(b.total).toBe(2 * price + 700);
    expect(c.total).toBe(price + 700);

    const candidates = await handOffCandidates(db, "2026-11-26", { zones, language: "en" });
    expect(
      candidates.forDay.map((group) => [group.name, group.items.map((row) => row.address)]),
    ).toEqual([
      ["Rustavi", ["Megobroba 3", "Megobroba 14"]],
      ["Tbilisi", ["Rustaveli 5"]],
    ]);

    const saved = await saveCourier(
      db,
      { id: null, name: "Levan", phone: "599 111 111", active: true, actor: staff },
      NOW,
    );
    if (!saved.ok) throw new Error(saved.problem);
    await handOver(
      db,
      {
        courierId: saved.id,
        day: THURSDAY,
        orderNumbers: [a, b, c].map((placed) => placed.order_number),
        actor: staff,
      },
      NOW,
      chat,
    );
    // The courier's expected cash is goods and fee: 4 jars and two fees of 7 GEL.
    const [day] = await courierDays(db, "2026-11-26");
    expect(day?.figures.expected).toBe(4 * price + 1400);
    expect(day?.parcels.map((parcel) => parcel.delivery).sort()).toEqual([0, 700, 700]);

    const manifest = await readManifest(
      db,
      { products: [] },
      zones,
      new URL(`https://shop.ge/desk/manifest?courier=${saved.id}&day=2026-11-26`),
      "ka",
    );
    expect(
      manifest?.groups.map((group) => [
        group.name,
        group.cash,
        group.items.map((parcel) => parcel.amount),
      ]),
    ).toEqual([
      ["რუსთავი", 3 * price + 1400, [price + 700, 2 * price + 700]],
      ["თბილისი", price, [price]],
    ]);

    for (const placed of [a, b])
      await changeOrderStatus(
        db,
        { orderNumber: placed.order_number, to: "delivered", actor: staff },
        NOW + 8 * HOUR,
        chat,
      );
    const report = await buildReport(
      db,
      { from: THURSDAY, to: THURSDAY, by: "delivery" },
      () => null,
      { zones, language: "en" },
    );
    expect(report.totals).toMatchObject({
      collected: 3 * price + 700,
      goods: 3 * price,
      fees: 700,
    });
    expect(report.zones).toEqual([
      {
        key: "zone:rustavi",
        name: "Rustavi",
        placed: 2,
        delivered: 1,
        goods: 2 * price,
        fees: 700,
      },
      { key: "zone:tbilisi", name: "Tbilisi", placed: 1, delivered: 1, goods: price, fees: 0 },
    ]);

    // Monday 30 November: last week's summary names the delivery fees collected.
    const text = await weeklySummaryText(db, { year: 2026, month: 11, day: 30 }, "en");
    expect(text).toContain("Delivery fees collected: ₾7");
  });
});
