import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type DeliveryZone, defaultZones } from "../../app/delivery/zones";
import { formatPrice } from "../../app/i18n/money";
import { addDays, shopToday, toIsoDate, toShortDate } from "../../app/platform/calendar";
import { systemClock } from "../../app/platform/clock";
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

/** Runs ./support/promotions-seed.ts (the shop's own placeOrder) against `path`. */
function seed<T>(input: Record<string, unknown>): T {
  const output = execFileSync(
    process.execPath,
    [
      "node_modules/vite-node/vite-node.mjs",
      "--config",
      "vitest.config.ts",
      "tests/e2e/support/promotions-seed.ts",
      JSON.stringify(input),
    ],
    { encoding: "utf8" },
  );
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as T;
}

/** A CSV line's cells, quotes undone. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)) {
    if (match.index === line.length && cells.length > 0) break;
    const cell = match[1] ?? "";
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
  }
  return cells;
}

interface Placed {
  number: number;
  total: number;
  fee: number;
  discount: number;
  token: string;
}

/**
 * A promotion code on the orders (issue 38, D86), on a phone in Georgian and in Arabic,
 * with and without JavaScript: three parcels to Rustavi, two with the code. The discount
 * reads the same on the desk's order page, the slip, the manifest, the private page and the
 * CSV; the courier's expected cash is goods − discount + fee; once one coded order is
 * delivered and the other refused, the report's row for the code is what the orders say.
 */
test.describe("a promotion's discount on the order's surfaces", () => {
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
    test(`in ${lng}: the discount from the order page to the numbers`, async ({
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
      // A day and a code of their own for each run, so runs never see each other's orders.
      const date = addDays(shopToday(systemClock()), days + (javaScriptEnabled ? 0 : 2));
      const day = toIsoDate(date);
      const tag = `${lng}${javaScriptEnabled ? "j" : "n"}`;
      const code = `ZAMTARI${tag.toUpperCase()}`;
      const name = `Winter ${tag}`;
      const courierName = `Promo courier ${tag}`;
      const wanted = [
        { address: `მეგობრობის 20 ${tag}`, qty: 2, code: code.toLowerCase() },
        { address: `მეგობრობის 21 ${tag}`, qty: 3, code },
        { address: `მეგობრობის 22 ${tag}`, qty: 1, code: null },
      ];
      const seeded = seed<{ orders: Placed[]; courierId: number }>({
        command: "seed",
        path: shop.databasePath,
        zones: [tbilisi, rustavi],
        promotion: { name, code, percent: 15 },
        day,
        orders: wanted.map((order, index) => ({
          ...order,
          zone: "rustavi",
          deliveryTime: toShortDate(date),
          language: lng,
          token: `promo-orders-${tag}-${String(index).padStart(12, "0")}`,
          phone: `+995 598 ${String(index + days).padStart(3, "0")} ${javaScriptEnabled ? "111" : "222"}`,
        })),
        courier: { name: courierName, phone: `598 4${days}${javaScriptEnabled ? 1 : 2} 000` },
      });
      const [a, b, c] = seeded.orders as [Placed, Placed, Placed];
      // 15 % of the goods, worked out here from the goods the orders carry.
      const goods = (order: Placed) => order.total - order.fee + order.discount;
      expect(a.discount).toBe(Math.round(goods(a) * 0.15));
      expect(b.discount).toBe(Math.round(goods(b) * 0.15));
      expect(c.discount).toBe(0);
      for (const order of seeded.orders)
        expect(order.total).toBe(goods(order) - order.discount + order.fee);
      const shown = String(a.number);
      const minus = `−${money(a.discount)}`;

      await page.setViewportSize(PHONE_SCREEN);
      await signInToDesk(page, "Nino", shop, "owner");

      // The desk's order page: goods, the code's line with its name and amount, the cash.
      await page.goto(`${shop.url}/desk/orders/${shown}?lng=${lng}`);
      await settled();
      const foot = page.locator(".desk-items tfoot");
      await expect(foot.getByRole("row", { name: t("amounts.goods") })).toContainText(
        money(goods(a)),
      );
      const codeRow = foot.locator(".desk-items__promotion");
      await expect(codeRow).toHaveCount(1);
      await expect(codeRow).toContainText(t("amounts.codeLine"));
      await expect(codeRow).toContainText(code);
      await expect(codeRow).toContainText(name);
      await expect(codeRow).toContainText(minus);
      await expect(foot.getByRole("row", { name: t("order.totalToCollect") })).toContainText(
        money(a.total),
      );
      await noSideScroll(page);

      // The list: the code and its discount on the order's card.
      await page.goto(`${shop.url}/desk?tab=all&q=${shown}&lng=${lng}`);
      await settled();
      const card = page.locator(".desk-order").filter({ hasText: shown });
      await expect(card).toContainText(code);
      await expect(card).toContainText(minus);
      await noSideScroll(page);

      // The slip.
      await page.goto(`${shop.url}/desk/orders/${shown}/slip?lng=${lng}`);
      const slip = page.locator(".desk-slip");
      await expect(slip.locator(".desk-slip__promotion")).toContainText(code);
      await expect(slip.locator(".desk-slip__promotion")).toContainText(minus);
      await expect(slip.locator(".desk-slip__total")).toContainText(money(a.total));

      // The manifest: each coded parcel's cash after the discount, with the discount named.
      await page.goto(
        `${shop.url}/desk/manifest?lng=${lng}&courier=${seeded.courierId}&day=${day}`,
      );
      await settled();
      const parcel = page
        .locator(".desk-manifest__table tr")
        .filter({ hasText: wanted[0]?.address ?? "" });
      await expect(parcel).toContainText(money(a.total));
      await expect(parcel.locator(".desk-manifest__discount")).toHaveText(
        t("manifest.afterDiscount", { code, discount: money(a.discount) }),
      );
      await expect(
        page
          .locator(".desk-manifest__table tr")
          .filter({ hasText: wanted[2]?.address ?? "" })
          .locator(".desk-manifest__discount"),
      ).toHaveCount(0);
      await expect(page.locator(".desk-manifest__table tfoot")).toContainText(
        money(a.total + b.total + c.total),
      );
      await noSideScroll(page);

      // The manifest's CSV and the orders' CSV: the discount in its own column.
      const manifestCsv = (
        await (
          await page.request.get(
            `${shop.url}/desk/manifest.csv?courier=${seeded.courierId}&day=${day}&lng=${lng}`,
          )
        ).text()
      )
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      const manifestColumns = cellsOf(manifestCsv[0] ?? "");
      const manifestRow = cellsOf(
        manifestCsv.find((line) => line.includes(wanted[0]?.address ?? "")) ?? "",
      );
      expect(manifestRow[manifestColumns.indexOf(t("csv.discount"))]).toBe(
        (a.discount / 100).toFixed(2),
      );
      expect(manifestRow[manifestColumns.indexOf(t("manifest.cash"))]).toBe(
        (a.total / 100).toFixed(2),
      );
      const csv = (
        await (
          await page.request.get(`${shop.url}/desk/export.csv?tab=all&q=${shown}&lng=en`)
        ).text()
      )
        .replace(/^\uFEFF/, "")
        .split("\r\n");
      const columns = cellsOf(csv[0] ?? "");
      const cells = cellsOf(csv[1] ?? "");
      expect(columns.indexOf("Promo code")).toBe(columns.indexOf("Delivery fee") + 1);
      expect(columns.indexOf("Discount")).toBe(columns.indexOf("Delivery fee") + 2);
      expect(cells[columns.indexOf("Promo code")]).toBe(code);
      expect(cells[columns.indexOf("Discount")]).toBe((a.discount / 100).toFixed(2));
      expect(cells[columns.indexOf("Total, ₾")]).toBe((a.total / 100).toFixed(2));

      // The cash page: the courier's expected cash is goods − discount + fee, parcel by parcel.
      await page.goto(`${shop.url}/desk/cash?lng=${lng}&day=${day}`);
      await settled();
      const courierCard = page.locator(".desk-courier-day").filter({ hasText: courierName });
      await expect(courierCard.locator(".desk-cash-figures > div").nth(1)).toContainText(
        money(
          seeded.orders.reduce((sum, order) => sum + goods(order) - order.discount + order.fee, 0),
        ),
      );
      await noSideScroll(page);

      // The shopper's private page, in the order's language.
      await page.goto(`${shop.url}/o/${a.token}?lng=${lng}`);
      await settled();
      const facts = page.locator(".order-page__facts");
      const line = facts.locator(".order-page__promotion");
      await expect(line).toContainText(code);
      await expect(line).toContainText(name);
      await expect(line).toContainText(minus);
      await expect(facts).toContainText(money(goods(a)));
      await expect(facts).toContainText(money(a.total));
      await noSideScroll(page);

      // One coded parcel delivered, the other refused, the third delivered: the report's row.
      seed({
        command: "settle",
        path: shop.databasePath,
        outcomes: [
          { number: a.number, to: "delivered" },
          { number: b.number, to: "refused" },
          { number: c.number, to: "delivered" },
        ],
      });
      await page.goto(
        `${shop.url}/desk/reports?lng=${lng}&period=range&from=${day}&to=${day}&by=delivery`,
      );
      await settled();
      const byPromotion = page.locator("table").filter({ hasText: t("reports.byPromotion") });
      const row = byPromotion.locator("tbody tr");
      await expect(row).toHaveCount(1);
      const coded = [a, b];
      const delivered = [a];
      const refused = [b];
      // Orders without a promotion that day: one delivered, none refused.
      await expect(row.locator("th, td")).toHaveText([
        new RegExp(`${code}.*${name}`),
        String(coded.length),
        String(delivered.length),
        String(refused.length),
        money(delivered.reduce((sum, order) => sum + order.discount, 0)),
        money(delivered.reduce((sum, order) => sum + order.total, 0)),
        "50 %",
        "0 %",
      ]);
      await noSideScroll(page);

      // An order by phone: a code that is none is refused and named, what was typed kept;
      // the shop's code then takes its 15 % off, as on the website.
      const productTitle = text(lng, "catalog", "products.hemor-cream.title");
      const wrong = `NOPE${tag.toUpperCase()}`;
      await page.goto(`${shop.url}/desk/orders/new?lng=${lng}`);
      await settled();
      await page.getByLabel(new RegExp(productTitle)).fill("2");
      await page
        .getByLabel(t("order.phone"))
        .fill(`599 7${days} ${javaScriptEnabled ? 11 : 22} 33`);
      await page.getByLabel(t("order.address")).fill(`რუსთავი, მეგობრობის 30 ${tag}`);
      await page.getByLabel(t("order.deliveryDate")).fill(toShortDate(date));
      await page.getByLabel(t("amounts.deliveryArea")).selectOption("rustavi");
      await page.getByLabel(t("phoneOrder.promoCode")).fill(wrong);
      await page.getByRole("button", { name: t("phoneOrder.place") }).click();
      await expect(page.locator(".desk-error")).toHaveText(
        t("phoneOrder.promo.unknown", { code: wrong }),
      );
      await expect(page.getByLabel(t("phoneOrder.promoCode"))).toHaveValue(wrong);
      await expect(page.getByLabel(t("phoneOrder.promoCode"))).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await noSideScroll(page);
      await page.getByLabel(t("phoneOrder.promoCode")).fill(code.toLowerCase());
      await page.getByRole("button", { name: t("phoneOrder.place") }).click();
      await expect(page).toHaveURL(/\/desk\/orders\/\d{6}$/);
      await settled();
      await expect(page.locator(".desk-items tfoot .desk-items__promotion")).toContainText(
        `−${money(Math.round(goods(a) * 0.15))}`,
      );
      await expect(
        page.locator(".desk-items tfoot").getByRole("row", { name: t("order.totalToCollect") }),
      ).toContainText(money(goods(a) - Math.round(goods(a) * 0.15) + 700));

      // Today the owner makes the code 50 %; a third jar on the phone order is still priced
      // by the 15 % it was placed with, and the discount's change is in the timeline.
      seed({ command: "rule", path: shop.databasePath, code, percent: 50 });
      const phoneOrder = /\d{6}$/.exec(page.url())?.[0] ?? "";
      const jar = goods(a) / 2;
      await page.goto(`${shop.url}/desk/orders/${phoneOrder}/edit?lng=${lng}`);
      await settled();
      await expect(page.getByText(t("edit.promotionsHint"))).toBeVisible();
      await page.getByLabel(new RegExp(productTitle)).fill("3");
      await page.getByRole("button", { name: t("edit.save") }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/orders/${phoneOrder}$`));
      await settled();
      const before = Math.round(jar * 2 * 0.15);
      const after = Math.round(jar * 3 * 0.15);
      await expect(page.locator(".desk-items tfoot .desk-items__promotion")).toContainText(
        `−${money(after)}`,
      );
      await expect(
        page.locator(".desk-items tfoot").getByRole("row", { name: t("order.totalToCollect") }),
      ).toContainText(money(jar * 3 - after + 700));
      await expect(page.locator(".desk-timeline").first()).toContainText(
        t("event.edited.discount", { before: money(before), after: money(after) }),
      );
      await noSideScroll(page);
    });
  }
});
