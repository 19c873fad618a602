import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import { type DeskShop, inviteLink, openDeskSection } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// The owner's delivery page (issue 37): zones with a fee and Free from, the courier's days,
// the cut-off hour and Georgia's holidays, kept after a reload; staff read it and cannot
// change it; a save from an older page is refused with the typed values kept. At 375 px,
// the desk in Georgian and in Arabic, with and without scripts. A shop of its own: the
// zones change every checkout.

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

const PAGE = "/desk/settings/delivery";

async function signedIn(
  browser: Browser,
  javaScriptEnabled: boolean,
  lng: "ka" | "ar",
  role: "owner" | "staff",
) {
  const context = await browser.newContext({
    baseURL: shop.url,
    javaScriptEnabled,
    viewport: { width: 375, height: 740 },
  });
  const name = `Nino ${Math.random().toString(36).slice(2, 6)}`;
  const page = await context.newPage();
  await page.goto(`${inviteLink(name, shop, role)}?lng=${lng}`);
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: text(lng, "desk", "signIn.button") }).click();
  await expect(page).toHaveURL(/\/desk$/);
  // With scripts the address changes before the desk has rendered: signed in is when its bar
  // names the person.
  await expect(page.locator(".desk-bar__who")).toContainText(name);
  return { context, page, name };
}

const formOf = (page: Page, heading: string): Locator =>
  page.locator("form").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });

async function save(page: Page, form: Locator, lng: string) {
  await form.getByRole("button", { name: text(lng, "desk", "settings.save"), exact: true }).click();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** A trail field's label: its key holds a dot, which `text` reads as a level. */
const activityField = (lng: string, field: string): string =>
  JSON.parse(readFileSync(`app/locales/${lng}/desk.json`, "utf8")).activity.fields[field];

const day = (lng: string, number: number) => text(lng, "desk", `weekdays.${number}`);

for (const lng of ["ka", "ar"] as const) {
  test(`the owner sets zones, the cut-off and holidays; they stay after a reload (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedIn(browser, javaScriptEnabled, lng, "owner");
    try {
      // From the settings' delivery section.
      await page.goto("/desk/settings");
      await page.getByRole("link", { name: text(lng, "desk", "deliveryZones.link") }).click();
      await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
      await noSidewaysScroll(page);

      const rustavi = `Рустави ${lng}${javaScriptEnabled ? "" : " no-js"}`;
      const add = formOf(page, text(lng, "desk", "deliveryZones.add"));
      await add.getByLabel("Русский", { exact: true }).fill(rustavi);
      await add.getByLabel(text(lng, "desk", "deliveryZones.fee"), { exact: true }).fill("7");
      await add
        .getByLabel(text(lng, "desk", "deliveryZones.freeFrom"), { exact: true })
        .fill("150");
      for (const number of [1, 3, 4, 6, 7])
        await add.getByLabel(day(lng, number), { exact: true }).uncheck();
      await save(page, add, lng);
      await expect(
        page.getByRole("status").filter({ hasText: text(lng, "desk", "settings.saved") }),
      ).toBeVisible();

      const week = formOf(page, text(lng, "desk", "deliveryZones.week"));
      await week.getByLabel(text(lng, "desk", "deliveryZones.cutoff")).selectOption("15:00");
      await week
        .getByRole("button", { name: text(lng, "desk", "deliveryZones.fillHolidays") })
        .click();
      // Saved, or unchanged when another language's run of this test set the same week.
      const answered = [
        text(lng, "desk", "settings.saved"),
        text(lng, "desk", "settings.unchanged"),
      ];
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: new RegExp(answered.join("|").replace(/\./g, "\\.")) }),
      ).toBeVisible();

      // A holiday line that is no date is refused, named, what was typed kept.
      const holidays = week.getByLabel(text(lng, "desk", "deliveryZones.holidays"));
      const filled = await holidays.inputValue();
      await holidays.fill(`${filled}\n31.02.27`);
      await save(page, week, lng);
      await expect(week.getByRole("alert")).toBeVisible();
      await expect(week.locator(".desk-field-error")).toContainText("31.02.27");
      await expect(week.getByLabel(text(lng, "desk", "deliveryZones.holidays"))).toHaveValue(
        /31\.02\.27/,
      );

      await page.goto(PAGE);
      const card = formOf(page, rustavi);
      await expect(card.getByLabel(text(lng, "desk", "deliveryZones.fee"))).toHaveValue("7.00");
      await expect(card.getByLabel(text(lng, "desk", "deliveryZones.freeFrom"))).toHaveValue(
        "150.00",
      );
      await expect(card.getByLabel(day(lng, 2), { exact: true })).toBeChecked();
      await expect(card.getByLabel(day(lng, 5), { exact: true })).toBeChecked();
      await expect(card.getByLabel(day(lng, 1), { exact: true })).not.toBeChecked();
      const weekAgain = formOf(page, text(lng, "desk", "deliveryZones.week"));
      await expect(weekAgain.getByLabel(text(lng, "desk", "deliveryZones.cutoff"))).toHaveValue(
        "15",
      );
      // Orthodox Christmas, a public holiday every year, is in the coming year's list.
      await expect(weekAgain.getByLabel(text(lng, "desk", "deliveryZones.holidays"))).toHaveValue(
        /^07\.01\.\d\d$/m,
      );
      await noSidewaysScroll(page);

      // The trail says what changed, in words.
      await page.goto("/desk/activity");
      await expect(page.getByText(activityField(lng, "week.cutoffHour")).first()).toBeVisible();
      await expect(page.getByText("15:00").first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test(`staff read the delivery page, and their forged save changes nothing (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    const { context, page } = await signedIn(browser, javaScriptEnabled, lng, "staff");
    try {
      await openDeskSection(page, text(lng, "desk", "deskNav.delivery"));
      await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
      await expect(page.getByText(text(lng, "desk", "deliveryZones.readOnly"))).toBeVisible();
      await expect(page.locator(".desk-page form")).toHaveCount(0);
      await expect(
        page.getByRole("button", { name: text(lng, "desk", "settings.save") }),
      ).toHaveCount(0);
      const fee = page.getByLabel(text(lng, "desk", "deliveryZones.fee")).first();
      await expect(fee).toBeDisabled();
      const cutoff = page.getByLabel(text(lng, "desk", "deliveryZones.cutoff"));
      await expect(cutoff).toBeDisabled();
      const before = await cutoff.inputValue();
      const posted = await page.request.post(`${shop.url}${PAGE}`, {
        form: { intent: "week", cutoff: before === "3" ? "4" : "3", holidays: "", minimum: "" },
        headers: { Origin: shop.url },
      });
      expect(posted.status()).toBe(403);
      await page.reload();
      await expect(page.getByLabel(text(lng, "desk", "deliveryZones.cutoff"))).toHaveValue(before);
      await noSidewaysScroll(page);
    } finally {
      await context.close();
    }
  });

  test(`a save from an older delivery page is refused, what was typed kept (${lng})`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    const { context, page: a, name } = await signedIn(browser, javaScriptEnabled, lng, "owner");
    const b = await context.newPage();
    try {
      await a.goto(PAGE);
      await b.goto(PAGE);
      if (javaScriptEnabled)
        await expect(b.locator("html")).toHaveAttribute("data-hydrated", "true");
      const tbilisi = lng === "ka" ? "თბილისი" : "تبليسي";
      const feeLabel = text(lng, "desk", "deliveryZones.fee");
      const first = formOf(a, tbilisi);
      const was = await first.getByLabel(feeLabel).inputValue();
      await first.getByLabel(feeLabel).fill(was === "3.00" ? "2" : "3");
      await save(a, first, lng);
      await expect(
        a.getByRole("status").filter({ hasText: text(lng, "desk", "settings.saved") }),
      ).toBeVisible();

      const older = formOf(b, tbilisi);
      await older.getByLabel(feeLabel).fill("4,50");
      await save(b, older, lng);
      const alert = b.getByRole("alert").filter({ hasText: text(lng, "desk", "revision.stale") });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(name);
      await expect(alert).toBeInViewport();
      if (javaScriptEnabled) await expect(alert).toBeFocused();
      await expect(formOf(b, tbilisi).getByLabel(feeLabel)).toHaveValue("4,50");
      // Read, pressed again: saved.
      await save(b, formOf(b, tbilisi), lng);
      await expect(
        b.getByRole("status").filter({ hasText: text(lng, "desk", "settings.saved") }),
      ).toBeVisible();
      await b.goto(PAGE);
      await expect(formOf(b, tbilisi).getByLabel(feeLabel)).toHaveValue("4.50");
      await noSidewaysScroll(b);
    } finally {
      await context.close();
    }
  });
}
