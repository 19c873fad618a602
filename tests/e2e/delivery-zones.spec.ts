import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { shopClockEnv, stopClockAt } from "./support/shop-clock";
import { expect, test } from "./support/test";

// Delivery priced by place and the courier's week (D84), as a shopper on a phone meets it,
// in Georgian and Arabic, with and without JavaScript. The shop runs under libfaketime: its
// clock is Tuesday 1 December 2026 in Tbilisi, at 14:59 and then at 15:01, either side of
// a 15:00 cut-off. Tbilisi costs 5 ₾ and is free from 150 ₾; Rustavi costs 7 ₾ and is
// delivered on Tuesdays and Fridays only; Tuesday 8 December is a holiday.

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 375, height: 800 } });

let server: ShopServer;
let clockFile: string;

const setClock = (tbilisi: string) => stopClockAt(clockFile, tbilisi);

const ZONES = [
  {
    id: "tbilisi",
    names: { ru: "Тбилиси", ka: "თბილისი", ar: "تبليسي" },
    fee: 500,
    freeFrom: 15_000,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    earliest: 0,
    on: true,
  },
  {
    id: "rustavi",
    names: { ru: "Рустави", ka: "რუსთავი", ar: "روستافي" },
    fee: 700,
    freeFrom: null,
    weekdays: [2, 5],
    earliest: 0,
    on: true,
  },
];
const NAMES = { ka: "რუსთავი", ar: "روستافي" } as const;

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-zones-"));
  clockFile = join(dir, "clock");
  setClock("2026-12-01T14:59:00");
  server = await startShop(
    {
      ORDER_RATE_LIMIT: "0",
      ...shopClockEnv(clockFile),
    },
    dir,
  );
  const db = new Database(join(dir, "shop.sqlite"));
  const put = db.prepare(
    "insert into shop_settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value",
  );
  put.run("zones", JSON.stringify({ list: ZONES }));
  put.run("week", JSON.stringify({ cutoffHour: 15, holidays: ["2026-12-08"], minimum: null }));
  db.prepare("update content_revision set revision = revision + 1 where id = 1").run();
  db.close();
  // Every process looks for a new revision within 250 ms: wait until the checkout offers areas.
  const cookie = `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`;
  await expect
    .poll(async () => (await fetch(`${server.url}/checkout`, { headers: { cookie } })).text())
    .toContain('id="area"');
});

test.afterAll(async () => {
  await server?.stop();
});

async function withCart(page: Page, lng: "ka" | "ar", qty = 1) {
  const cart = encodeURIComponent(`[["body/hemor-cream",${qty}]]`);
  await page.context().addCookies([{ name: "cart_v1", value: cart, url: server.url }]);
  await page.goto(`${server.url}/checkout?lng=${lng}`);
}

async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Chooses the area: at once with JavaScript, with the form's own button without it. */
async function chooseArea(page: Page, lng: "ka" | "ar", id: string, javaScriptEnabled: boolean) {
  await page.getByLabel(text(lng, "checkout", "fields.area")).selectOption(id);
  if (!javaScriptEnabled) {
    await page.getByRole("button", { name: text(lng, "checkout", "fields.areaShow") }).click();
    await expect(page.getByLabel(text(lng, "checkout", "fields.area"))).toHaveValue(id);
  }
}

const summary = (page: Page) => page.locator(".order-summary");

for (const lng of ["ka", "ar"] as const) {
  test(`${lng}: the area's fee and the new total show before confirming, and the order keeps them`, async ({
    page,
    javaScriptEnabled,
  }) => {
    setClock("2026-12-01T14:59:00");
    await withCart(page, lng);
    await ready(page, javaScriptEnabled);
    // The address typed first stays when the page is asked again for the fee.
    await page.getByLabel(text(lng, "checkout", "fields.address")).fill(`Zone street 1 ${lng}`);
    await chooseArea(page, lng, "rustavi", javaScriptEnabled);
    await expect(page.getByLabel(text(lng, "checkout", "fields.address"))).toHaveValue(
      `Zone street 1 ${lng}`,
    );
    await expect(summary(page)).toContainText(NAMES[lng]);
    await expect(summary(page).locator(".order-summary__money")).toContainText("7");
    await expect(summary(page).locator(".order-summary__total")).toContainText("107");

    // 14:59 on a Tuesday: today still reaches Rustavi.
    await page.getByLabel(text(lng, "checkout", "fields.deliveryTime")).fill("01.12.26");
    await page.getByLabel(text(lng, "checkout", "fields.phone")).fill("599 123 456");
    await page.getByRole("button", { name: text(lng, "checkout", "submit") }).click();
    await expect(page).toHaveURL(/\/checkout\/thanks/);
    await expect(page.locator("main")).toContainText("107");

    const db = new Database(join(server.dir, "shop.sqlite"), { readonly: true });
    const order = db
      .prepare(
        "select total, delivery_fee, delivery_area, delivery_zone, delivery_time from orders where address = ?",
      )
      .get(`Zone street 1 ${lng}`);
    db.close();
    expect(order).toEqual({
      total: 10_700,
      delivery_fee: 700,
      delivery_area: NAMES[lng],
      delivery_zone: "rustavi",
      delivery_time: "01.12.26",
    });
  });

  test(`${lng}: after the cut-off, today and a holiday are refused with the next possible day`, async ({
    page,
    javaScriptEnabled,
  }) => {
    setClock("2026-12-01T15:01:00");
    await withCart(page, lng);
    await ready(page, javaScriptEnabled);
    await chooseArea(page, lng, "rustavi", javaScriptEnabled);
    const date = page.getByLabel(text(lng, "checkout", "fields.deliveryTime"));
    const friday = text(lng, "checkout", "weekday.5");
    for (const [typed, next] of [
      ["01.12.26", "04.12"],
      ["08.12.26", "11.12"],
    ] as const) {
      await page.getByLabel(text(lng, "checkout", "fields.address")).fill("Zone street 2");
      await date.fill(typed);
      if (javaScriptEnabled) {
        // The masked field takes only the area's days: it moves to the next one at once.
        await date.blur();
        await expect(date).toHaveValue(`${next}.26`);
      } else {
        await page.getByLabel(text(lng, "checkout", "fields.phone")).fill("599 123 457");
        await page.getByRole("button", { name: text(lng, "checkout", "submit") }).click();
        const alert = page.getByRole("alert");
        await expect(alert).toContainText(NAMES[lng]);
        await expect(alert).toContainText(friday);
        await expect(alert).toContainText(next);
        await expect(page.getByLabel(text(lng, "checkout", "fields.area"))).toHaveValue("rustavi");
      }
    }
  });

  test(`${lng}: free delivery from 150 ₾, and the cart says how far it is`, async ({
    page,
    javaScriptEnabled,
  }) => {
    setClock("2026-12-01T10:00:00");
    await withCart(page, lng);
    await page.goto(`${server.url}/cart?lng=${lng}`);
    await expect(page.locator(".cart-summary__delivery")).toContainText("150");
    await expect(page.locator(".cart-summary__delivery")).toContainText("50");
    await withCart(page, lng, 2);
    await ready(page, javaScriptEnabled);
    await chooseArea(page, lng, "tbilisi", javaScriptEnabled);
    await expect(summary(page).locator(".order-summary__money")).toContainText(
      text(lng, "checkout", "summary.free"),
    );
    await expect(summary(page).locator(".order-summary__total")).toContainText("200");
    // Nothing runs off a 375 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
}
