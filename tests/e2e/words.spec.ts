import { join } from "node:path";
import { formatPrice } from "../../app/i18n/money";
import { formatShopDate, parseShortDate, toIsoDate } from "../../app/platform/calendar";
import { type DeskShop, signInToDesk, uniquePhone } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderWithThanks } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate } from "./support/shop";
import { expect, test } from "./support/test";

const PHONE_SCREEN = { width: 375, height: 667 };
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
/** The jar's price in a fresh shop (the catalogue's seed), in tetri. */
const JAR = 10000;

/** Whitespace as one space, so "200 ₾" with its no-break space compares as written. */
const plain = (value: string) => value.replace(/\s+/g, " ");

/**
 * Every stored word in the reader's language, and one date and money format per language:
 * an order placed by a Russian-speaking shopper (its titles stored in Russian) is corrected
 * from a phone in Georgian and in Arabic, with and without JavaScript. The correction
 * names the product in the reader's language; the manifest and the activity page show no
 * YYYY-MM-DD and money with its sign; the private page's timeline writes its dates as the
 * desk's timeline does in that language.
 */
test.describe("stored words and formats, read in the reader's language", () => {
  let server: ShopServer | undefined;
  let shop: DeskShop;

  test.beforeAll(async () => {
    server = await startShop({ ORDER_RATE_LIMIT: "0" });
    shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lng of ["ka", "ar"] as const) {
    test(`in ${lng} at 375 px: a correction, the manifest, the activity and the private page`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.setTimeout(120_000);
      const say = (key: string, values: Record<string, string | number> = {}) =>
        text(lng, "desk", key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
          String(values[name] ?? ""),
        );
      const settled = async () => {
        if (javaScriptEnabled)
          await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      };
      const visible = async () => plain(await page.locator("body").innerText());
      const title = text(lng, "catalog", "products.hemor-cream.title");
      const russian = text("ru", "catalog", "products.hemor-cream.title");
      const courier = `Dato ${lng} ${javaScriptEnabled ? "js" : "html"}`;
      const tomorrow = toIsoDate(parseShortDate(deliveryDate(1)) ?? { year: 0, month: 0, day: 0 });

      const { number, thanks } = await placeOrderWithThanks(
        shop.url,
        `Tbilisi, Words ${courier}`,
        uniquePhone(),
        "ru",
      );
      const privatePage = /href="(\/o\/[\w-]+)"/.exec(thanks)?.[1];
      expect(privatePage).toBeTruthy();
      await page.setViewportSize(PHONE_SCREEN);
      await signInToDesk(page, "Nino", shop, "owner");

      // A second jar: the timeline names the product in the reader's language, not Russian.
      await page.goto(`${shop.url}/desk/orders/${number}?lng=${lng}`);
      await settled();
      await page.getByRole("link", { name: say("edit.open") }).click();
      await page.getByLabel(new RegExp(title)).fill("2");
      await settled();
      await page.getByRole("button", { name: say("edit.save") }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}$`));
      await expect(page.locator(".desk-done")).toContainText(say("done.corrected"));
      const timeline = page.locator(".desk-timeline").first();
      await expect(timeline).toContainText(
        say("event.edited.items", { before: `${title} × 1`, after: `${title} × 2` }),
      );
      await expect(timeline).not.toContainText(russian);
      const placedAt = (await timeline.locator(".desk-timeline__at").first().innerText()).trim();
      expect(placedAt).not.toMatch(ISO_DATE);
      await settled();
      await page.getByRole("button", { name: say("outcome.confirmed") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(say("status.confirmed"));

      // A courier takes it; the manifest names the jar in the reader's language, its day
      // as the desk writes days, and the cash with its sign.
      await page.goto(`${shop.url}/desk/couriers`);
      await settled();
      const add = page.locator("form").filter({ has: page.locator("#courier-add") });
      await add.getByLabel(say("couriers.name")).fill(courier);
      await add.getByLabel(say("couriers.phone")).fill(uniquePhone());
      await add.getByRole("button", { name: say("couriers.addButton") }).click();
      await expect(page.locator(".desk-card").filter({ hasText: courier })).toBeVisible();
      await page.goto(`${shop.url}/desk/handoff`);
      await settled();
      await page.getByLabel(say("handoff.day"), { exact: true }).fill(tomorrow);
      await page
        .getByLabel(say("handoff.courier"), { exact: true })
        .selectOption({ label: courier });
      await page.getByRole("button", { name: say("handoff.show") }).click();
      await expect(page.locator(".desk-handoff__order").first()).toBeVisible();
      await settled();
      for (const box of await page.locator("ul.desk-handoff").first().locator("input").all())
        if ((await box.getAttribute("value")) !== number) await box.uncheck();
      await page.getByRole("button", { name: say("handoff.handOver"), exact: true }).click();
      await expect(page.locator(".desk-done")).toContainText(
        say("handoff.done", { courier, count: 1 }),
      );
      await page.getByRole("link", { name: say("handoff.manifest"), exact: true }).click();
      // One parcel (the zone's heading and its cash line are rows of their own, D84).
      await expect(
        page.locator(".desk-manifest__table tbody tr:has(td):not(.desk-manifest__subtotal)"),
      ).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        say("manifest.title", { courier, date: formatShopDate(tomorrow) }),
      );
      await expect(page.locator(".desk-manifest__table tbody")).toContainText(title);
      await expect(page.locator(".desk-manifest__table tbody")).not.toContainText(russian);
      const manifest = await visible();
      expect(manifest).not.toMatch(ISO_DATE);
      expect(manifest).toContain(plain(formatPrice(2 * JAR, lng)));

      // The cash counted from the courier: the activity page says the day and the money
      // the way the desk writes them, never YYYY-MM-DD or a bare "200.00".
      await page.goto(`${shop.url}/desk/cash?day=${tomorrow}`);
      await settled();
      const day = page.locator(".desk-courier-day").filter({ hasText: courier });
      await day.getByLabel(say("cash.receivedLabel")).fill("200");
      await day.getByRole("button", { name: say("cash.saveReceived") }).click();
      await expect(
        page
          .locator(".toast, [role=status]")
          .filter({ hasText: say("cash.receivedSaved") })
          .first(),
      ).toBeVisible();
      await page.goto(`${shop.url}/desk/activity`);
      const entry = page
        .locator(".desk-card")
        .filter({ hasText: courier })
        .filter({
          hasText: say("activity.fields.received"),
        });
      await expect(entry).toContainText(`${courier} · ${formatShopDate(tomorrow)}`);
      expect(plain(await entry.innerText())).toContain(plain(formatPrice(2 * JAR, lng)));
      const activity = await visible();
      expect(activity).not.toMatch(ISO_DATE);
      expect(activity).not.toContain("200.00");

      // The private page, read in the same language: its timeline's dates are written as
      // the desk's timeline writes them, and each line's money carries its sign.
      await page.goto(`${shop.url}${privatePage}?lng=${lng}`);
      const placed = page.locator(".order-page__step-at").first();
      await expect(placed).toHaveText(placedAt);
      for (const at of await page.locator(".order-page__step-at").allInnerTexts())
        expect(at).toMatch(
          lng === "ar"
            ? /^\d{2}\.\d{2}\.\d{2}، \d{2}:\d{2}$/
            : /^\d{2}\.\d{2}\.\d{2}, \d{2}:\d{2}$/,
        );
      await expect(page.locator(".order-page__items")).toContainText(title);
      expect(plain(await page.locator(".order-page__items").first().innerText())).toContain(
        `× 2 — ${plain(formatPrice(2 * JAR, lng))}`,
      );
      expect(await visible()).not.toMatch(ISO_DATE);
    });
  }
});
