import { join } from "node:path";
import Database from "better-sqlite3";
import { formatPrice } from "../../app/i18n/money";
import { type DeskShop, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

const PHONE_SCREEN = { width: 375, height: 667 };

/** One CSV line's cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)) {
    if (match.index === line.length && cells.length > 0) break;
    const cell = match[1] ?? "";
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
  }
  return cells;
}

/** The zones: Tbilisi 5 ₾ (free from 150 ₾), Rustavi 7 ₾, a region on Tuesday and Friday. */
const zones = [
  {
    id: "tbilisi",
    names: { ru: "Тбилиси", ka: "თბილისი", ar: "تبليسي", en: "Tbilisi" },
    fee: 500,
    freeFrom: 15_000,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    earliest: 0,
    on: true,
  },
  {
    id: "rustavi",
    names: { ru: "Рустави", ka: "რუსთავი", ar: "روستافي", en: "Rustavi" },
    fee: 700,
    freeFrom: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    earliest: 0,
    on: true,
  },
  {
    id: "kakheti",
    names: { ru: "Кахетия", ka: "კახეთი", ar: "كاخيتي", en: "Kakheti" },
    fee: 1_500,
    freeFrom: null,
    weekdays: [2, 5],
    earliest: 1,
    on: true,
  },
];

/**
 * The delivery fee is part of the order wherever its total is (issue 37, D84): an order to
 * Rustavi, 7 ₾ on top of its goods, reads the same goods, fee and total on the desk's page,
 * its slip, the shopper's private page and the CSV; a correction to Tbilisi changes the fee.
 */
test.describe("the delivery fee on every surface", () => {
  let server: ShopServer | undefined;
  let shop: DeskShop & { databasePath: string };

  test.beforeAll(async () => {
    server = await startShop({ ORDER_RATE_LIMIT: "0" });
    shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  function write<T>(work: (db: Database.Database) => T): T {
    const db = new Database(shop.databasePath, { fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      return work(db);
    } finally {
      db.close();
    }
  }

  test("an order to Rustavi shows its goods, fee and total everywhere, and a correction to Tbilisi changes the fee", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE_SCREEN);
    const number = await placeOrderOverHttp(
      shop.url,
      "რუსთავი, მეგობრობის 7",
      javaScriptEnabled ? "+995 555 37 37 01" : "+995 555 37 37 02",
      "ka",
    );
    // The shop's zones, and the order as the checkout places it to Rustavi (D84).
    const order = write((db) => {
      db.prepare(
        "insert into shop_settings (key, value) values ('zones', ?) on conflict (key) do update set value = excluded.value",
      ).run(JSON.stringify({ list: zones }));
      db.prepare("update content_revision set revision = revision + 1 where id = 1").run();
      db.prepare(
        "update orders set delivery_zone = 'rustavi', delivery_area = 'რუსთავი', delivery_fee = 700, total = total + 700 where order_number = ?",
      ).run(Number(number));
      return db
        .prepare("select total, track_token from orders where order_number = ?")
        .get(Number(number)) as { total: number; track_token: string };
    });
    const goods = order.total - 700;
    const ka = (key: string) => text("ka", "desk", key);
    const gel = (tetri: number, language: string) => formatPrice(tetri, language);

    await signInToDesk(page, "Nino", shop, "owner");
    await page.goto(`${shop.url}/desk/orders/${number}?lng=ka`);
    const details = page.locator(".desk-details");
    await expect(details).toContainText(ka("amounts.deliveryArea"));
    await expect(details).toContainText("რუსთავი");
    const items = page.locator(".desk-items tfoot");
    await expect(items.getByRole("row", { name: ka("amounts.goods") })).toContainText(
      gel(goods, "ka"),
    );
    await expect(items.getByRole("row", { name: ka("amounts.deliveryFee") })).toContainText(
      gel(700, "ka"),
    );
    await expect(items.getByRole("row", { name: ka("order.totalToCollect") })).toContainText(
      gel(order.total, "ka"),
    );

    await page.goto(`${shop.url}/desk/orders/${number}/slip?lng=ka`);
    const slip = page.locator(".desk-slip");
    await expect(slip).toContainText("რუსთავი");
    await expect(slip.locator(".desk-slip__delivery")).toContainText(gel(700, "ka"));
    await expect(slip.locator(".desk-slip__total")).toContainText(gel(order.total, "ka"));

    const csv = await page.request.get(`${shop.url}/desk/export.csv?tab=all&q=${number}&lng=en`);
    const [head, row] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    const columns = cellsOf(head ?? "");
    const cells = cellsOf(row ?? "");
    expect(cells[columns.indexOf("Delivery area")]).toBe("Rustavi");
    expect(cells[columns.indexOf("Delivery fee")]).toBe("7.00");
    expect(cells[columns.indexOf("Total, ₾")]).toBe((order.total / 100).toFixed(2));

    // The shopper's private page, in Arabic.
    await page.goto(`${shop.url}/o/${order.track_token}?lng=ar`);
    const facts = page.locator(".order-page__facts");
    await expect(facts).toContainText(text("ar", "checkout", "amounts.deliveryLabel"));
    await expect(facts).toContainText("روستافي");
    await expect(facts).toContainText(gel(700, "ar"));
    await expect(facts).toContainText(gel(goods, "ar"));
    await expect(facts).toContainText(gel(order.total, "ar"));

    // A correction to Tbilisi: its 5 ₾ now, the total with it, the change in the timeline.
    await page.goto(`${shop.url}/desk/orders/${number}/edit?lng=ka`);
    await page.getByLabel(ka("amounts.deliveryArea")).selectOption("tbilisi");
    await page.getByRole("button", { name: ka("edit.save") }).click();
    await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}$`));
    await expect(page.locator(".desk-details")).toContainText("თბილისი");
    await expect(
      page.locator(".desk-items tfoot").getByRole("row", { name: ka("amounts.deliveryFee") }),
    ).toContainText(gel(500, "ka"));
    await expect(
      page.locator(".desk-items tfoot").getByRole("row", { name: ka("order.totalToCollect") }),
    ).toContainText(gel(goods + 500, "ka"));
    await expect(page.locator(".desk-timeline").first()).toContainText(
      `რუსთავი, ${gel(700, "ka")} → თბილისი, ${gel(500, "ka")}`,
    );

    // Arabic desk reader: the list names the area and the fee in their language.
    await page.goto(`${shop.url}/desk?tab=all&q=${number}&lng=ar`);
    const listed = page.locator(".desk-order").filter({ hasText: number });
    await expect(listed).toContainText("تبليسي");
    await expect(listed).toContainText(gel(500, "ar"));
  });
});
