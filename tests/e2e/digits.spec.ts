import type { Page } from "@playwright/test";
import { findOrder, findOrderItems } from "./support/db";
import { type DeskShop, inviteLink, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, startShop } from "./support/server";
import { addOintmentToCart, deliveryDate, uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// An Arabic keyboard types Arabic-Indic digits (٠-٩): the shop reads them as the numbers
// they write, with scripts and without.

/** ASCII digits as an Arabic keyboard types them. */
const arabic = (ascii: string) =>
  ascii.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

const PHONE = { ar: "٥٩٩ ٠٠٠ ١١١", stored: "+995 599 000 111" };

async function opened(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(url);
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

test("a shopper in Arabic types the phone and the date in Arabic-Indic digits and the order is placed with them", async ({
  page,
  javaScriptEnabled,
}) => {
  const say = (key: string) => text("ar", "checkout", key);
  await page.setViewportSize({ width: 375, height: 740 });
  await addOintmentToCart(page);
  await opened(page, "/checkout?lng=ar", javaScriptEnabled);
  const address = uniqueAddress("شارع كوستافا ١٤");
  await page.getByLabel(say("fields.address")).fill(address);

  const date = page.getByLabel(say("fields.deliveryTime"));
  await date.click();
  await page.keyboard.type(arabic(deliveryDate(2)));
  const phone = page.getByLabel(say("fields.phone"));
  await phone.click();
  await page.keyboard.type(PHONE.ar);
  if (javaScriptEnabled) {
    // The masks take the digits as they come and show the number they write.
    await expect(date).toHaveValue(deliveryDate(2));
    await expect(phone).toHaveValue(PHONE.stored);
  }
  await page.getByRole("button", { name: say("submit") }).click();

  const number = page.locator(".thanks__number");
  await expect(number).toHaveText(/^\d{6}$/);
  expect(findOrder(await number.innerText())).toMatchObject({
    address,
    phone: PHONE.stored,
    delivery_time: deliveryDate(2),
    language: "ar",
  });
});

test("in the cart a quantity typed ٣ makes three; abc or ٣x changes nothing and says why", async ({
  page,
  javaScriptEnabled,
}) => {
  const say = (key: string) => text("ar", "cart", key);
  const title = text("ar", "catalog", "products.hemor-cream.title");
  const quantity = page.getByLabel(say("line.quantityOf").replace("{{title}}", title), {
    exact: true,
  });
  /** Sends the typed quantity as the shopper would: Enter with scripts, Update without. */
  async function send() {
    const posted = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname.startsWith("/cart"),
    );
    if (javaScriptEnabled) await quantity.press("Enter");
    else await page.getByRole("button", { name: say("line.update") }).click();
    await posted;
  }
  /** The cart as the server keeps it: one line of `count`. */
  async function stored(count: string) {
    await opened(page, "/cart?lng=ar", javaScriptEnabled);
    await expect(page.locator(".cart-line")).toHaveCount(1);
    await expect(quantity).toHaveValue(count);
  }

  await page.setViewportSize({ width: 375, height: 740 });
  await addOintmentToCart(page);
  await opened(page, "/cart?lng=ar", javaScriptEnabled);
  await quantity.fill("٣");
  if (javaScriptEnabled) await expect(quantity).toHaveValue("3");
  await send();
  await stored("3");

  for (const typed of ["abc", "٣x"]) {
    await quantity.fill(typed);
    if (javaScriptEnabled) {
      // Refused as it is typed: the field keeps its number, and leaving it sends nothing new.
      await expect(page.getByRole("status")).toContainText(say("toast.errors.badQuantity"));
      await expect(quantity).toHaveValue("3");
      await quantity.blur();
    } else {
      await send();
      await expect(page.getByRole("status")).toContainText(say("toast.errors.badQuantity"));
    }
    await stored("3");
  }
});

test("an owner types a price in Arabic-Indic digits with the Arabic decimal separator", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  // A shop of its own: the price an owner saves is what every shopper of the shared one sees.
  const server: ShopServer = await startShop();
  const shop: DeskShop = { url: server.url, databasePath: `${server.dir}/shop.sqlite` };
  const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${inviteLink("Layla", shop, "owner")}?lng=ar`);
    if (javaScriptEnabled)
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: text("ar", "desk", "signIn.button") }).click();
    await expect(page).toHaveURL(/\/desk$/);

    await opened(page, "/desk/products/body/burn-cream", javaScriptEnabled);
    const price = page.getByLabel(text("ar", "desk", "products.fields.price"), { exact: true });
    await price.fill("٣٩٫٩٠");
    await page
      .getByRole("button", { name: text("ar", "desk", "products.save"), exact: true })
      .click();
    await expect(
      page.getByRole("status").filter({ hasText: text("ar", "desk", "products.saved") }),
    ).toBeVisible();
    // As the editor shows it when opened again (with scripts the field keeps what was typed
    // until then, as it does for any saved field).
    await page.reload();
    await expect(price).toHaveValue("39.90");
  } finally {
    await context.close();
    await server.stop();
  }
});

test("staff take an order on the phone with the quantity, phone and date in Arabic-Indic digits", async ({
  page,
  javaScriptEnabled,
}) => {
  const say = (key: string) => text("ar", "desk", key);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInToDesk(page, "Rania");
  await opened(page, "/desk/orders/new?lng=ar", javaScriptEnabled);
  const address = uniqueAddress("باتومي، شارع غورغيلادزه ٣");
  await page.getByLabel(new RegExp(text("ar", "catalog", "products.hemor-cream.title"))).fill("٢");
  await page.getByLabel(say("order.phone")).fill(PHONE.ar);
  await page.getByLabel(say("order.address")).fill(address);
  await page.getByLabel(say("order.deliveryDate")).fill(arabic(deliveryDate(2)));
  await page.getByRole("button", { name: say("phoneOrder.place") }).click();
  await expect(page).toHaveURL(/\/desk\/orders\/\d{6}$/);

  const order = findOrder(/\d{6}$/.exec(page.url())?.[0] ?? "");
  expect(order).toMatchObject({ address, phone: PHONE.stored, delivery_time: deliveryDate(2) });
  expect(findOrderItems(order?.id ?? 0)).toMatchObject([{ item_key: "body/hemor-cream", qty: 2 }]);
});
