import type { Page } from "@playwright/test";
import { text } from "./support/dictionary";
import { expect, test } from "./support/test";

const t = (namespace: string, key: string) => text("en", namespace, key);

async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * The menus' behaviour arrives with the shopper's first move of the pointer (ui/Header.tsx):
 * moves the pointer over the page and waits until the products menu is a button.
 */
async function menusReady(page: Page) {
  await page.mouse.move(640, 400);
  await expect(page.getByRole("button", { name: t("common", "nav.productsMenu") })).toBeVisible();
}

/** Stops the page's clock (installed before loading), so only runFor moves time. */
async function freezeClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 1000);
}

/** Takes the pointer and the focus off whatever was clicked, as a shopper moving on would. */
async function moveAway(page: Page) {
  await page.mouse.move(5, 790);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test.describe("menus with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "timed behaviour");
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the mega menu opens 80 ms after hover and closes 140 ms after the pointer leaves", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/?lng=en");
    await hydrated(page);
    await menusReady(page);
    await freezeClock(page);
    const button = page.getByRole("button", { name: t("common", "nav.productsMenu") });
    const panel = page.locator("#menu-products");
    await button.hover();
    await page.clock.runFor(70);
    await expect(panel).toBeHidden();
    await page.clock.runFor(15);
    await expect(panel).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link", { name: t("common", "mega.delicate") })).toHaveAttribute(
      "href",
      "/catalog/body",
    );
    await expect(panel.getByRole("link", { name: t("common", "mega.firstAid") })).toHaveAttribute(
      "href",
      "/catalog/404",
    );
    await expect(panel.getByRole("link", { name: t("common", "mega.face") })).toHaveAttribute(
      "href",
      "/catalog/404",
    );

    await page.mouse.move(640, 700);
    await page.clock.runFor(130);
    await expect(panel).toBeVisible();
    await page.clock.runFor(15);
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("a scroll while the menu is open holds it open for 200 ms", async ({ page }) => {
    await page.clock.install();
    await page.goto("/?lng=en");
    await hydrated(page);
    await menusReady(page);
    await freezeClock(page);
    const panel = page.locator("#menu-products");
    await page.getByRole("button", { name: t("common", "nav.productsMenu") }).hover();
    await page.clock.runFor(100);
    await expect(panel).toBeVisible();
    await page.mouse.move(640, 700);
    await page.clock.runFor(100);
    await page.evaluate(() => window.dispatchEvent(new Event("scroll")));
    await page.clock.runFor(100);
    await expect(panel).toBeVisible();
    await page.clock.runFor(150);
    await expect(panel).toBeHidden();
  });

  test("keyboard alone opens, uses and closes every menu; Escape returns focus", async ({
    page,
  }) => {
    await page.goto("/?lng=en");
    await hydrated(page);
    await menusReady(page);
    const products = page.getByRole("button", { name: t("common", "nav.productsMenu") });
    await products.focus();
    await expect(page.locator("#menu-products")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(
      page.getByRole("link", { name: t("common", "mega.delicate"), exact: true }),
    ).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.locator("#menu-products")).toBeHidden();
    await expect(products).toBeFocused();

    const contacts = page.getByRole("button", { name: t("common", "nav.contactsMenuLabel") });
    await contacts.focus();
    await page.keyboard.press("Enter");
    const contactsPanel = page.locator("#menu-contacts");
    await expect(contactsPanel).toBeVisible();
    await expect(
      contactsPanel.getByRole("link", { name: t("common", "contactsMenu.messenger") }),
    ).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(
      contactsPanel.getByRole("link", { name: t("common", "contactsMenu.chat") }),
    ).toHaveAttribute("href", /^https:\/\/t\.me\//);
    await expect(
      contactsPanel.getByRole("link", { name: t("common", "contactsMenu.email") }),
    ).toHaveAttribute("href", /^mailto:/);
    await page.keyboard.press("Escape");
    await expect(contactsPanel).toBeHidden();
    await expect(contacts).toBeFocused();

    const switcher = page.locator(".language-switcher");
    await switcher.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(switcher).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(switcher).not.toHaveAttribute("open", "");
    await expect(switcher.locator("summary")).toBeFocused();
  });

  test("a click pins a hovered menu open; a click outside closes it", async ({ page }) => {
    await page.goto("/?lng=en");
    await hydrated(page);
    await menusReady(page);
    const button = page.getByRole("button", { name: t("common", "nav.productsMenu") });
    await button.click();
    await expect(page.locator("#menu-products")).toBeVisible();
    await page.mouse.move(640, 700);
    await page.waitForTimeout(400);
    await expect(page.locator("#menu-products")).toBeVisible();
    await page.mouse.click(640, 700);
    await expect(page.locator("#menu-products")).toBeHidden();
  });

  test("until the first move a menu is its link; a shopper already on it keeps their place", async ({
    page,
  }) => {
    await page.goto("/?lng=en");
    await hydrated(page);
    const link = page
      .locator(".site-nav")
      .getByRole("link", { name: t("common", "nav.productsMenu"), exact: true });
    await expect(link).toHaveAttribute("href", "/catalog");
    // Focus reaching the link (no key pressed, no pointer moved) brings the behaviour: the
    // button that replaces the link takes the focus, and the menu opens as on focus.
    await link.focus();
    const button = page.getByRole("button", { name: t("common", "nav.productsMenu") });
    await expect(button).toBeFocused();
    await expect(page.locator("#menu-products")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#menu-products")).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("a pointer that first moves onto a menu's link opens the menu that replaces it", async ({
    page,
  }) => {
    await page.goto("/?lng=en");
    await hydrated(page);
    const box = await page
      .locator(".site-nav")
      .getByRole("link", { name: t("common", "nav.productsMenu"), exact: true })
      .boundingBox();
    if (!box) throw new Error("The products menu's link is not shown");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole("button", { name: t("common", "nav.productsMenu") })).toBeVisible();
    await expect(page.locator("#menu-products")).toBeVisible();
  });

  test("the bar is 72 px and shrinks to 56 px past 10 px of scroll", async ({ page }) => {
    await page.goto("/?lng=en");
    await hydrated(page);
    const bar = page.locator(".site-header__inner");
    const height = () =>
      bar.evaluate((element) => Math.round(element.getBoundingClientRect().height));
    await page.evaluate(() => window.scrollTo(0, 10));
    await page.waitForTimeout(300);
    expect(await height()).toBe(72);
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(height).toBe(56);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(height).toBe(72);
  });
});

test.describe("slideshow with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "timed behaviour");

  test("arrows and dots change the slide; it moves on 5 s after a dot, 500 s after an arrow", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/?lng=en");
    await hydrated(page);
    await freezeClock(page);
    const show = page.locator(".slideshow");
    await expect(show).toHaveAttribute("data-current", "0");
    await page.getByRole("button", { name: t("home", "slides.next") }).click();
    await expect(show).toHaveAttribute("data-current", "1");
    await moveAway(page);
    await page.clock.runFor(10_000);
    await expect(show).toHaveAttribute("data-current", "1");
    await page.clock.runFor(490_500);
    await expect(show).toHaveAttribute("data-current", "2");

    await page
      .getByRole("link", { name: t("home", "slides.goTo").replace("{{number}}", "1") })
      .click();
    await expect(show).toHaveAttribute("data-current", "0");
    await moveAway(page);
    await expect(show).not.toHaveAttribute("data-paused", "true");
    await page.clock.runFor(4_900);
    await expect(show).toHaveAttribute("data-current", "0");
    await page.clock.runFor(200);
    await expect(show).toHaveAttribute("data-current", "1");

    await page.getByRole("button", { name: t("home", "slides.previous") }).click();
    await expect(show).toHaveAttribute("data-current", "0");
  });

  test("it does not move while hovered", async ({ page }) => {
    await page.clock.install();
    await page.goto("/?lng=en");
    await hydrated(page);
    await freezeClock(page);
    const show = page.locator(".slideshow");
    await page
      .getByRole("link", { name: t("home", "slides.goTo").replace("{{number}}", "2") })
      .click();
    await show.hover();
    await page.clock.runFor(20_000);
    await expect(show).toHaveAttribute("data-current", "1");
  });
});

test.describe("reviews carousel with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "paged carousel");

  for (const [width, perPage] of [
    [1280, 3],
    [1000, 2],
    [700, 1],
    [375, 1],
  ] as const) {
    test(`${perPage} per page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/?lng=en");
      await hydrated(page);
      const viewport = page.locator(".reviews__viewport");
      await expect(viewport).toHaveAttribute("data-per-page", String(perPage));
      await expect(page.locator(".reviews__dot")).toHaveCount(Math.ceil(8 / perPage));
      const visible = page.locator(".reviews__list .review:not([aria-hidden])");
      await expect(visible).toHaveCount(perPage);
    });
  }

  test("buttons, dots and arrow keys change the page", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto("/?lng=en");
    await hydrated(page);
    const viewport = page.locator(".reviews__viewport");
    await page.getByRole("button", { name: t("home", "reviews.next") }).click();
    await expect(viewport).toHaveAttribute("data-page", "1");
    await page.getByRole("button", { name: "Reviews, page 4 of 4" }).click();
    await expect(viewport).toHaveAttribute("data-page", "3");
    await viewport.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(viewport).toHaveAttribute("data-page", "2");
    await page.keyboard.press("ArrowRight");
    await expect(viewport).toHaveAttribute("data-page", "3");
  });

  test("a drag past 18 % of the viewport turns the page, a small one does not", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto("/?lng=en");
    await hydrated(page);
    const viewport = page.locator(".reviews__viewport");
    await viewport.scrollIntoViewIfNeeded();
    const box = await viewport.boundingBox();
    if (!box) throw new Error("no carousel");
    const y = box.y + box.height / 2;
    const drag = async (from: number, to: number) => {
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move((from + to) / 2, y, { steps: 4 });
      await page.mouse.move(to, y, { steps: 4 });
      await page.mouse.up();
    };
    await drag(700, 600);
    await expect(viewport).toHaveAttribute("data-page", "0");
    await drag(700, 490);
    await expect(viewport).toHaveAttribute("data-page", "1");
    await drag(300, 510);
    await expect(viewport).toHaveAttribute("data-page", "0");
  });

  test("in right-to-left the drag runs the other way", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto("/?lng=ar");
    await hydrated(page);
    const viewport = page.locator(".reviews__viewport");
    await viewport.scrollIntoViewIfNeeded();
    const box = await viewport.boundingBox();
    if (!box) throw new Error("no carousel");
    const y = box.y + box.height / 2;
    await page.mouse.move(300, y);
    await page.mouse.down();
    await page.mouse.move(400, y, { steps: 4 });
    await page.mouse.move(510, y, { steps: 4 });
    await page.mouse.up();
    await expect(viewport).toHaveAttribute("data-page", "1");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("at 375 px the links move into a menu that opens, with or without JavaScript", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/?lng=en");
    await expect(page.locator(".site-nav")).toBeHidden();
    const menu = page.locator(".mobile-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: t("common", "nav.about") })).toBeVisible();
    await expect(menu.getByRole("link", { name: t("common", "mega.firstAid") })).toHaveAttribute(
      "href",
      "/catalog/404",
    );
    await menu.getByRole("link", { name: t("common", "nav.about") }).click();
    await expect(page).toHaveURL(/\/about$/);
    if (javaScriptEnabled) await expect(menu).not.toHaveAttribute("open", "");
  });

  test("with JavaScript, Escape closes it and Tab stays inside", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "needs scripts");
    await page.goto("/?lng=en");
    await hydrated(page);
    const menu = page.locator(".mobile-menu");
    await menu.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(menu.locator("summary")).toBeFocused();
  });

  test("at 700 px the bar is collapsed too, at 1000 px it is not", async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 740 });
    await page.goto("/?lng=en");
    await expect(page.locator(".site-nav")).toBeHidden();
    await expect(page.locator(".mobile-menu summary")).toBeVisible();
    await page.setViewportSize({ width: 1000, height: 740 });
    await expect(page.locator(".site-nav")).toBeVisible();
    await expect(page.locator(".mobile-menu summary")).toBeHidden();
  });
});

test.describe("scrolling", () => {
  test("Reviews from another page lands on the reviews", async ({ page, javaScriptEnabled }) => {
    await page.goto("/about?lng=en");
    await page
      .getByRole("navigation", { name: t("common", "nav.label") })
      .getByRole("link", { name: t("common", "nav.reviews") })
      .click();
    await expect(page).toHaveURL(/\/#reviews$/);
    await expect(page.getByRole("heading", { name: t("home", "reviews.title") })).toBeInViewport();
    if (javaScriptEnabled) {
      await page.getByRole("link", { name: t("common", "footer.privacy") }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });
});

test.describe("without JavaScript everything stays reachable", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no scripts");

  test("menu targets are links; every slide and every review is on the page", async ({ page }) => {
    await page.goto("/?lng=en");
    const nav = page.getByRole("navigation", { name: t("common", "nav.label") }).first();
    await expect(nav.getByRole("link", { name: t("common", "nav.productsMenu") })).toHaveAttribute(
      "href",
      "/catalog",
    );
    await expect(
      nav.getByRole("link", { name: t("common", "nav.contactsMenuLabel") }),
    ).toHaveAttribute("href", "/about/contacts");
    for (const slide of ["nature", "wisdom", "technology"]) {
      await expect(page.getByText(t("home", `slides.${slide}.text`))).toBeAttached();
    }
    await expect(page.locator("#reviews .review")).toHaveCount(8);
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByRole("link", { name: new RegExp(t("common", "contactsMenu.chat")) }).first(),
    ).toHaveAttribute("href", /t\.me/);
    await expect(
      footer.getByRole("link", { name: new RegExp(t("common", "contactsMenu.email")) }),
    ).toHaveAttribute("href", /^mailto:/);
  });
});
