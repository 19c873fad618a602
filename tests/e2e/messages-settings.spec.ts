import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import { DESK_QUEUE_REFRESH_MS } from "../../app/desk/use-refresh-while-open";
import { type DeskShop, inviteLink, uniquePhone } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// What the owner decides about messages (issue 39) in `/desk/settings`: which of the
// shopper's messages go by SMS, what one SMS segment costs, when the checkout asks for a
// code, who else hears of new orders; kept, in the activity, refused when wrong, for owners
// only, no update lost between two open pages. And the queue of orders to confirm: its
// tab's title counts them, and with scripts a new order appears in the open queue. At
// 375 px, the desk in Georgian and in Arabic, with and without scripts. A shop of its own:
// the count of orders waiting must be this file's alone.

test.describe.configure({ mode: "serial" });

let server: ShopServer;
let shop: DeskShop;

test.beforeAll(async () => {
  server = await startShop();
  shop = { url: server.url, dir: server.dir };
});

test.afterAll(async () => {
  await server?.stop();
});

type Lng = "ka" | "ar";

async function signedIn(browser: Browser, javaScriptEnabled: boolean, lng: Lng, role: string) {
  const context = await browser.newContext({
    baseURL: shop.url,
    javaScriptEnabled,
    viewport: { width: 375, height: 740 },
  });
  const name = `Nino ${Math.random().toString(36).slice(2, 6)}`;
  const page = await context.newPage();
  await page.goto(`${inviteLink(name, shop, role as "owner" | "staff")}?lng=${lng}`);
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: text(lng, "desk", "signIn.button") }).click();
  await expect(page).toHaveURL(/\/desk$/);
  return { context, page, name };
}

const desk = (lng: Lng, key: string) => text(lng, "desk", `settings.messages.${key}`);
const messagesOf = (page: Page): Locator =>
  page.locator("form[aria-labelledby='settings-messages']");
const kind = (form: Locator, lng: Lng, message: string) =>
  form.getByLabel(desk(lng, `kinds.${message}`), { exact: true });
const price = (form: Locator, lng: Lng) => form.getByLabel(desk(lng, "segmentPrice"));
const askCode = (form: Locator, lng: Lng, choice: string) =>
  form
    .getByRole("group", { name: desk(lng, "askCode") })
    .getByLabel(desk(lng, `askCodeChoices.${choice}`));
const emails = (form: Locator, lng: Lng) => form.getByLabel(desk(lng, "notifyEmails"));
const phones = (form: Locator, lng: Lng) => form.getByLabel(desk(lng, "notifyPhones"));

async function save(page: Page, lng: Lng) {
  await messagesOf(page)
    .getByRole("button", { name: text(lng, "desk", "settings.save"), exact: true })
    .click();
}

async function savedToast(page: Page, lng: Lng) {
  await expect(
    page.getByRole("status").filter({ hasText: text(lng, "desk", "settings.saved") }),
  ).toBeVisible();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** A trail field's label: its key holds dots, which `text` reads as levels. */
const activityField = (lng: Lng, field: string): string =>
  JSON.parse(readFileSync(`app/locales/${lng}/desk.json`, "utf8")).activity.fields[field];

/** The values each language's run saves: different, so the second run saves too. */
const chosen = {
  ka: {
    off: "morning",
    price: "0.04",
    shown: "0.04",
    askCode: "refusers",
    email: "owner-ka@kolkhida.ge",
    phone: "0599 000 111",
    stored: "+995 599 000 111",
  },
  ar: {
    off: "delivered",
    // Typed on an Arabic keyboard: 0,05.
    price: "٠٫٠٥",
    shown: "0.05",
    askCode: "every",
    email: "owner-ar@kolkhida.ge",
    phone: "+995 555 12 34 56",
    stored: "+995 555 123 456",
  },
} as const;

for (const lng of ["ka", "ar"] as const) {
  test(`the owner decides which messages go by SMS, their cost, the code and who hears of new orders (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedIn(browser, javaScriptEnabled, lng, "owner");
    const mine = chosen[lng];
    try {
      await page.goto("/desk/settings");
      const form = messagesOf(page);
      await expect(
        form.getByRole("heading", { name: desk(lng, "title"), exact: true }),
      ).toBeVisible();
      await noSidewaysScroll(page);

      // Wrong input: each problem named beside its field, what was typed kept, nothing saved.
      const pricedBefore = await price(form, lng).inputValue();
      await price(form, lng).fill("0.045");
      await phones(form, lng).fill(`${mine.phone}\n+7 900 000 00 00`);
      await save(page, lng);
      await expect(form.getByRole("alert")).toContainText(text(lng, "desk", "settings.notSaved"));
      await expect(form.locator("#messages-segmentPrice-error")).toHaveText(
        text(lng, "desk", "settings.errors.segmentPrice"),
      );
      await expect(form.locator("#messages-notifyPhones-error")).toContainText("+7 900 000 00 00");
      await expect(price(form, lng)).toHaveValue("0.045");
      await expect(phones(form, lng)).toHaveValue(`${mine.phone}\n+7 900 000 00 00`);
      await noSidewaysScroll(page);
      await page.goto("/desk/settings");
      await expect(price(form, lng)).toHaveValue(pricedBefore);

      // The owner's choices, saved.
      for (const message of ["received", "confirmed", "morning", "delivered"])
        if (message === mine.off) await kind(form, lng, message).uncheck();
        else await kind(form, lng, message).check();
      await price(form, lng).fill(mine.price);
      await askCode(form, lng, mine.askCode).check();
      await emails(form, lng).fill(mine.email);
      await phones(form, lng).fill(mine.phone);
      await save(page, lng);
      await savedToast(page, lng);

      // Kept: read again from the server.
      await page.goto("/desk/settings");
      await expect(kind(form, lng, mine.off)).not.toBeChecked();
      for (const message of ["received", "confirmed", "morning", "delivered"])
        if (message !== mine.off) await expect(kind(form, lng, message)).toBeChecked();
      await expect(price(form, lng)).toHaveValue(mine.shown);
      await expect(askCode(form, lng, mine.askCode)).toBeChecked();
      await expect(emails(form, lng)).toHaveValue(mine.email);
      await expect(phones(form, lng)).toHaveValue(mine.stored);

      // And in the activity, in words.
      await page.goto("/desk/activity");
      const trail = page.locator("main");
      await expect(
        trail.getByText(activityField(lng, "messages.askCode"), { exact: true }).first(),
      ).toBeVisible();
      await expect(trail).toContainText(desk(lng, `askCodeChoices.${mine.askCode}`));
      await expect(
        trail.getByText(activityField(lng, `messages.sms.${mine.off}`), { exact: true }).first(),
      ).toBeVisible();
      await expect(trail).toContainText(mine.email);
      await expect(trail).toContainText(mine.stored);
      await noSidewaysScroll(page);
    } finally {
      await context.close();
    }
  });

  test(`staff cannot open or change the messages settings (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    const { context, page } = await signedIn(browser, javaScriptEnabled, lng, "staff");
    const owner = await signedIn(browser, javaScriptEnabled, lng, "owner");
    try {
      const response = await page.goto("/desk/settings");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        text(lng, "desk", "forbidden.title"),
      );
      await expect(messagesOf(page)).toHaveCount(0);
      const posted = await page.request.post(`${shop.url}/desk/settings`, {
        form: {
          section: "messages",
          segmentPrice: "9.99",
          askCode: "every",
          notifyEmails: "staff@example.ge",
          notifyPhones: "",
        },
        headers: { Origin: shop.url },
      });
      expect(posted.status()).toBe(403);
      await owner.page.goto("/desk/settings");
      const form = messagesOf(owner.page);
      await expect(price(form, lng)).not.toHaveValue("9.99");
      await expect(emails(form, lng)).not.toHaveValue(/staff@example\.ge/);
    } finally {
      await context.close();
      await owner.context.close();
    }
  });

  test(`two open pages do not lose a messages update (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    const { context, page: a, name } = await signedIn(browser, javaScriptEnabled, lng, "owner");
    const b = await context.newPage();
    try {
      await a.goto("/desk/settings");
      await b.goto("/desk/settings");
      if (javaScriptEnabled)
        await expect(b.locator("html")).toHaveAttribute("data-hydrated", "true");
      const mine = messagesOf(a);
      const theirs = messagesOf(b);
      // A changes the cost; B, read before, changes when to ask for a code.
      const was = await price(mine, lng).inputValue();
      const cost = was === "0.07" ? "0.08" : "0.07";
      await price(mine, lng).fill(cost);
      await save(a, lng);
      await savedToast(a, lng);
      const code = (await askCode(theirs, lng, "never").isChecked()) ? "every" : "never";
      await askCode(theirs, lng, code).check();
      await save(b, lng);
      const alert = b.getByRole("alert").filter({ hasText: text(lng, "desk", "revision.stale") });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(name);
      await expect(alert).toBeInViewport();
      if (javaScriptEnabled) await expect(alert).toBeFocused();
      if (!javaScriptEnabled) expect(new URL(b.url()).hash).toBe("#settings-messages");
      // What B typed is kept, and A's change is in the field B left alone.
      await expect(askCode(theirs, lng, code)).toBeChecked();
      await expect(price(theirs, lng)).toHaveValue(cost);
      await noSidewaysScroll(b);
      await save(b, lng);
      await savedToast(b, lng);
      await a.goto("/desk/settings");
      await expect(price(mine, lng)).toHaveValue(cost);
      await expect(askCode(mine, lng, code)).toBeChecked();
    } finally {
      await context.close();
    }
  });

  test(`the queue's title counts the orders to confirm, and a new one comes in (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    const { context, page } = await signedIn(browser, javaScriptEnabled, lng, "staff");
    try {
      // The queue's own timer, run on: no waiting twenty seconds.
      if (javaScriptEnabled) await page.clock.install();
      await page.goto("/desk");
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const heading = text(lng, "desk", "list.title");
      const queue = page
        .getByRole("navigation", { name: text(lng, "desk", "list.tabs") })
        .getByRole("link", { name: text(lng, "desk", "tab.new") });
      const waiting = Number(await queue.locator(".desk-tabs__count").textContent());
      await expect(page).toHaveTitle(waiting > 0 ? `(${waiting}) ${heading}` : heading);

      // A shopper elsewhere places an order.
      const address = `Rustaveli ${Math.random().toString(36).slice(2, 8)}`;
      await placeOrderOverHttp(shop.url, address, uniquePhone(), lng);
      const order = page.locator(".desk-orders").getByText(address);
      if (javaScriptEnabled) {
        await expect(order).toHaveCount(0);
        await page.clock.runFor(DESK_QUEUE_REFRESH_MS);
      } else {
        // Without scripts the queue is a plain page: a reload shows what came in.
        await page.reload();
      }
      await expect(order).toBeVisible();
      await expect(page).toHaveTitle(`(${waiting + 1}) ${heading}`);
      await expect(queue.locator(".desk-tabs__count")).toHaveText(String(waiting + 1));
      await noSidewaysScroll(page);

      if (javaScriptEnabled) {
        // Back to the tab after a while away: read again at once, no timer waited for.
        const another = `Chavchavadze ${Math.random().toString(36).slice(2, 8)}`;
        await placeOrderOverHttp(shop.url, another, uniquePhone(), lng);
        await page.clock.runFor(3_000);
        await page.evaluate(() => window.dispatchEvent(new Event("focus")));
        await expect(page.locator(".desk-orders").getByText(another)).toBeVisible();
        await expect(page).toHaveTitle(`(${waiting + 2}) ${heading}`);
      }
    } finally {
      await context.close();
    }
  });
}
