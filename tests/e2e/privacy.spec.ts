import { baseURL } from "../../playwright.config";
import { violations } from "./support/axe";
import { signInToDesk, uniquePhone, writeShopDatabase } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

const PHONE_SCREEN = { width: 375, height: 667 };
const say = (language: string, key: string, values: Record<string, string | number> = {}) =>
  text(language, "desk", key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? ""),
  );

/** Another spelling of a stored number (`+995 5xx xxx xxx` → `05xx xx xx xx`), as people type it. */
function typedOtherwise(phone: string): string {
  const digits = phone.replace(/\D/g, "").slice(3);
  return `0${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`;
}

/**
 * A person asks the shop to see and then to erase their data (D35), handled by an owner on a
 * phone in Georgian, with and without JavaScript: the request is logged with its ten days,
 * the export holds the person's orders and nobody else's, Erase empties the personal fields
 * and keeps the total, and the access log shows who opened the order. Staff cannot reach it.
 */
test.describe("a person's data on request", () => {
  test("log, export, erase and the access log, in Georgian at 375 px", async ({
    page,
    javaScriptEnabled,
    browser,
  }) => {
    test.setTimeout(180_000);
    const phone = uniquePhone();
    const address = uniqueAddress("privacy");
    const otherAddress = uniqueAddress("privacy-other");
    const number = await placeOrderOverHttp(baseURL, address, phone);
    await placeOrderOverHttp(baseURL, otherAddress, uniquePhone());

    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, `Owner ${phone.slice(-3)}`, undefined, "owner");
    await page.goto(`/desk/orders/${number}?lng=ka`);
    await expect(page.getByText(address)).toBeVisible();
    // axe runs in the page's scripts: the project with JavaScript checks each page.
    const checkAxe = async (where?: string) => {
      if (javaScriptEnabled) expect.soft(await violations(page), where).toEqual([]);
    };
    const settled = async () => {
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    };

    // An order still under way cannot be erased: the owner is told which.
    await page.goto("/desk/privacy?lng=ka");
    await settled();
    await checkAxe();
    await page.getByLabel(say("ka", "privacy.query")).fill(typedOtherwise(phone));
    await page.getByLabel(say("ka", "privacy.kinds.erasure")).check();
    await page.getByRole("button", { name: say("ka", "privacy.openButton") }).click();
    await expect(page).toHaveURL(/\/desk\/privacy\/\d+/);
    await settled();
    const requestUrl = new URL(page.url()).pathname;
    await expect(page.getByRole("link", { name: new RegExp(number) })).toBeVisible();
    await expect(page.getByText(say("ka", "privacy.daysLeft_other", { count: 10 }))).toBeVisible();
    await checkAxe();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_SCREEN.width,
    );

    await page.getByLabel(say("ka", "privacy.request.eraseConfirm")).check();
    await page.getByRole("button", { name: say("ka", "privacy.request.eraseButton") }).click();
    await expect(page.getByRole("alert")).toContainText(number);

    // The export: this person's order, nobody else's.
    const exported = await page.request.get(`${requestUrl}/export.json`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-disposition"]).toMatch(/attachment/);
    const held = await exported.text();
    expect(held).toContain(address);
    expect(held).toContain(number);
    expect(held).not.toContain(otherAddress);

    await page.getByRole("link", { name: say("ka", "privacy.request.exportPage") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      say("ka", "privacy.export.heading"),
    );
    await expect(page.getByText(address)).toBeVisible();
    await checkAxe();

    // The order ends (cancelled), and Erase goes through.
    writeShopDatabase((db) =>
      db
        .prepare("update orders set status = 'cancelled' where order_number = ?")
        .run(Number(number)),
    );
    await page.goto(`${requestUrl}?lng=ka`);
    await settled();
    await page.getByLabel(say("ka", "privacy.request.eraseConfirm")).check();
    await page.getByRole("button", { name: say("ka", "privacy.request.eraseButton") }).click();
    await expect(page.getByText(say("ka", "privacy.request.erasedToast"))).toBeVisible();
    const row = writeShopDatabase(
      (db) =>
        db
          .prepare("select address, phone, total from orders where order_number = ?")
          .get(Number(number)) as { address: string; phone: string; total: number },
    );
    expect(row).toMatchObject({ address: "", phone: "" });
    expect(row.total).toBeGreaterThan(0);

    // Who opened the order is on record.
    await page.goto(`/desk/privacy/access?lng=ka&order=${number}`);
    await settled();
    await expect(
      page.getByRole("listitem").filter({ hasText: say("ka", "privacy.access.actions.order") }),
    ).toContainText(number);
    await checkAxe();

    // Right to left, on the same phone.
    for (const route of ["/desk/privacy", requestUrl, `${requestUrl}/export`]) {
      await page.goto(`${route}?lng=ar`);
      await settled();
      await checkAxe(`${route} in ar`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${route} in ar`,
      ).toBeLessThanOrEqual(PHONE_SCREEN.width);
    }

    // Staff work orders; the person's data is the owners' to hand out.
    const staff = await browser.newContext({ javaScriptEnabled });
    try {
      const staffPage = await staff.newPage();
      await signInToDesk(staffPage, `Staff ${phone.slice(-3)}`, undefined, "staff");
      const forbidden = await staffPage.goto("/desk/privacy");
      expect(forbidden?.status()).toBe(403);
      const erase = await staffPage.request.post(requestUrl, {
        form: { confirm: "yes" },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(erase.status()).toBe(403);
    } finally {
      await staff.close();
    }
  });
});
