import type { Page } from "@playwright/test";
import { countOrdersWithAddress, findOrder, findOrderItems } from "./support/db";
import { text } from "./support/dictionary";
import { addOintmentToCart, deliveryDate, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

const t = (key: string) => text("en", "checkout", key);

async function fillCheckout(
  page: Page,
  fields: { address: string; date: string; phone: string; messenger?: string; email?: string },
) {
  await page.getByLabel("Delivery address").fill(fields.address);
  await page.getByLabel("Delivery date").fill(fields.date);
  await page.getByLabel("Phone").fill(fields.phone);
  if (fields.messenger) await page.getByLabel("Telegram or WhatsApp").fill(fields.messenger);
  if (fields.email) await page.getByLabel("Email").fill(fields.email);
}

async function orderNumberOnPage(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { name: t("thanks.title") })).toBeVisible();
  const number = (await page.locator(".thanks__number").innerText()).trim();
  expect(number).toMatch(/^\d{6}$/);
  return number;
}

test("each field's autofill name fits its control: no multi-line address on one line", async ({
  page,
  context,
}) => {
  const cart = encodeURIComponent('[["body/hemor-cream",1]]');
  await context.addCookies([{ name: "cart_v1", value: cart, domain: "127.0.0.1", path: "/" }]);
  await page.goto("/checkout?lng=en");
  const fields = await page
    .locator(".checkout-form")
    .locator("input, textarea, select")
    .evaluateAll((elements) =>
      elements.map((element) => ({
        name: element.getAttribute("name") ?? element.id,
        tag: element.tagName.toLowerCase(),
        autocomplete: (element.getAttribute("autocomplete") ?? "").split(/\s+/),
      })),
    );
  // HTML puts "street-address" in the multi-line group: a <textarea> only (the W3C checker's error).
  for (const field of fields.filter((field) => field.autocomplete.includes("street-address")))
    expect(field.tag, field.name).toBe("textarea");
  expect(fields.find((field) => field.name === "address")?.autocomplete).toEqual(["address-line1"]);
});

test.describe("a phone written another way is stored as the spec writes it (D30)", () => {
  const ways = [
    { lng: "en", phone: "00995 599 000 111", how: "fill" },
    { lng: "en", phone: "599000111", how: "paste" },
    { lng: "en", phone: "+995 599 000 111", how: "paste" },
    // The field's text sits at its end in Arabic, so a click on it puts the caret before +995.
    { lng: "ar", phone: "00995 599 000 111", how: "paste" },
    { lng: "ar", phone: "٥٩٩٠٠٠١١١", how: "paste" },
    { lng: "ar", phone: "599000111", how: "type" },
  ] as const;

  for (const { lng, phone, how } of ways) {
    test(`${how} ${phone} in ${lng}`, async ({ page, javaScriptEnabled }) => {
      const say = (key: string) => text(lng, "checkout", key);
      await addOintmentToCart(page);
      await page.goto(`/checkout?lng=${lng}`);
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const address = uniqueAddress("Kostava 14");
      await page.getByLabel(say("fields.address")).fill(address);
      await page.getByLabel(say("fields.deliveryTime")).fill(deliveryDate(2));
      const field = page.getByLabel(say("fields.phone"));
      await expect(field).toHaveValue("+995 ");
      if (how === "fill") {
        await field.fill(phone);
      } else {
        // Into the field as it is shown, "+995 " and all, where the click put the caret.
        await field.click();
        if (how === "paste") await page.keyboard.insertText(phone);
        else await page.keyboard.type(phone);
      }
      if (javaScriptEnabled) await expect(field).toHaveValue("+995 599 000 111");
      await page.getByRole("button", { name: say("submit") }).click();

      const number = page.locator(".thanks__number");
      await expect(number).toHaveText(/^\d{6}$/);
      expect(findOrder(await number.innerText())).toMatchObject({
        address,
        phone: "+995 599 000 111",
        language: lng,
      });
    });
  }
});

test("what is typed before the form's masks arrive is put into shape when they do", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the masks are scripts");
  // The masks and rules come when the shopper enters the form; here, on a slow line.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/typing-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await addOintmentToCart(page);
  await page.goto("/checkout?lng=en");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const field = page.getByLabel(t("fields.phone"));
  await field.click();
  await page.keyboard.insertText("0599 00-01-11");
  await expect(field).toHaveValue("+995 0599 00-01-11");
  const date = page.getByLabel(t("fields.deliveryTime"));
  await date.fill(deliveryDate(2).replaceAll(".", ""));
  release();
  await expect(field).toHaveValue("+995 599 000 111");
  await expect(date).toHaveValue(deliveryDate(2));
});

test.describe("checkout without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "plain form posts");

  test("a full order from the product page to the thank-you, stored whole", async ({ page }) => {
    await addOintmentToCart(page);
    await page.goto("/cart?lng=en");
    await page.getByRole("link", { name: "Proceed to checkout" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("heading"));
    await expect(page.locator(".order-summary")).toContainText("₾100");

    const address = uniqueAddress("Rustaveli Ave 12, apt 3");
    await fillCheckout(page, {
      address,
      date: deliveryDate(2),
      phone: "+995 555 123 456",
      messenger: "@nino",
    });
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page).toHaveURL(/\/checkout\/thanks$/);
    const number = await orderNumberOnPage(page);
    await expect(page.getByRole("link", { name: t("thanks.home") })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Cart: 0 items", exact: true })).toBeVisible();

    const order = findOrder(number);
    expect(order).toMatchObject({
      address,
      phone: "+995 555 123 456",
      messenger: "@nino",
      email: null,
      delivery_time: deliveryDate(2),
      total: 10000,
      positions: 1,
      language: "en",
    });
    expect(findOrderItems(order?.id ?? -1)).toEqual([
      {
        item_key: "body/hemor-cream",
        title: "Мазь от геморроя",
        qty: 1,
        price: 10000,
        subtotal: 10000,
      },
    ]);

    // A reload still shows the same order to this browser.
    await page.reload();
    expect(await orderNumberOnPage(page)).toBe(number);
  });

  test("a bad phone and a past date each get their message, every value kept", async ({ page }) => {
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    const address = uniqueAddress("Chavchavadze 5");
    await fillCheckout(page, {
      address,
      date: deliveryDate(1),
      phone: "+995 555 12",
      email: "nino@example.ge",
    });
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page.getByRole("alert")).toHaveText(t("check.address"));
    await expect(page.getByLabel("Delivery address")).toHaveValue(address);
    await expect(page.getByLabel("Phone")).toHaveValue("+995 555 12");
    await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveValue("nino@example.ge");

    await page.getByLabel("Phone").fill("+995 555 123 456");
    await page.getByLabel("Delivery date").fill(deliveryDate(-1));
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page.getByRole("alert")).toHaveText(t("check.dd"));
    await expect(page.getByLabel("Delivery date")).toHaveValue(deliveryDate(-1));
    await expect(page.getByLabel("Delivery address")).toHaveValue(address);
    expect(countOrdersWithAddress(address)).toBe(0);
  });

  test("the same form sent twice places one order", async ({ page }) => {
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    const token = await page.locator('input[name="token"]').inputValue();
    const address = uniqueAddress("Double click street 1");
    const form = {
      token,
      address,
      deliveryTime: deliveryDate(3),
      phone: "+995 599 000 111",
      messenger: "",
      email: "",
    };
    await fillCheckout(page, { address, date: form.deliveryTime, phone: form.phone });
    await page.getByRole("button", { name: t("submit") }).click();
    const number = await orderNumberOnPage(page);

    const again = await page.request.post("/checkout", { form, maxRedirects: 0 });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe("/checkout/thanks");
    await page.goto("/checkout/thanks");
    expect(await orderNumberOnPage(page)).toBe(number);
    expect(countOrdersWithAddress(address)).toBe(1);
  });

  test("an empty cart goes to the cart page instead of the form", async ({ page }) => {
    await page.goto("/checkout?lng=en");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(text("en", "cart", "empty"))).toBeVisible();
  });

  test("the thank-you page without a fresh order sends the visitor home", async ({ page }) => {
    await page.goto("/checkout/thanks?lng=en");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("checkout with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "masks, disabled button, dialog");

  test("the phone and date fields are masked as they are typed", async ({ page }) => {
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const phone = page.getByLabel("Phone");
    await expect(phone).toHaveValue("+995 ");
    await phone.click();
    await phone.press("End");
    await phone.pressSequentially("555123456");
    await expect(phone).toHaveValue("+995 555 123 456");
    await phone.pressSequentially("7+");
    await expect(phone).toHaveValue("+995 555 123 456");
    for (let i = 0; i < 20; i++) await phone.press("Backspace");
    await expect(phone).toHaveValue("+995 ");

    const date = page.getByLabel("Delivery date");
    const target = deliveryDate(5);
    await date.pressSequentially(target.replaceAll(".", ""));
    await expect(date).toHaveValue(target);
    await date.fill("");
    await date.pressSequentially("99");
    await expect(date).toHaveValue("31");
    await date.fill("");
    // A complete date in the past snaps up to the first available day.
    await date.pressSequentially(deliveryDate(-30).replaceAll(".", ""));
    await expect(date).toHaveValue(deliveryDate(0));
  });

  test("a wrong field is reported at once, without a request, and the alert gets focus", async ({
    page,
  }) => {
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await fillCheckout(page, { address: "Somewhere 1", date: deliveryDate(1), phone: "555 12" });
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page.getByRole("alert")).toHaveText(t("check.address"));
    await expect(page.getByRole("alert")).toBeFocused();
    expect(posted).toBe(false);
  });

  test("sending disables the button; success shows the dialog, copy works, the badge drops to 0", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const address = uniqueAddress("Aghmashenebeli 40");
    await fillCheckout(page, { address, date: deliveryDate(1), phone: "" });
    await page.getByLabel("Phone").pressSequentially("599112233");

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/checkout.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: t("submit") }).click();
    const sending = page.getByRole("button", { name: t("sending") });
    await expect(sending).toBeDisabled();
    release();

    const dialog = page.getByRole("dialog", { name: t("thanks.title") });
    await expect(dialog).toBeVisible();
    const number = (await dialog.locator(".thanks__number").innerText()).trim();
    expect(number).toMatch(/^\d{6}$/);
    await expect(page.getByRole("link", { name: "Cart: 0 items", exact: true })).toBeAttached();

    await dialog.getByRole("button", { name: t("thanks.copy") }).click();
    await expect(dialog.getByRole("button", { name: t("thanks.copied") })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);
    await expect(dialog.getByRole("button", { name: t("thanks.copy") })).toBeVisible({
      timeout: 4000,
    });

    expect(findOrder(number)).toMatchObject({ address, phone: "+995 599 112 233", total: 10000 });
    await dialog.getByRole("link", { name: t("thanks.home") }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("copying falls back to a hidden text area when the Clipboard API is missing", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: undefined });
      (window as unknown as { copied: string[] }).copied = [];
      const original = document.execCommand.bind(document);
      document.execCommand = (command: string, ...rest: unknown[]) => {
        if (command === "copy") {
          const area = document.activeElement;
          if (area instanceof HTMLTextAreaElement) {
            (window as unknown as { copied: string[] }).copied.push(
              area.value.slice(area.selectionStart, area.selectionEnd),
            );
          }
          return true;
        }
        return original(command, ...(rest as [boolean, string]));
      };
    });
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await fillCheckout(page, {
      address: uniqueAddress("Fallback 2"),
      date: deliveryDate(1),
      phone: "",
    });
    await page.getByLabel("Phone").pressSequentially("599112234");
    await page.getByRole("button", { name: t("submit") }).click();
    const dialog = page.getByRole("dialog", { name: t("thanks.title") });
    const number = (await dialog.locator(".thanks__number").innerText()).trim();
    await dialog.getByRole("button", { name: t("thanks.copy") }).click();
    await expect(dialog.getByRole("button", { name: t("thanks.copied") })).toBeVisible();
    const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied);
    expect(copied).toEqual([number]);
    // Focus is back on the button, not lost to the page.
    await expect(dialog.getByRole("button", { name: t("thanks.copied") })).toBeFocused();
  });
});

test.describe("on an iPhone", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Safari's picker comes with scripts");
  test.use({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    viewport: { width: 375, height: 800 },
  });

  test("the delivery date is Safari's own picker, sent as DD.MM.YY, and focus holds the zoom", async ({
    page,
  }) => {
    await addOintmentToCart(page);
    await page.goto("/checkout?lng=en");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Fetched once the page knows it runs on an iPhone.
    const picker = page.getByLabel("Delivery date");
    await expect(picker).toHaveAttribute("type", "date");
    const [day, month, year] = deliveryDate(2).split(".");
    await picker.fill(`20${year}-${month}-${day}`);
    await expect(page.locator('input[type="hidden"][name="deliveryTime"]')).toHaveValue(
      deliveryDate(2),
    );
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      "content",
      /maximum-scale=1$/,
    );
    const address = uniqueAddress("iPhone");
    await page.getByLabel("Delivery address").fill(address);
    await page.getByLabel("Phone").fill("+995 555 123 456");
    await page.getByRole("button", { name: t("submit") }).click();
    await expect(page).toHaveURL(/\/checkout\/thanks$/);
    expect(countOrdersWithAddress(address)).toBe(1);
  });
});
