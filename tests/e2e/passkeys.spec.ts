import { join } from "node:path";
import type { Page } from "@playwright/test";
import {
  type DeskShop,
  disableStaffMember,
  openAccountMenu,
  signInToDesk,
  uniquePhone,
} from "./support/desk";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, freePort, startShop } from "./support/server";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

/**
 * Chromium's virtual authenticator, as a phone or laptop with a fingerprint reader: it
 * keeps discoverable passkeys and verifies the user without asking.
 */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const client = await page.context().newCDPSession(page);
  await client.send("WebAuthn.enable");
  await client.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

test.describe("desk passkeys with a virtual authenticator", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "WebAuthn is a JavaScript API");

  // A passkey belongs to a host name, and an IP address is none: this shop is reached at
  // localhost, its PUBLIC_URL, so that is its relying party.
  let server: ShopServer | undefined;
  let shop: DeskShop;

  test.beforeAll(async ({ javaScriptEnabled }) => {
    if (!javaScriptEnabled) return;
    const port = await freePort();
    const url = `http://localhost:${port}`;
    server = await startShop({ PUBLIC_URL: url }, undefined, { port });
    shop = { url, databasePath: join(server.dir, "shop.sqlite") };
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("add a passkey, sign out, sign in with it; removed, it signs nobody in", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: shop.url });
    try {
      const page = await context.newPage();
      await addVirtualAuthenticator(page);
      await signInToDesk(page, "Medea", shop);

      await openAccountMenu(page);
      await page.getByRole("link", { name: "Your passkeys" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your passkeys");
      await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
      await page.getByLabel("Name of this device").fill("Work laptop");
      await page.getByRole("button", { name: "Add a passkey on this device" }).click();
      await expect(page.locator(".desk-form").getByRole("status")).toContainText("Passkey added");
      const passkey = page.locator(".desk-passkey").filter({ hasText: "Work laptop" });
      await expect(passkey).toContainText("not used yet");

      await openAccountMenu(page);
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await expect(page).toHaveURL(/\/desk\/sign-in/);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(/\/desk$/);
      await expect(page.getByText("Signed in as Medea")).toBeVisible();

      await page.goto("/desk/passkeys?lng=en");
      await expect(passkey).toContainText("last used");
      await passkey.getByRole("button", { name: "Remove the passkey Work laptop" }).click();
      await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
      await expect(page.locator(".desk-passkey")).toHaveCount(0);

      // The device still holds it; the shop no longer accepts it.
      await openAccountMenu(page);
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page.locator(".desk-passkey-sign-in").getByRole("alert")).toContainText(
        "no longer opens the desk",
      );
      await page.goto("/desk?lng=en");
      await expect(page).toHaveURL(/\/desk\/sign-in/);
    } finally {
      await context.close();
    }
  });

  test("an order link opened while signed out lands on that order after a passkey sign-in", async ({
    browser,
  }) => {
    const number = await placeOrderOverHttp(shop.url, uniqueAddress("Passkey lane"), uniquePhone());
    const context = await browser.newContext({ baseURL: shop.url });
    try {
      const page = await context.newPage();
      await addVirtualAuthenticator(page);
      await signInToDesk(page, "Nestan", shop);
      await page.goto("/desk/passkeys?lng=en");
      await page.getByLabel("Name of this device").fill("Tablet");
      await page.getByRole("button", { name: "Add a passkey on this device" }).click();
      await expect(page.locator(".desk-form").getByRole("status")).toContainText("Passkey added");
      await openAccountMenu(page);
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      // Signed out once the sign-in page is back; an address opened sooner races the post.
      await expect(page).toHaveURL(/\/desk\/sign-in/);

      await page.goto(`/desk/orders/${number}?lng=en`);
      await expect(page).toHaveURL(/\/desk\/sign-in\?next=/);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}\\?lng=en$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Order ${number}`);
    } finally {
      await context.close();
    }
  });

  test("a passkey of a disabled member is refused", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: shop.url });
    try {
      const page = await context.newPage();
      await addVirtualAuthenticator(page);
      await signInToDesk(page, "Levan", shop);
      await page.goto("/desk/passkeys?lng=en");
      await page.getByLabel("Name of this device").fill("Phone");
      await page.getByRole("button", { name: "Add a passkey on this device" }).click();
      await expect(page.locator(".desk-form").getByRole("status")).toContainText("Passkey added");

      disableStaffMember("Levan", shop);
      await page.goto("/desk/sign-in?lng=en");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page.locator(".desk-passkey-sign-in").getByRole("alert")).toContainText(
        "no longer opens the desk",
      );
      await page.goto("/desk?lng=en");
      await expect(page).toHaveURL(/\/desk\/sign-in/);
    } finally {
      await context.close();
    }
  });
});

test.describe("desk passkeys without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-js project's view");

  test("the passkeys page says JavaScript is needed; sign-in links still work", async ({
    page,
  }) => {
    await page.goto("/desk/sign-in?lng=en");
    await expect(page.getByText("can sign in with it once JavaScript is on")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);

    await signInToDesk(page, "Irakli");
    await openAccountMenu(page);
    await page.getByRole("link", { name: "Your passkeys" }).click();
    await expect(page.getByText("Adding a passkey needs JavaScript")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a passkey on this device" })).toHaveCount(0);
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  });
});
