import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type DeliveryZone, defaultZones } from "../../app/delivery/zones";
import { formatPrice } from "../../app/i18n/money";
import { addDays, shopToday, toIsoDate, toShortDate } from "../../app/platform/calendar";
import { systemClock } from "../../app/platform/clock";
import { seedDelivery as seed } from "./support/delivery-seed";
import { type DeskShop, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

const PHONE_SCREEN = { width: 375, height: 667 };
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

/**
 * The courier's day by place (issue 37), on a phone in Georgian and in Arabic, with and
 * without JavaScript: Tbilisi delivers free, Rustavi for 7 GEL; the hand-off and the manifest
 * group the day's parcels by zone then address, the manifest's cash per parcel and total
 * carry the fee, the courier's expected cash is goods and fee, and the owner's numbers show
 * goods and delivery fees apart and by zone. No page scrolls sideways.
 */
test.describe("the courier's day by place", () => {
  let server: ShopServer | undefined;
  let shop: DeskShop;

  test.beforeAll(async () => {
    server = await startShop({ ORDER_RATE_LIMIT: "0" });
    shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const noSideScroll = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_SCREEN.width,
    );

  for (const [lng, days] of [
    ["ka", 3],
    ["ar", 4],
  ] as const) {
    test(`in ${lng}: zones, addresses and the fee from hand-off to the numbers`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.setTimeout(180_000);
      const t = (key: string, values: Record<string, string | number> = {}) =>
        text(lng, "desk", key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
          String(values[name] ?? ""),
        );
      const money = (tetri: number) => formatPrice(tetri, lng);
      const settled = async () => {
        if (javaScriptEnabled)
          await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      };
      // A day of its own for each run, so the runs never see each other's parcels.
      const date = addDays(shopToday(systemClock()), days + (javaScriptEnabled ? 0 : 2));
      const day = toIsoDate(date);
      const tag = `${lng}${javaScriptEnabled ? "j" : "n"}`;

      // Three parcels, placed in an order that is neither the zones' nor the addresses'.
      const wanted = [
        { zone: "rustavi", address: `მეგობრობის 14 ${tag}`, qty: 2 },
        { zone: "tbilisi", address: `ჭავჭავაძის 12 ${tag}`, qty: 1 },
        { zone: "rustavi", address: `მეგობრობის 3 ${tag}`, qty: 1 },
      ];
      const courierName = `Courier ${tag}`;
      const seeded = seed<{
        orders: Array<{ number: number; total: number; fee: number }>;
        courierId: number;
      }>({
        command: "seed",
        path: shop.databasePath,
        zones: [tbilisi, rustavi],
        orders: wanted.map((order, index) => ({
          ...order,
          deliveryTime: toShortDate(date),
          language: lng,
          token: `delivery-day-${tag}-${String(index).padStart(12, "0")}`,
          phone: `+995 599 ${String(index + days).padStart(3, "0")} ${javaScriptEnabled ? "111" : "222"}`,
        })),
        courier: { name: courierName, phone: `599 4${days}${javaScriptEnabled ? 1 : 2} 000` },
      });
      const placed = seeded.orders.map((order, index) => ({
        ...order,
        address: wanted[index]?.address ?? "",
      }));
      const [r14, t12, r3] = placed as [
        (typeof placed)[number],
        (typeof placed)[number],
        (typeof placed)[number],
      ];
      expect(r14.fee).toBe(700);
      expect(t12.fee).toBe(0);
      const goods = (parcel: (typeof placed)[number]) => parcel.total - parcel.fee;
      const all = r14.total + t12.total + r3.total;
      const courier = { id: seeded.courierId };

      await page.setViewportSize(PHONE_SCREEN);
      await signInToDesk(page, "Nino", shop, "owner");

      // The hand-off: a heading a zone, Tbilisi first as the owner lists them, then address.
      await page.goto(`${shop.url}/desk/handoff?lng=${lng}&day=${day}&courier=${courier.id}`);
      await settled();
      const zones = page.locator("form[method='post'] .desk-handoff__zone").filter({
        has: page.locator("input:checked"),
      });
      await expect(zones.locator("h3")).toHaveText([
        tbilisi.names[lng] ?? "",
        rustavi.names[lng] ?? "",
      ]);
      await expect(zones.nth(1).locator(".desk-handoff__order")).toHaveText([
        new RegExp(r3.address),
        new RegExp(r14.address),
      ]);
      await expect(zones.nth(1).locator(".desk-handoff__order").first()).toContainText(
        money(r3.total),
      );
      await noSideScroll(page);
      await page
        .getByRole("button", { name: t("handoff.handOver", { courier: courierName }) })
        .click();
      await expect(page.locator(".desk-done")).toContainText(
        t("handoff.done", { courier: courierName, count: 3 }),
      );

      // The manifest: the same groups, each parcel's cash with its fee, each zone's, the total.
      await page.goto(`${shop.url}/desk/manifest?lng=${lng}&courier=${courier.id}&day=${day}`);
      await settled();
      await expect(page.locator(".desk-manifest__zone-name")).toHaveText([
        tbilisi.names[lng] ?? "",
        rustavi.names[lng] ?? "",
      ]);
      const rustaviRows = page.locator("tbody.desk-manifest__zone").nth(1).locator("tr");
      await expect(rustaviRows.nth(1)).toContainText(r3.address);
      await expect(rustaviRows.nth(1)).toContainText(money(r3.total));
      await expect(rustaviRows.nth(1)).toContainText(t("manifest.withFee", { fee: money(700) }));
      await expect(rustaviRows.nth(2)).toContainText(r14.address);
      await expect(rustaviRows.nth(2)).toContainText(money(goods(r14) + 700));
      await expect(page.locator(".desk-manifest__subtotal").nth(1)).toContainText(
        money(r3.total + r14.total),
      );
      await expect(page.locator("tfoot")).toContainText(money(all));
      expect(all).toBe(goods(r14) + goods(t12) + goods(r3) + 1400);
      await noSideScroll(page);

      // The CSV: Delivery area and Delivery fee columns, the cash with the fee.
      const csv = await (
        await page.request.get(
          `${shop.url}/desk/manifest.csv?courier=${courier.id}&day=${day}&lng=${lng}`,
        )
      ).text();
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toContain(`${t("manifest.deliveryArea")},${t("manifest.deliveryFee")}`);
      expect(lines.find((line) => line.includes(r14.address))).toContain(
        `${rustavi.names[lng]},7.00,${((goods(r14) + 700) / 100).toFixed(2)}`,
      );
      expect(lines.at(-1)).toContain((all / 100).toFixed(2));
      // In English, the columns' words exactly.
      const english = await (
        await page.request.get(
          `${shop.url}/desk/manifest.csv?courier=${courier.id}&day=${day}&lng=en`,
        )
      ).text();
      expect(english.split("\r\n")[0]).toContain("Delivery area,Delivery fee");

      // The cash page: the courier's expected cash is goods and fee, split by zone.
      await page.goto(`${shop.url}/desk/cash?lng=${lng}&day=${day}`);
      await settled();
      const card = page.locator(".desk-courier-day").filter({ hasText: courierName });
      await expect(card.locator(".desk-cash-figures > div").nth(1)).toContainText(money(all));
      await expect(card.locator(".desk-cash-zones tr")).toHaveText([
        new RegExp(`${tbilisi.names[lng]}.*${literal(money(t12.total))}`),
        new RegExp(`${rustavi.names[lng]}.*${literal(money(r3.total + r14.total))}`),
      ]);
      await noSideScroll(page);

      // Two parcels delivered: the numbers show goods and delivery fees apart, and by zone.
      seed({ command: "deliver", path: shop.databasePath, numbers: [r14.number, t12.number] });
      await page.goto(
        `${shop.url}/desk/reports?lng=${lng}&period=range&from=${day}&to=${day}&by=delivery`,
      );
      await settled();
      const figure = (key: string) =>
        page.locator(".desk-figure").filter({
          has: page.getByText(t(`reports.figure.${key}`), { exact: true }),
        });
      await expect(figure("collected").locator(".desk-figure__value")).toHaveText(
        money(r14.total + t12.total),
      );
      await expect(figure("goods").locator(".desk-figure__value")).toHaveText(
        money(goods(r14) + goods(t12)),
      );
      await expect(figure("fees").locator(".desk-figure__value")).toHaveText(money(700));
      const byZone = page.locator("table").filter({ hasText: t("reports.byZone") });
      await expect(byZone.locator("tbody tr")).toHaveCount(2);
      await expect(byZone.locator("tbody tr").nth(0).locator("th, td")).toHaveText([
        tbilisi.names[lng] ?? "",
        "1",
        "1",
        money(goods(t12)),
        money(0),
      ]);
      await expect(byZone.locator("tbody tr").nth(1).locator("th, td")).toHaveText([
        rustavi.names[lng] ?? "",
        "2",
        "1",
        money(goods(r14)),
        money(700),
      ]);
      await noSideScroll(page);
    });
  }
});

/** A text as a regular expression matches it literally. */
function literal(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
