import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { languageCodes } from "../../app/i18n/languages";
import { baseURL } from "../../playwright.config";
import { violations } from "./support/axe";
import { type DeskShop, signInToDesk, uniquePhone, writeShopDatabase } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { startShop } from "./support/server";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// The desk on an owner's phone (375 px), in Georgian and Arabic: fields a thumb can use
// and iOS does not zoom into, radios beside their words, statuses and buttons whole,
// tables that scroll inside their own region and say so, every section one tap from a
// menu, and no word long enough to widen a page.

const PHONE = { width: 375, height: 812 };
const desk = (lng: string, key: string) => text(lng, "desk", key);

/**
 * Every visible control of the page's content that a phone would zoom into (text under
 * 16 px), that is shorter than a thumb (44 px), whose textarea is not in the document's
 * font, or whose box (a checkbox, a radio) is not a 24 px square.
 */
async function unfitControls(page: Page): Promise<string[]> {
  return page.locator("main").evaluate(async (main) => {
    await document.fonts.ready;
    const documentFont = getComputedStyle(document.body).fontFamily;
    const faults: string[] = [];
    for (const control of main.querySelectorAll<HTMLElement>("input, select, textarea, button")) {
      if (control.matches("[type='hidden']") || control.getClientRects().length === 0) continue;
      const name = `${control.tagName.toLowerCase()}[name=${control.getAttribute("name")}]`;
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      if (control.matches("[type='checkbox'], [type='radio']")) {
        if (box.width < 24 || Math.abs(box.width - box.height) > 1)
          faults.push(`${name} is drawn ${size}`);
        continue;
      }
      if (Number.parseFloat(style.fontSize) < 16) faults.push(`${name} has ${style.fontSize} text`);
      if (box.height < 44 - 0.5) faults.push(`${name} is ${size}`);
      if (control.tagName === "TEXTAREA" && style.fontFamily !== documentFont)
        faults.push(`${name} is in ${style.fontFamily}`);
    }
    return faults;
  });
}

/**
 * Every checkbox and radio whose words are not beside it: on another line (their centres
 * apart), away from it, before it in the direction of writing, or a label row a thumb
 * cannot hit (under 44 px tall).
 */
async function choicesApart(page: Page): Promise<string[]> {
  return page.locator("main").evaluate((main) => {
    const faults: string[] = [];
    const boxes = main.querySelectorAll<HTMLInputElement>(
      "input[type='radio'], input[type='checkbox']",
    );
    for (const input of boxes) {
      if (input.getClientRects().length === 0) continue;
      const label = input.closest("label") ?? input.labels?.[0];
      const name = `${input.name}=${input.value}`;
      if (!label) {
        faults.push(`${name} has no label`);
        continue;
      }
      const words = document.createRange();
      const texts = [...label.querySelectorAll("*"), label]
        .flatMap((element) => [...element.childNodes])
        .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      const [first, last] = [texts[0], texts.at(-1)];
      if (!first || !last) {
        faults.push(`${name}'s label has no words`);
        continue;
      }
      words.setStartBefore(first);
      words.setEndAfter(last);
      const text = words.getBoundingClientRect();
      const box = input.getBoundingClientRect();
      const centre = (rect: DOMRect) => rect.top + rect.height / 2;
      if (Math.abs(centre(text) - centre(box)) > 3)
        faults.push(
          `${name}: box at ${Math.round(centre(box))}, words at ${Math.round(centre(text))}`,
        );
      const rtl = getComputedStyle(input).direction === "rtl";
      const gap = rtl ? box.left - text.right : text.left - box.right;
      if (gap < 0 || gap > 16) faults.push(`${name}: its words are ${Math.round(gap)} px away`);
      if (label.getBoundingClientRect().height < 44 - 0.5)
        faults.push(`${name}: its row is ${Math.round(label.getBoundingClientRect().height)} px`);
    }
    return faults;
  });
}

test.describe("the desk's forms on a 375 px phone", () => {
  test.use({ viewport: PHONE });

  for (const lng of ["ka", "ar"] as const) {
    test(`${lng}: every field, list and button of the owner's forms is 16 px and 44 px tall, each radio beside its words`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const number = await placeOrderOverHttp(baseURL, uniqueAddress("Thumb lane"), uniquePhone());
      await signInToDesk(page, "Ketevan", undefined, "owner");
      for (const path of [
        "/desk/products/body/hemor-cream",
        `/desk/products/body/hemor-cream/texts/${lng}`,
        "/desk/settings",
        `/desk/orders/cancel?order=${number}`,
        "/desk/privacy",
        "/desk/reports",
      ]) {
        await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect.soft(await unfitControls(page), path).toEqual([]);
        expect.soft(await choicesApart(page), path).toEqual([]);
      }

      // The whole row is the reason's label: a tap at its far end, away from the round,
      // chooses it.
      await page.goto(`/desk/orders/cancel?order=${number}&lng=${lng}`);
      const duplicate = page
        .getByRole("group", { name: desk(lng, "final.reason") })
        .locator("label", {
          hasText: desk(lng, "cancelReason.duplicate"),
        });
      const row = await duplicate.boundingBox();
      if (!row) throw new Error("No row for the reason");
      await duplicate.click({
        position: { x: lng === "ar" ? 4 : row.width - 4, y: row.height / 2 },
      });
      await expect(
        page.getByRole("radio", { name: desk(lng, "cancelReason.duplicate") }),
      ).toBeChecked();
    });
  }

  test("the queue's cards show every status and every button whole, in every language", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const phone = uniquePhone();
    const address = uniqueAddress("Status lane");
    const numbers: string[] = [];
    for (let index = 0; index < 5; index++)
      numbers.push(await placeOrderOverHttp(baseURL, address, phone));
    // One order stays new (its card has the queue's three buttons); the others take the
    // statuses with the longest words: "დადასტურებული", "رُفض الاستلام", "הועברה לשליח"…
    writeShopDatabase((db) => {
      const set = db.prepare("update orders set status = ? where order_number = ?");
      for (const [index, status] of ["confirmed", "shipped", "refused", "cancelled"].entries())
        set.run(status, Number(numbers[index + 1]));
    });
    await signInToDesk(page, "Eka");
    for (const lng of languageCodes) {
      await page.goto(`/desk?tab=all&q=${encodeURIComponent(phone)}&lng=${lng}`);
      await expect(page.locator(".desk-order")).toHaveCount(5);
      const faults = await page.locator(".desk-order").evaluateAll((cards) =>
        cards.flatMap((card) => {
          const edges = card.getBoundingClientRect();
          return [
            ...card.querySelectorAll<HTMLElement>(
              ".desk-status, .desk-order__actions > .desk-button",
            ),
          ]
            .filter((part) => {
              const box = part.getBoundingClientRect();
              return (
                part.scrollWidth > part.clientWidth ||
                box.left < edges.left ||
                box.right > edges.right
              );
            })
            .map((part) => `"${part.textContent}" ${part.scrollWidth} in ${part.clientWidth}`);
        }),
      );
      expect.soft(faults, lng).toEqual([]);
      const statuses = await page.locator(".desk-order__head .desk-status").allInnerTexts();
      expect
        .soft(statuses.sort(), lng)
        .toEqual(
          ["new", "confirmed", "shipped", "refused", "cancelled"]
            .map((status) => desk(lng, `status.${status}`))
            .sort(),
        );
      for (const button of await page.locator(".desk-order__actions .desk-button").all()) {
        const size = await button.evaluate((element) => ({
          font: Number.parseFloat(getComputedStyle(element).fontSize),
          height: element.getBoundingClientRect().height,
        }));
        expect.soft(size.font, `${lng}: a button's text`).toBeGreaterThanOrEqual(16);
        expect.soft(size.height, `${lng}: a button's height`).toBeGreaterThanOrEqual(44);
      }
    }
  });
});

test.describe("the reports on a 375 px phone", () => {
  test.use({ viewport: PHONE });

  for (const lng of ["ka", "ar"] as const) {
    test(`${lng}: the page never scrolls sideways; a table wider than the screen scrolls in its region and says so`, async ({
      page,
    }) => {
      await placeOrderOverHttp(baseURL, uniqueAddress("Numbers lane"), uniquePhone(), lng);
      await signInToDesk(page, "Lasha", undefined, "owner");
      await page.goto(`/desk/reports?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(desk(lng, "reports.title"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      const regions = page.locator(".desk-report");
      let overflowing = 0;
      for (const region of await regions.all()) {
        const table = region.locator(".desk-scroll");
        const wide = await table.evaluate((element) => element.scrollWidth > element.clientWidth);
        const hint = region.getByText(desk(lng, "reports.scrollHint"));
        if (wide) {
          overflowing += 1;
          await expect(hint).toBeVisible();
          // The region can be scrolled by keyboard: it takes the focus, named by its caption.
          await expect(table).toHaveAttribute("tabindex", "0");
        } else {
          await expect(hint).toBeHidden();
        }
      }
      // The couriers' table has eight columns: on a phone it is always wider than the screen.
      expect(overflowing).toBeGreaterThan(0);
    });
  }
});

test.describe("the desk's sections on a 375 px phone", () => {
  test.use({ viewport: PHONE });

  for (const lng of ["ka", "ar"] as const) {
    test(`${lng}: from any desk page the menu opens on every section, and Health is one tap away`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.setTimeout(60_000);
      await signInToDesk(page, "Giorgi", undefined, "owner");
      const health = desk(lng, "deskNav.health");
      for (const [path, current] of [
        ["/desk", "orders"],
        ["/desk/products/body/hemor-cream", "products"],
        ["/desk/settings", "settings"],
        // Under Settings' address, yet a section of its own: only it is the current one.
        ["/desk/settings/delivery", "delivery"],
        ["/desk/promotions", "promotions"],
        ["/desk/reports", "reports"],
      ] as const) {
        await page.goto(`${path}?lng=${lng}`);
        const nav = page.getByRole("navigation", { name: desk(lng, "deskNav.label") });
        const menu = nav.locator("summary");
        await expect(menu).toContainText(desk(lng, "deskNav.menu"));
        await expect(menu).toContainText(desk(lng, `deskNav.${current}`));
        // Folded, the sections take one line, and none is out of reach to the side.
        await expect(nav.getByRole("link", { name: health, exact: true })).toBeHidden();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );

        await menu.click();
        const links = nav.getByRole("link");
        await expect(links).toHaveCount(15);
        for (const link of await links.all()) {
          await expect(link).toBeVisible();
          const box = await link.boundingBox();
          if (!box) throw new Error("A section's link has no box");
          expect(box.x, path).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, path).toBeLessThanOrEqual(PHONE.width);
          expect(box.height, path).toBeGreaterThanOrEqual(44);
        }
        await expect(
          nav.getByRole("link", { name: desk(lng, `deskNav.${current}`), exact: true }),
        ).toHaveAttribute("aria-current", "page");
        await expect(nav.locator("[aria-current='page']:visible")).toHaveCount(1);

        await nav.getByRole("link", { name: health, exact: true }).click();
        await expect(page).toHaveURL(/\/desk\/health$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(desk(lng, "health.title"));
        // Where the tap led, the menu is folded again and names the new section.
        await expect(nav.getByRole("link", { name: health, exact: true })).toBeHidden();
        await expect(menu).toContainText(health);
        if (javaScriptEnabled) await expect(nav.locator("details")).not.toHaveAttribute("open");
      }
    });
  }

  test("the menu works from the keyboard, and with scripts Escape folds it back", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInToDesk(page, "Ana", undefined, "owner");
    await page.goto("/desk/settings?lng=ar");
    const nav = page.getByRole("navigation", { name: desk("ar", "deskNav.label") });
    const menu = nav.locator("summary");
    await menu.focus();
    await page.keyboard.press("Enter");
    const health = nav.getByRole("link", { name: desk("ar", "deskNav.health"), exact: true });
    await expect(health).toBeVisible();
    if (javaScriptEnabled) {
      await page.keyboard.press("Escape");
      await expect(health).toBeHidden();
      await expect(menu).toBeFocused();
      await page.keyboard.press("Enter");
    }
    for (let presses = 0; presses < 20; presses++) {
      if (await health.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(health).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/desk\/health$/);
  });

  test("the menu, open, passes axe", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs in the page");
    await signInToDesk(page, "Axe menu", undefined, "owner");
    for (const lng of ["ka", "ar"]) {
      await page.goto(`/desk/reports?lng=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page
        .getByRole("navigation", { name: desk(lng, "deskNav.label") })
        .locator("summary")
        .click();
      expect(await violations(page), lng).toEqual([]);
    }
  });
});

test.describe("the desk's sections on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every section is in the strip at once, none hidden to the side", async ({ page }) => {
    await signInToDesk(page, "Dato", undefined, "owner");
    await page.goto("/desk?lng=ka");
    const nav = page.getByRole("navigation", { name: desk("ka", "deskNav.label") });
    await expect(nav.locator("summary")).toBeHidden();
    const links = nav.getByRole("link");
    await expect(links).toHaveCount(15);
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    await nav.getByRole("link", { name: desk("ka", "deskNav.health"), exact: true }).click();
    await expect(page).toHaveURL(/\/desk\/health$/);
  });
});

test.describe("a long word on a 375 px phone", () => {
  test.use({ viewport: PHONE });

  test("a product with a 60-character address does not widen its pages", async ({
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    // A shop of its own: the new product would join every other test's catalogue.
    const dir = mkdtempSync(join(tmpdir(), "shop-long-"));
    const server = await startShop({}, dir);
    const shop: DeskShop = { url: server.url, dir };
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
    try {
      const page = await context.newPage();
      await signInToDesk(page, "Tamar", shop, "owner");
      // One unbroken word, as long as an address may be.
      const slug = "handandfootbalmwithseabuckthornoilandcalendulaforcrackedskin";
      expect(slug).toHaveLength(60);
      await page.goto(`${shop.url}/desk/products/new?lng=en`);
      await page.getByLabel("Address").fill(slug);
      await page.getByRole("button", { name: "Create" }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/products/body/${slug}$`));
      for (const lng of ["ka", "ar"]) {
        for (const path of [
          `/desk/products/body/${slug}`,
          "/desk/products",
          "/desk/products/body/hemor-cream",
          "/desk/activity",
        ]) {
          await page.goto(`${shop.url}${path}?lng=${lng}`);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect.soft(width, `${path} in ${lng}`).toBeLessThanOrEqual(PHONE.width);
        }
      }
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
