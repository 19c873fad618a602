import { createHash } from "node:crypto";
import { baseURL } from "../../playwright.config";
import {
  inviteLink,
  openAccountMenu,
  signInToDesk,
  uniquePhone,
  writeShopDatabase,
} from "./support/desk";
import { FakeTelegram } from "./support/fake-telegram";
import { placeOrderOverHttp } from "./support/order-over-http";
import { startShop } from "./support/server";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

test.describe("the owner's desk, both ways", () => {
  test("invite, sign in, find the shopper's order by phone and take it from new to delivered", async ({
    page,
  }) => {
    const phone = uniquePhone();
    const address = uniqueAddress("Desk lane");
    const number = await placeOrderOverHttp(baseURL, address, phone);

    await signInToDesk(page, "Nino");
    // The desk opens on the queue of orders to confirm, and the new order is in it.
    await expect(page.getByRole("link", { name: /To confirm/ })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Typed the way a caller says it: spaces in other places, no country code.
    const digits = phone.replace(/\D/g, "").slice(3);
    await page
      .getByLabel("Search")
      .fill(`${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText("1 order", { exact: true })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: `Order ${number}` });
    await expect(row).toContainText(address);
    await expect(row).toContainText("New");
    await expect(row).toContainText("₾100");
    await row.getByRole("link", { name: `Order ${number}`, exact: true }).click();

    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Order ${number}`);
    await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute(
      "href",
      `tel:+${phone.replace(/\D/g, "")}`,
    );
    await expect(page.getByText("First order from this phone")).toBeVisible();
    // Only the moves allowed from new are offered.
    await expect(page.getByRole("button", { name: /Shipped/ })).toHaveCount(0);

    await page.getByLabel("Note for the timeline").fill("Called, all fine");
    await page.getByRole("button", { name: /Confirm/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirmed");
    await page.getByRole("button", { name: /Shipped/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Shipped");
    await page.getByRole("button", { name: /Delivered/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered");
    await expect(page.getByRole("button", { name: /Cancel|Refused/ })).toHaveCount(0);

    const timeline = page.locator(".desk-timeline li");
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(1)).toContainText("Nino");
    await expect(timeline.nth(1)).toContainText("New → Confirmed");
    await expect(timeline.nth(1)).toContainText("Called, all fine");
    await expect(timeline.nth(2)).toContainText("Confirmed → Shipped");
    await expect(timeline.nth(3)).toContainText("Shipped → Delivered");

    // A private note lands in the timeline too.
    await page.getByLabel("Note (only staff see it)").fill("Paid in coins");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(timeline).toHaveCount(5);
    await expect(timeline.nth(4)).toContainText("Paid in coins");

    // The list's delivered tab has it, and its cash counts as collected.
    await page.goto(`/desk?tab=delivered&q=${encodeURIComponent(phone)}`);
    await expect(page.getByRole("listitem").filter({ hasText: `Order ${number}` })).toBeVisible();
    await expect(page.locator(".desk-cash")).toContainText("Collected");
    await expect(page.locator(".desk-cash div").nth(1)).toContainText("₾100");
  });

  test("a move the rules do not allow is refused and changes nothing", async ({ page }) => {
    const number = await placeOrderOverHttp(
      baseURL,
      uniqueAddress("Refused move lane"),
      uniquePhone(),
    );
    await signInToDesk(page, "Giorgi");
    await page.goto(`/desk/orders/${number}?lng=en`);
    // A form for another state, sent anyway (an old tab, a crafted request).
    const response = await page.request.post(`/desk/orders/${number}`, {
      form: { to: "delivered" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("Nothing was changed");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("New");
    await expect(page.locator(".desk-timeline li")).toHaveCount(1);
    // The same status again is no move and no event.
    await page.getByRole("button", { name: /Confirm/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirmed");
    const again = await page.request.post(`/desk/orders/${number}`, {
      form: { to: "confirmed" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    await page.reload();
    await expect(page.locator(".desk-timeline li")).toHaveCount(2);
  });

  test("a note is saved once: its field is empty after it is saved, and the next move does not repeat it", async ({
    page,
  }) => {
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Note lane"), uniquePhone());
    await signInToDesk(page, "Salome");
    await page.goto(`/desk/orders/${number}?lng=en`);
    const timeline = page.locator(".desk-timeline li");

    const statusNote = page.getByLabel("Note for the timeline");
    await statusNote.fill("Asked for a morning delivery");
    await page.getByRole("button", { name: /Confirm/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirmed");
    await expect(statusNote).toHaveValue("");
    await page.getByRole("button", { name: /Shipped/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Shipped");
    await expect(timeline).toHaveCount(3);
    await expect(timeline.filter({ hasText: "Asked for a morning delivery" })).toHaveCount(1);
    await expect(timeline.nth(1)).toContainText("Asked for a morning delivery");

    const privateNote = page.getByLabel("Note (only staff see it)");
    await privateNote.fill("Courier: Levan");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(timeline).toHaveCount(4);
    await expect(privateNote).toHaveValue("");
    await page.getByRole("button", { name: /Delivered/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered");
    await expect(timeline).toHaveCount(5);
    await expect(timeline.filter({ hasText: "Courier: Levan" })).toHaveCount(1);
  });

  test("a move pressed in a stale tab is refused, and the tab then shows the order as it is", async ({
    page,
  }) => {
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Stale lane"), uniquePhone());
    await signInToDesk(page, "Irakli");
    await page.goto(`/desk/orders/${number}?lng=en`);
    await page.getByRole("button", { name: /Confirm/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirmed");
    // A second tab of the same person, left open on the confirmed order.
    const stale = await page.context().newPage();
    await stale.goto(`/desk/orders/${number}?lng=en`);
    await expect(stale.getByRole("heading", { level: 1 })).toContainText("Confirmed");

    await page.getByRole("button", { name: /Shipped/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Shipped");
    await page.getByRole("button", { name: /Delivered/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered");

    await stale.getByRole("button", { name: /Shipped/ }).click();
    await expect(stale.getByRole("alert")).toContainText(
      "Nothing was changed: this order is Delivered now",
    );
    await expect(stale.getByRole("heading", { level: 1 })).toContainText("Delivered");
    await expect(stale.getByRole("heading", { name: "Next step" })).toHaveCount(0);
    await expect(
      stale.getByRole("button", { name: /Confirm|Shipped|Delivered|Refused|Cancel order/ }),
    ).toHaveCount(0);
    await expect(stale.locator(".desk-timeline li")).toHaveCount(4);
  });

  test("a refused move keeps the note typed with it and offers the moves allowed now", async ({
    page,
    javaScriptEnabled,
  }) => {
    // A press while React is still hydrating can end its render early on a busy machine
    // (React error 345); a person is slower than that, so the test waits as they would.
    const hydrated = async (tab: typeof page) => {
      if (javaScriptEnabled)
        await expect(tab.locator("html")).toHaveAttribute("data-hydrated", "true");
    };
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Kept lane"), uniquePhone());
    await signInToDesk(page, "Mariam");
    // A second tab opened while the order is still new.
    const stale = await page.context().newPage();
    await stale.goto(`/desk/orders/${number}?lng=en`);
    await hydrated(stale);
    await page.goto(`/desk/orders/${number}?lng=en`);
    await hydrated(page);
    await page.getByRole("button", { name: "Confirmed" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirmed");
    await page.getByRole("button", { name: /Shipped/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Shipped");

    const statusNote = stale.getByLabel("Note for the timeline");
    await statusNote.fill("Courier asked to call first");
    await stale.getByRole("button", { name: "Confirmed" }).click();
    await expect(stale.getByRole("alert")).toContainText(
      "Nothing was changed: this order is Shipped now",
    );
    await expect(stale.getByRole("heading", { level: 1 })).toContainText("Shipped");
    await expect(stale.getByRole("button", { name: /Confirmed|Shipped/ })).toHaveCount(0);
    await expect(stale.getByRole("button", { name: /Delivered/ })).toBeVisible();
    await expect(stale.getByRole("link", { name: /Refused/ })).toBeVisible();
    await expect(statusNote).toHaveValue("Courier asked to call first");

    await stale.getByRole("button", { name: /Delivered/ }).click();
    await expect(stale.getByRole("heading", { level: 1 })).toContainText("Delivered");
    await expect(stale.getByRole("alert")).toHaveCount(0);
    const timeline = stale.locator(".desk-timeline li");
    await expect(timeline).toHaveCount(4);
    await expect(timeline.filter({ hasText: "Courier asked to call first" })).toHaveCount(1);
    await expect(timeline.nth(3)).toContainText("Shipped → Delivered");
  });

  test("an address with markup is shown as text, never run", async ({ page }) => {
    const address = `<img src=x onerror="window.hacked=1"> ${uniqueAddress("Markup lane")}`;
    const number = await placeOrderOverHttp(baseURL, address, uniquePhone());
    await signInToDesk(page, "Tamar");
    await page.goto(`/desk/orders/${number}?lng=en`);
    await expect(page.locator(".desk-address")).toContainText(
      '<img src=x onerror="window.hacked=1">',
    );
    await expect(page.locator(".desk-page img")).toHaveCount(0);
  });
});

test.describe("the desk refuses strangers", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server answers; once is enough");

  test("without a session no page, order or export answers; the CSV holds the order for staff", async ({
    page,
    browser,
  }) => {
    const address = `=HYPERLINK("http://evil.example") ${uniqueAddress("Csv lane")}`;
    const number = await placeOrderOverHttp(baseURL, address, uniquePhone());
    await signInToDesk(page, "Lasha");
    const csv = await page.request.get(`/desk/export.csv?tab=all&q=${number}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain(number);
    expect(text).toContain("× 1");
    // The formula arrives as text: an apostrophe first, quoted because of its quotes.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")`);

    const stranger = await browser.newContext();
    try {
      const response = await stranger.request.get(`${baseURL}/desk/orders/${number}`, {
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toMatch(/^\/desk\/sign-in\?next=/);
      for (const path of ["/desk", "/desk?tab=all", `/desk/orders/${number}/slip`]) {
        const page = await stranger.request.get(`${baseURL}${path}`);
        expect(page.url(), path).toContain("/desk/sign-in");
        expect(await page.text(), path).not.toContain(address.slice(20, 40));
      }
      const data = await stranger.request.get(`${baseURL}/desk/export.csv?tab=all`);
      expect(data.status()).toBe(401);
      expect(await data.text()).not.toContain(number);
      const forged = await stranger.request.post(`${baseURL}/desk/orders/${number}`, {
        form: { to: "cancelled" },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(302);
    } finally {
      await stranger.close();
    }
    await page.goto(`/desk/orders/${number}?lng=en`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("New");
  });

  test("desk pages are never stored or indexed, and no map lists them", async ({ page }) => {
    await signInToDesk(page, "Eka");
    const list = await page.request.get("/desk");
    expect(list.headers()["cache-control"]).toBe("no-store");
    expect(list.headers()["x-robots-tag"]).toContain("noindex");
    const signIn = await page.request.get("/desk/sign-in");
    expect(signIn.headers()["x-robots-tag"]).toContain("noindex");
    expect(await (await page.request.get("/robots.txt")).text()).toContain("Disallow: /desk");
    expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain("/desk");
  });

  test("a link works once, not after 15 minutes, and a forged or expired session signs nobody in", async ({
    page,
    browser,
  }) => {
    const link = inviteLink("Dato");
    // Opening the link (a chat's preview, a crawler) uses nothing up.
    expect((await page.request.get(link)).status()).toBe(200);
    await page.goto(`${link}?lng=en`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/desk$/);

    const second = await browser.newContext();
    try {
      const used = await second.request.post(link, {
        form: {},
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(used.status()).toBe(410);
      expect(used.headers()["set-cookie"] ?? "").not.toContain("desk=");

      const expired = inviteLink("Dato");
      const tokenHash = createHash("sha256")
        .update(expired.split("/").at(-1) ?? "")
        .digest("hex");
      writeShopDatabase((db) =>
        db
          .prepare("update desk_sign_in_links set expires_at = ? where token_hash = ?")
          .run(new Date(Date.now() - 1000).toISOString(), tokenHash),
      );
      const late = await second.request.post(expired, {
        form: {},
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(late.status()).toBe(410);

      await second.addCookies([
        { name: "desk", value: "forged-session-token", domain: "127.0.0.1", path: "/" },
      ]);
      const forged = await second.request.get(`${baseURL}/desk`, { maxRedirects: 0 });
      expect(forged.status()).toBe(302);
    } finally {
      await second.close();
    }

    // Twelve hours without a request end a session.
    writeShopDatabase((db) =>
      db
        .prepare(
          "update desk_sessions set last_seen_at = ? where staff_id = (select id from staff where name = 'Dato')",
        )
        .run(new Date(Date.now() - 13 * 60 * 60 * 1000).toISOString()),
    );
    await page.goto("/desk?lng=en");
    await expect(page).toHaveURL(/\/desk\/sign-in/);
  });

  test("sign out ends this session; sign out everywhere ends the others too", async ({
    page,
    browser,
  }) => {
    await signInToDesk(page, "Ana");
    const other = await browser.newPage();
    try {
      await signInToDesk(other, "Ana");
      await openAccountMenu(page);
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(page).toHaveURL(/\/desk\/sign-in/);
      await other.goto("/desk?lng=en");
      await expect(other).toHaveURL(/\/desk\/sign-in/);
    } finally {
      await other.close();
    }
  });

  test("a form posted to the desk from another site is refused", async ({ request }) => {
    const response = await request.post("/desk/sign-out", {
      form: { scope: "everywhere" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("sign-in links by chat", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server answers; once is enough");

  test("go to the desk chats, say the same thing every time, and are throttled", async ({
    browser,
  }) => {
    const telegram = new FakeTelegram();
    await telegram.start();
    const shop = await startShop({
      TELEGRAM_BOT_TOKEN: "111:desk-link-test-token-abcdefghij",
      TELEGRAM_CHAT_IDS: "1,2",
      DESK_TELEGRAM_CHAT_IDS: "7",
      TELEGRAM_API_URL: telegram.url,
      PUBLIC_URL: "https://shop.example",
    });
    const context = await browser.newContext({ baseURL: shop.url });
    try {
      const page = await context.newPage();
      const answers: string[] = [];
      for (let press = 0; press < 5; press++) {
        await page.goto("/desk/sign-in?lng=en");
        await page.getByRole("button", { name: "Send me a sign-in link" }).click();
        const status = page.locator("output.desk-notice");
        await expect(status).toBeVisible();
        answers.push((await status.textContent()) ?? "");
      }
      expect(new Set(answers).size).toBe(1);
      // Three a quarter of an hour per client; only the desk chat gets them.
      expect(telegram.delivered.map((message) => message.chat_id)).toEqual(["7", "7", "7"]);
      const link = /https:\/\/shop\.example(\/desk\/sign-in\/[\w-]+)/.exec(
        telegram.delivered[0]?.text ?? "",
      )?.[1];
      expect(link).toBeTruthy();

      // Whoever opens a chat's link says who they are; without a name nothing is used up.
      const nameless = await page.request.post(`${link}?lng=en`, {
        form: { name: "  " },
        headers: { Origin: shop.url },
        maxRedirects: 0,
      });
      expect(nameless.status()).toBe(400);
      expect(await nameless.text()).toContain("enter your name");
      await page.goto(`${link}?lng=en`);
      await page.getByLabel("Your name").fill("Keti");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Signed in as Keti")).toBeVisible();
    } finally {
      await context.close();
      await shop.stop();
      await telegram.stop();
    }
  });
});
