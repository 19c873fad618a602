import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { deliveryDate, pressCartButton, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

const LOCALES = join(import.meta.dirname, "../../app/locales");
const codes = ["ru", "en", "ka", "az", "tr", "de", "am", "he", "ar"] as const;
const htmlLang: Record<string, string> = { am: "hy" };
const nonLatin = new Set(["ka", "am", "he", "ar"]);

type Dictionary = { [key: string]: string | Dictionary };
function values(language: string): Set<string> {
  const all = new Set<string>();
  const walk = (node: string | Dictionary) => {
    if (typeof node === "string") all.add(node);
    else for (const child of Object.values(node)) walk(child);
  };
  for (const file of readdirSync(join(LOCALES, language))) {
    walk(JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")));
  }
  return all;
}
const english = values("en");

const CART = encodeURIComponent('[["body/hemor-cream",1]]');
const routes = [
  "/",
  "/about",
  "/about/team",
  "/services/delivery",
  "/catalog",
  "/catalog/body",
  "/catalog/suncare",
  "/catalog/body/hemor-cream",
  "/catalog/404",
  "/cart",
  "/checkout",
  "/privacy",
  "/terms",
  "/no-such-page",
];

/** The page's visible text, piece by piece, leaving out the language switcher (nine names). */
async function textNodes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = document.querySelector(".language-switcher");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skip?.contains(parent) || parent.closest("script, style, template")) continue;
      const value = (node.textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f]/g, "").trim();
      if (value) found.push(value);
    }
    return found;
  });
}

/**
 * Latin words a page in any language may show: brand and service names, units, contacts,
 * and the names of the cookies the privacy page lists (they are what a browser shows).
 */
const LATIN_ALLOWED =
  /Kolkhida|Telegram|WhatsApp|Google Analytics|Google Ads|GEL|@username|@kolkhida_shop|hello@kolkhida\.ge|Cookie|\b(?:lng|cart|__session|origin|_ga|_gcl_au)\b/g;

for (const lng of codes) {
  test.describe(`${lng}: the whole shop in one language`, () => {
    test(`every page shows only ${lng} text, no raw keys`, async ({
      page,
      context,
      javaScriptEnabled,
    }) => {
      test.skip(
        javaScriptEnabled && !["ka", "az", "am", "he"].includes(lng),
        "JS on: the languages whose number formats differ most between ICUs",
      );
      test.setTimeout(90_000);
      await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
      const own = values(lng);
      for (const route of routes) {
        await page.goto(`${route}?lng=${lng}`);
        if (javaScriptEnabled)
          await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await expect(page.locator("html")).toHaveAttribute("lang", htmlLang[lng] ?? lng);
        const nodes = await textNodes(page);
        expect(nodes.length, route).toBeGreaterThan(10);
        for (const node of nodes) {
          expect(node, `${route}: raw key`).not.toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_-]+)+$/);
          expect(node, `${route}: {{placeholder}} left`).not.toContain("{{");
          if (lng !== "ru")
            expect(node, `${route}: Cyrillic on a ${lng} page`).not.toMatch(/\p{Script=Cyrillic}/u);
          if (nonLatin.has(lng)) {
            const latin = node.replace(LATIN_ALLOWED, "");
            expect(latin, `${route}: Latin words on a ${lng} page`).not.toMatch(
              /[A-Za-z]{3,}\s+[A-Za-z]{3,}/,
            );
          }
          if (lng !== "en" && english.has(node) && !own.has(node)) {
            throw new Error(`${route}: English text on a ${lng} page: "${node}"`);
          }
        }
      }
    });

    test(`a shopper can order in ${lng} without JavaScript`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.skip(javaScriptEnabled, "the plain-form path");
      await page.goto(`/catalog/body/hemor-cream?lng=${lng}`);
      await pressCartButton(
        page,
        page.getByRole("button", { name: text(lng, "catalog", "product.addToCart") }),
      );
      await page.goto(`/checkout?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        text(lng, "checkout", "heading"),
      );
      await page.locator("#address").fill(uniqueAddress(`Order in ${lng}`));
      await page.locator("#deliveryTime").fill(deliveryDate(2));
      await page.locator("#phone").fill("+995 555 123 456");
      await page.getByRole("button", { name: text(lng, "checkout", "submit") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        text(lng, "checkout", "thanks.title"),
      );
      await expect(page.locator(".thanks__number")).toHaveText(/^\d{6}$/);
    });
  });
}

test.describe("right-to-left", () => {
  for (const lng of ["he", "ar"] as const) {
    test(`${lng} is mirrored: the brand at the right, the cart at the left, prices and phones isolated`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
      await page.goto(`/checkout?lng=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const brand = await page.locator(".site-header .brand").boundingBox();
      const cart = await page.locator(".cart-link").boundingBox();
      expect(brand && cart && brand.x > cart.x).toBe(true);
      expect(
        await page
          .locator(".order-summary .price")
          .first()
          .evaluate((node) => node.tagName),
      ).toBe("BDI");
      await expect(page.locator("#phone")).toHaveAttribute("dir", "ltr");
      const form = await page.locator(".checkout-form").boundingBox();
      const summary = await page.locator(".order-summary").boundingBox();
      expect(form && summary && form.x > summary.x).toBe(true);
    });
  }
});

/** Where each word first begins on screen inside an element, in pixels from the left. */
async function leftOf(element: Locator, words: string[]): Promise<number[]> {
  return element.evaluate(
    (root, words) =>
      words.map((word) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node.textContent ?? "").indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          return range.getBoundingClientRect().left;
        }
        return Number.NaN;
      }),
    words,
  );
}

/** Whether the numbers grow from left to right. */
const leftToRight = (lefts: number[]) =>
  lefts.every((left, index) => index === 0 || (lefts[index - 1] ?? Number.NaN) < left);

test.describe("right-to-left: patterns read as they are typed", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const lng of ["he", "ar"] as const) {
    test(`${lng}: the delivery date's format names the day first, at the left, as the date is typed`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
      await page.goto(`/checkout?lng=${lng}`);
      const [day, month, year] = text(lng, "checkout", "fields.dateFormat").split(".");
      const lefts = await leftOf(page.locator("#deliveryTime-hint"), [
        day ?? "",
        month ?? "",
        year ?? "",
      ]);
      expect(leftToRight(lefts), `${lng}: ${lefts.join(", ")}`).toBe(true);
    });
  }

  test("ar, the desk: a phone order's date format day first, a product's page address from /catalog/ on", async ({
    page,
  }) => {
    await signInToDesk(page, "Rania", undefined, "owner");
    await page.goto("/desk/orders/new?lng=ar");
    const [day, month, year] = text("ar", "desk", "phoneOrder.dateFormat").split(".");
    const date = await leftOf(page.locator('[id$="deliveryTime-hint"]'), [
      day ?? "",
      month ?? "",
      year ?? "",
    ]);
    expect(leftToRight(date), date.join(", ")).toBe(true);

    await page.goto("/desk/products/new?lng=ar");
    const path = await leftOf(
      page.locator(".desk-hint").filter({ hasText: "catalog" }),
      text("ar", "desk", "products.slugPath").split("/").filter(Boolean),
    );
    expect(path).toHaveLength(3);
    expect(leftToRight(path), path.join(", ")).toBe(true);
  });
});

test.describe("right-to-left: Latin values inside translated text are isolated", () => {
  for (const lng of ["he", "ar"] as const) {
    for (const route of ["/privacy", "/terms"]) {
      test(`${route} in ${lng}: the Telegram handle and the e-mail read left to right`, async ({
        page,
      }) => {
        await page.goto(`${route}?lng=${lng}`);
        // The contacts a fresh install shows (the settings' seed).
        const values = ["@kolkhida_shop", "hello@kolkhida.ge"];
        const found = await page.locator("main").evaluate((main, values) => {
          const seen: { value: string; isolated: boolean; inOrder: boolean }[] = [];
          const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const content = node.textContent ?? "";
            for (const value of values) {
              const at = content.indexOf(value);
              if (at < 0) continue;
              // Isolated: the nearest <bdi> or dir="ltr" element round it holds the value alone.
              const isolating = node.parentElement?.closest("bdi, [dir='ltr']");
              // On screen the value's first character ("@", "h") is left of its second.
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + 1);
              const first = range.getBoundingClientRect();
              range.setStart(node, at + 1);
              range.setEnd(node, at + 2);
              const second = range.getBoundingClientRect();
              seen.push({
                value,
                isolated: isolating?.textContent === value,
                inOrder: first.left < second.left,
              });
            }
          }
          return seen;
        }, values);
        expect(found.map((item) => item.value)).toEqual(expect.arrayContaining(values));
        for (const item of found) expect(item).toEqual({ ...item, isolated: true, inOrder: true });
      });
    }
  }
});

test.describe("switching language", () => {
  test("with JavaScript: in place, no full reload, lang and dir set, the change announced", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "needs scripts");
    await page.goto("/catalog/body/hemor-cream?lng=ru");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.evaluate(() => {
      const win = window as unknown as { stayed: boolean; changes: string[] };
      win.stayed = true;
      win.changes = [];
      window.addEventListener("shop:languagechange", (event) => {
        win.changes.push((event as CustomEvent<{ language: string }>).detail.language);
      });
    });
    await page.locator(".language-switcher summary").click();
    await page.locator('.language-switcher a[hreflang="he"]').click();
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveURL(/\/catalog\/body\/hemor-cream\?lng=he$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      text("he", "catalog", "products.hemor-cream.title"),
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    expect(await page.evaluate(() => (window as unknown as { changes: string[] }).changes)).toEqual(
      ["he"],
    );
    await expect(page.locator(".language-switcher")).not.toHaveAttribute("open", "");
    await expect(page.locator('.language-switcher a[hreflang="he"]')).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("nine entries, each with a flag and its own name", async ({ page }) => {
    await page.goto("/?lng=en");
    const entries = page.locator(".language-switcher__list a");
    await expect(entries).toHaveCount(9);
    await expect(entries).toHaveText([
      "Русский",
      "English",
      "ქართული",
      "Azərbaycanca",
      "Türkçe",
      "Deutsch",
      "Հայերեն",
      "עברית",
      "العربية",
    ]);
    await expect(entries.first().locator("source")).toHaveAttribute("srcset", "/flags/ru.svg");
    await expect(entries.first().locator("img")).toHaveAttribute("src", "/flags/ru.png");
    for (const code of codes) {
      const svg = await page.request.get(`/flags/${code}.svg`);
      const png = await page.request.get(`/flags/${code}.png`);
      expect(svg.status()).toBe(200);
      expect(png.status()).toBe(200);
    }
  });
});

/** What is wrong with the header's controls on screen now; an empty list when nothing is. */
async function headerFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const faults: string[] = [];
    const controls = [
      ".site-header .brand",
      ".language-switcher summary",
      ".cart-link",
      ".mobile-menu summary",
    ].map((selector) => {
      const element = document.querySelector<HTMLElement>(selector);
      if (!element) throw new Error(`${selector} is missing`);
      return { selector, element, box: element.getBoundingClientRect() };
    });
    for (const { selector, element, box } of controls) {
      if (box.width < 24 || box.height < 24)
        faults.push(`${selector} is ${box.width}×${box.height}`);
      if (box.left < 0 || box.right > viewport)
        faults.push(`${selector} spans ${box.left}…${box.right} of ${viewport}`);
      // Content wider than its box is cut off: an ellipsis in the brand, a label under an edge.
      if (element.scrollWidth > element.clientWidth)
        faults.push(`${selector} shows ${element.clientWidth} of ${element.scrollWidth} px`);
      for (const icon of element.querySelectorAll("svg")) {
        const size = icon.getBoundingClientRect();
        if (size.width < 24 || size.height < 24)
          faults.push(`${selector}'s icon is squeezed to ${size.width}×${size.height}`);
      }
    }
    const inLine = [...controls].sort((a, b) => a.box.left - b.box.left);
    for (const [index, { selector, box }] of inLine.entries()) {
      const next = inLine[index + 1];
      if (next && next.box.left < box.right) faults.push(`${selector} overlaps ${next.selector}`);
    }
    // The open language list hangs inside the screen too.
    const open = document.querySelector<HTMLDetailsElement>(".language-switcher")?.open;
    const list = document.querySelector(".language-switcher__list")?.getBoundingClientRect();
    if (open && list && (list.left < 0 || list.right > viewport))
      faults.push(`the language list spans ${list.left}…${list.right} of ${viewport}`);
    if (document.documentElement.scrollWidth > viewport)
      faults.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
    return faults;
  });
}

test.describe("small phones (WCAG 1.4.10): nothing cut, squeezed or sideways", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the layout is the same; run once");

  for (const lng of codes) {
    test(`${lng}: the header at 320 and 375 px, with and without a cart`, async ({
      page,
      context,
    }) => {
      for (const cart of [false, true]) {
        await context.clearCookies();
        if (cart)
          await context.addCookies([
            { name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" },
          ]);
        await page.setViewportSize({ width: 320, height: 640 });
        await page.goto(`/?lng=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await page.evaluate(() => document.fonts.ready);
        for (const width of [320, 375]) {
          await page.setViewportSize({ width, height: 640 });
          const where = `${width} px, ${cart ? "with" : "without"} a cart`;
          expect(await headerFaults(page), where).toEqual([]);
          // The word "Menu" may leave the screen; it never leaves the name.
          await expect(page.locator(".mobile-menu summary")).toHaveAccessibleName(
            text(lng, "common", "nav.menu"),
          );
          await page.locator(".language-switcher summary").click();
          await expect(page.locator(".language-switcher__list")).toBeVisible();
          expect(await headerFaults(page), `${where}, language list open`).toEqual([]);
          await page.keyboard.press("Escape");
          await expect(page.locator(".language-switcher__list")).toBeHidden();
        }
      }
    });
  }
});

test.describe("small phones (WCAG 1.4.10): no page scrolls sideways", () => {
  for (const lng of codes) {
    test(`${lng}: every page at 320 px, with a cart`, async ({
      page,
      context,
      javaScriptEnabled,
    }) => {
      test.setTimeout(60_000);
      await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
      await page.setViewportSize({ width: 320, height: 640 });
      for (const route of routes) {
        await page.goto(`${route}?lng=${lng}`);
        if (javaScriptEnabled)
          await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        const overflow = await page.evaluate(async () => {
          await document.fonts.ready;
          return document.documentElement.scrollWidth - document.documentElement.clientWidth;
        });
        expect.soft(overflow, `${route}: px beyond the screen`).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe("screenshots for people to look at", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "once");
  const dir = join(import.meta.dirname, "../artifacts/screenshots");

  for (const lng of ["ka", "am", "he", "ar"] as const) {
    test(`home, product and checkout in ${lng}`, async ({ page, context }, testInfo) => {
      mkdirSync(dir, { recursive: true });
      await context.addCookies([{ name: "cart_v1", value: CART, domain: "127.0.0.1", path: "/" }]);
      for (const [name, route] of [
        ["home", "/"],
        ["product", "/catalog/body/hemor-cream"],
        ["checkout", "/checkout"],
      ] as const) {
        await page.goto(`${route}?lng=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await page.evaluate(() => document.fonts.ready);
        const path = join(dir, `${lng}-${name}.png`);
        await page.screenshot({ path, fullPage: true });
        await testInfo.attach(`${lng}-${name}`, { path, contentType: "image/png" });
      }
    });
  }
});
