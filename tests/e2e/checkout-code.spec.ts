import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { getLanguage } from "../../app/i18n/languages";
import { FakeSmsGateway } from "../support/fake-sms-gateway";
import { violations } from "./support/axe";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// The code by SMS for risky orders (D87), as a shopper on a phone meets it, in Georgian and
// Arabic, with and without JavaScript. The owner asks for a code from numbers with a
// refusal; the shop sends SMS through a gateway speaking smsoffice.ge's API, started here,
// and the code is read from what that gateway received, never from the shop's tables.

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 375, height: 800 } });

const SHOP_PHONE = "+995 322 00 00 00";
const gateway = new FakeSmsGateway();
let server: ShopServer;
let dir: string;

/**
 * A number of its own for each test (each project starts a shop of its own): the first
 * and the third have a refused parcel.
 */
const PHONES = {
  ka: ["599 110 001", "599 110 002", "599 110 003"],
  ar: ["599 110 004", "599 110 005", "599 110 006"],
} as const;
type Lng = "ka" | "ar";

/** The stored form of a number the tests write as `5XX XXX XXX`. */
const stored = (phone: string) => `+995 ${phone}`;
const destination = (phone: string) => `995${phone.replace(/\D/g, "")}`;

test.beforeAll(async () => {
  await gateway.start();
  dir = mkdtempSync(join(tmpdir(), "shop-code-"));
  server = await startShop(
    {
      ORDER_RATE_LIMIT: "0",
      SMS_API_URL: gateway.url,
      SMS_API_KEY: gateway.key,
      SMS_SENDER: "Kolkhida",
    },
    dir,
  );
  const refused: string[] = [];
  for (const lng of ["ka", "ar"] as const)
    for (const phone of [PHONES[lng][0], PHONES[lng][2]])
      refused.push(await placeOrderOverHttp(server.url, uniqueAddress("Refused"), stored(phone)));
  const db = new Database(join(dir, "shop.sqlite"));
  const refuse = db.prepare("update orders set status = 'refused' where order_number = ?");
  for (const number of refused) refuse.run(Number(number));
  const put = db.prepare(
    "insert into shop_settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value",
  );
  put.run("messages", JSON.stringify({ askCode: "refusers" }));
  put.run("contacts", JSON.stringify({ email: "", telegram: "", whatsapp: "", phone: SHOP_PHONE }));
  db.prepare("update content_revision set revision = revision + 1 where id = 1").run();
  db.close();
  // Every process looks for a new revision within 250 ms: wait until the footer has the phone.
  await expect
    .poll(async () => (await fetch(`${server.url}/about`)).text())
    .toContain("tel:+995322000000");
});

test.afterAll(async () => {
  await server?.stop();
  await gateway.stop();
});

/** A dictionary text with its count, in the plural form `lng` uses for it. */
function counted(lng: Lng, key: string, count: number, namespace = "checkout") {
  const form = new Intl.PluralRules(getLanguage(lng).htmlLang).select(count);
  return text(lng, namespace, `${key}_${form}`).replace("{{count}}", String(count));
}

/** The codes that reached `phone`, newest last, read from the SMS the gateway received. */
function codesSent(lng: Lng, phone: string): string[] {
  const [before = "", after = ""] = counted(lng, "code", 10, "messages").split("{{code}}");
  return gateway
    .received(destination(phone))
    .filter((call) => call.content.startsWith(before) && call.content.endsWith(after))
    .map((call) => call.content.slice(before.length, call.content.length - after.length));
}

async function newCode(lng: Lng, phone: string, seen: number): Promise<string> {
  await expect.poll(() => codesSent(lng, phone).length).toBe(seen + 1);
  const code = codesSent(lng, phone).at(-1) ?? "";
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

async function checkout(page: Page, lng: Lng, address: string, phone: string) {
  const cart = encodeURIComponent('[["body/hemor-cream",1]]');
  await page.context().addCookies([{ name: "cart_v1", value: cart, url: server.url }]);
  await page.goto(`${server.url}/checkout?lng=${lng}`);
  const t = (key: string) => text(lng, "checkout", key);
  await page.getByLabel(t("fields.address")).fill(address);
  await page.getByLabel(t("fields.deliveryTime")).fill(deliveryDate(1));
  await page.getByLabel(t("fields.phone")).fill(stored(phone));
  await page.getByRole("button", { name: t("submit") }).click();
}

function ordersAt(address: string): number {
  const db = new Database(join(dir, "shop.sqlite"), { readonly: true });
  try {
    return (
      db.prepare("select count(*) as n from orders where address = ?").get(address) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

const message = (page: Page) => page.locator("#code-message");

for (const lng of ["ka", "ar"] as const) {
  const t = (key: string) => text(lng, "checkout", key);

  test(`${lng}: only a number with a refusal is asked for the code sent to it, then its order is placed`, async ({
    page,
  }) => {
    // A number with no refused parcel: the order is placed at once.
    const trusted = PHONES[lng][1];
    const first = uniqueAddress(`No code ${lng}`);
    await checkout(page, lng, first, trusted);
    await expect(page).toHaveURL(/\/checkout\/thanks$/);
    await expect(page.getByRole("heading", { name: t("thanks.title") })).toBeVisible();
    expect(ordersAt(first)).toBe(1);
    expect(codesSent(lng, trusted)).toEqual([]);

    // A number with a refusal: nothing is placed until the code is typed.
    const phone = PHONES[lng][0];
    const address = uniqueAddress(`Code ${lng}`);
    await checkout(page, lng, address, phone);
    await expect(page.getByRole("heading", { name: t("code.title") })).toBeVisible();
    await expect(message(page)).toHaveText(t("code.sent").replace("{{phone}}", stored(phone)));
    const field = page.getByLabel(t("code.label"));
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    expect(ordersAt(address)).toBe(0);

    const code = await newCode(lng, phone, 0);
    await field.fill(code);
    await page.getByRole("button", { name: t("code.confirm") }).click();
    await expect(page).toHaveURL(/\/checkout\/thanks$/);
    await expect(page.getByRole("heading", { name: t("thanks.title") })).toBeVisible();
    expect(ordersAt(address)).toBe(1);
    // The code is in no line the server wrote.
    expect(server.output()).not.toContain(code);
  });

  test(`${lng}: the privacy page says this shop sends SMS but no email`, async ({ page }) => {
    await page.goto(`${server.url}/privacy?lng=${lng}`);
    const policy = page.locator(".policy");
    await expect(policy).toContainText(text(lng, "pages", "privacy.messagesState.sms"));
    await expect(policy).not.toContainText(text(lng, "pages", "privacy.messagesState.off"));
  });

  test(`${lng}: five wrong codes end the code; a new one places the order`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const phone = PHONES[lng][2];
    const address = uniqueAddress(`Blocked ${lng}`);
    await checkout(page, lng, address, phone);
    const code = await newCode(lng, phone, 0);
    const wrong = code === "000000" ? "111111" : "000000";
    const field = page.getByLabel(t("code.label"));
    for (let left = 4; left >= 1; left--) {
      await field.fill(wrong);
      await page.getByRole("button", { name: t("code.confirm") }).click();
      await expect(message(page)).toHaveText(counted(lng, "code.wrong", left));
    }
    await field.fill(wrong);
    await page.getByRole("button", { name: t("code.confirm") }).click();
    await expect(message(page)).toHaveText(t("code.blocked"));
    // Told to call the shop, at the number the owner set.
    await expect(
      page.locator(".code-step").getByRole("link", { name: SHOP_PHONE }),
    ).toHaveAttribute("href", "tel:+995322000000");
    // The step at its fullest (an alert, the field, three buttons, a link) passes axe, which
    // runs in the page's own scripts.
    if (javaScriptEnabled) expect(await violations(page)).toEqual([]);
    // Blocked: the right code no longer places the order.
    await field.fill(code);
    await page.getByRole("button", { name: t("code.confirm") }).click();
    await expect(message(page)).toHaveText(t("code.blocked"));
    expect(ordersAt(address)).toBe(0);

    await page.getByRole("button", { name: t("code.resend") }).click();
    await expect(message(page)).toHaveText(t("code.resent").replace("{{phone}}", stored(phone)));
    const fresh = await newCode(lng, phone, 1);
    await page.getByLabel(t("code.label")).fill(fresh);
    await page.getByRole("button", { name: t("code.confirm") }).click();
    await expect(page.getByRole("heading", { name: t("thanks.title") })).toBeVisible();
    expect(ordersAt(address)).toBe(1);
  });
}
