import { join } from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import type { DeliveryZone } from "../../app/delivery/zones";
import { formatPrice } from "../../app/i18n/money";
import { addDays, shopToday, toIsoDate, toShortDate } from "../../app/platform/calendar";
import { systemClock } from "../../app/platform/clock";
import { seedDelivery } from "./support/delivery-seed";
import { type DeskShop, signInToDesk, uniquePhone } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate } from "./support/shop";
import { expect, test } from "./support/test";

// Delivery zones' rules around an order (issue 37), on a phone in Georgian and Arabic, with
// and without JavaScript, on a shop of its own: Tbilisi costs 5 ₾ and is free from 150 ₾,
// Rustavi costs 7 ₾, and the minimum order is 150 ₾. A 100 ₾ cart is refused with what is
// missing; an order taken by phone chooses its area and carries its fee; an order whose
// delivery day has passed is flagged in the desk's list.

test.use({ viewport: { width: 375, height: 800 } });

const zone = (id: string, names: DeliveryZone["names"], fee: number, freeFrom: number | null) => ({
  id,
  names,
  fee,
  freeFrom,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  earliest: 0,
  on: true,
});
const ZONES: DeliveryZone[] = [
  zone("tbilisi", { ru: "Тбилиси", ka: "თბილისი", ar: "تبليسي" }, 500, 15_000),
  zone("rustavi", { ru: "Рустави", ka: "რუსთავი", ar: "روستافي" }, 700, null),
];
const MINIMUM = 15_000;

let server: ShopServer | undefined;
let shop: DeskShop & { databasePath: string };

test.beforeAll(async () => {
  server = await startShop({ ORDER_RATE_LIMIT: "0" });
  shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
  const db = new Database(shop.databasePath);
  const put = db.prepare(
    "insert into shop_settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value",
  );
  put.run("zones", JSON.stringify({ list: ZONES }));
  put.run("week", JSON.stringify({ cutoffHour: null, holidays: [], minimum: MINIMUM }));
  db.prepare("update content_revision set revision = revision + 1 where id = 1").run();
  db.close();
  // Every process looks for a new revision within 250 ms: wait until the checkout asks it.
  const cookie = `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`;
  await expect
    .poll(async () => (await fetch(`${shop.url}/checkout`, { headers: { cookie } })).text())
    .toContain("order-summary__minimum");
});

test.afterAll(async () => {
  await server?.stop();
});

function ordersAt(address: string): number {
  const db = new Database(shop.databasePath, { readonly: true });
  try {
    return (
      db.prepare("select count(*) as n from orders where address = ?").get(address) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

for (const lng of ["ka", "ar"] as const) {
  const say = (key: string) => text(lng, "checkout", key);
  const desk = (key: string) => text(lng, "desk", key);
  const gel = (tetri: number) => formatPrice(tetri, lng);

  test(`${lng}: below the minimum order, the checkout says what is missing and places nothing`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const address = `Minimum street 1 ${lng} ${javaScriptEnabled ? "js" : "no-js"}`;
    await page
      .context()
      .addCookies([
        { name: "cart_v1", value: encodeURIComponent('[["body/hemor-cream",1]]'), url: shop.url },
      ]);
    await page.goto(`${shop.url}/checkout?lng=${lng}`);
    await ready(page, javaScriptEnabled);
    // The summary says it before anything is typed: 150 ₾ is the minimum, 50 ₾ is missing.
    const minimum = page.locator(".order-summary .order-summary__minimum");
    await expect(minimum).toContainText(gel(MINIMUM));
    await expect(minimum).toContainText(gel(5_000));

    await page.getByLabel(say("fields.area")).selectOption("tbilisi");
    await page.getByLabel(say("fields.address")).fill(address);
    await page.getByLabel(say("fields.deliveryTime")).fill(deliveryDate(2));
    await page.getByLabel(say("fields.phone")).fill("599 150 150");
    await page.getByRole("button", { name: say("submit") }).click();

    // Refused on the checkout, with the minimum and what is missing; nothing stored.
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(say("check.minimum").split("{{")[0]?.trim() ?? "");
    await expect(alert).toContainText(gel(MINIMUM));
    await expect(alert).toContainText(gel(5_000));
    await expect(page).toHaveURL(/\/checkout(\?|$)/);
    await expect(page.getByLabel(say("fields.address"))).toHaveValue(address);
    expect(ordersAt(address)).toBe(0);
  });

  test(`${lng}: an order taken by phone chooses its area, and its fee is on the order`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const address = `Phone street 7 ${lng} ${javaScriptEnabled ? "js" : "no-js"}`;
    await signInToDesk(page, "Eka", shop);
    await page.goto(`${shop.url}/desk/orders/new?lng=${lng}`);
    await ready(page, javaScriptEnabled);
    const title = text(lng, "catalog", "products.hemor-cream.title");
    await page.getByLabel(new RegExp(title)).fill("2");
    await page.getByLabel(desk("amounts.deliveryArea")).selectOption("rustavi");
    await page.getByLabel(desk("order.phone")).fill(uniquePhone());
    await page.getByLabel(desk("order.address")).fill(address);
    await page.getByLabel(desk("order.deliveryDate")).fill(deliveryDate(2));
    await page.getByRole("button", { name: desk("phoneOrder.place") }).click();

    await expect(page).toHaveURL(/\/desk\/orders\/\d{6}$/);
    await expect(page.locator(".desk-details")).toContainText(ZONES[1]?.names[lng] ?? "");
    const foot = page.locator(".desk-items tfoot");
    await expect(foot.getByRole("row", { name: desk("amounts.deliveryFee") })).toContainText(
      gel(700),
    );
    await expect(foot.getByRole("row", { name: desk("order.totalToCollect") })).toContainText(
      gel(20_700),
    );
    expect(ordersAt(address)).toBe(1);
  });

  test(`${lng}: the desk's list flags an order whose delivery day has passed`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const today = shopToday(systemClock());
    const tag = `${lng}${javaScriptEnabled ? "j" : "n"}`;
    const phones = [uniquePhone(), uniquePhone()];
    const seeded = seedDelivery<{ orders: Array<{ number: number }> }>({
      command: "seed",
      path: shop.databasePath,
      zones: ZONES,
      orders: phones.map((phone, index) => ({
        zone: "tbilisi",
        address: `Overdue street ${index} ${tag}`,
        qty: 2,
        deliveryTime: toShortDate(addDays(today, 1)),
        language: lng,
        token: `overdue-${tag}-${String(index).padStart(12, "0")}`,
        phone,
      })),
      courier: { name: `Courier ${tag}`, phone: uniquePhone() },
    });
    const [late, onTime] = seeded.orders.map((order) => String(order.number));
    // The first was due two days ago, and is still confirmed.
    const past = addDays(today, -2);
    const db = new Database(shop.databasePath);
    db.prepare("update orders set delivery_date = ?, delivery_time = ? where order_number = ?").run(
      toIsoDate(past),
      toShortDate(past),
      Number(late),
    );
    db.close();

    await signInToDesk(page, "Eka", shop);
    await page.goto(
      `${shop.url}/desk?tab=all&q=${encodeURIComponent("Overdue street")}&lng=${lng}`,
    );
    await ready(page, javaScriptEnabled);
    const card = (number = "") => page.locator(".desk-order").filter({ hasText: number });
    await expect(card(late)).toContainText(desk("list.overdue"));
    await expect(card(onTime)).toBeVisible();
    await expect(card(onTime)).not.toContainText(desk("list.overdue"));
  });
}
