import { join } from "node:path";
import type { Page } from "@playwright/test";
import { languages } from "../../app/i18n/languages";
import { type DeskShop, signInToDesk, uniquePhone } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate, pressCartButton } from "./support/shop";
import { expect, test } from "./support/test";

const ka = (key: string) => text("ka", "desk", key);
const PHONE_SCREEN = { width: 375, height: 667 };

/**
 * A day of orders worked from a phone in Georgian, on a shop of its own so the queue holds
 * exactly this day: confirmed from the queue, a call nobody answered, a cancellation
 * made by mistake and undone, the rest confirmed and eight shipped in one bulk action,
 * their slips printed at once. Every tap is counted (README keeps the count).
 */
test.describe("a day's orders from a phone", () => {
  let server: ShopServer | undefined;
  let shop: DeskShop;

  test.beforeAll(async () => {
    server = await startShop({ ORDER_RATE_LIMIT: "0" });
    shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("a day of twelve orders: two taken by phone, one corrected, a blocked number refused, one mis-cancelled and undone, eight shipped with their slips", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Nino", shop, "owner");
    const hydrated = async () => {
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    };

    // The owner blocked a number last week; a checkout from it is refused and stores nothing.
    const blocked = javaScriptEnabled ? "+995 577 00 00 01" : "+995 577 00 00 02";
    await page.goto(`${shop.url}/desk/blocked?lng=ka`);
    await page.getByLabel(ka("blocked.phone")).fill(blocked);
    await page.getByLabel(ka("blocked.reason"), { exact: true }).fill("ყალბი შეკვეთები");
    await page.getByRole("button", { name: ka("blocked.block"), exact: true }).click();
    await expect(page.locator(".desk-card")).toContainText("ყალბი შეკვეთები");
    await page.waitForLoadState("networkidle");
    await expect(placeOrderOverHttp(shop.url, "Tbilisi, Blocked 1", blocked)).rejects.toThrow(
      /Checkout answered 403/,
    );

    // Ten orders from the storefront, two taken on the phone.
    const numbers: string[] = [];
    for (let index = 0; index < 10; index++) {
      const phone = `+995 599 10${String(index).padStart(2, "0")} 0${index % 10}`;
      numbers.push(
        await placeOrderOverHttp(shop.url, `თბილისი, ვაჟა-ფშაველას ${index + 1}`, phone),
      );
    }
    const productTitle = text("ka", "catalog", "products.hemor-cream.title");
    for (const [index, phone] of ["599 20 20 21", "599 20 20 22"].entries()) {
      await page.goto(`${shop.url}/desk/orders/new?lng=ka`);
      await page.getByLabel(new RegExp(productTitle)).fill(String(index + 1));
      await page.getByLabel(ka("order.phone")).fill(phone);
      await page.getByLabel(ka("order.address")).fill(`ბათუმი, გორგილაძის ${index + 1}`);
      await page.getByLabel(ka("order.deliveryDate")).fill(deliveryDate(2));
      await page.getByRole("button", { name: ka("phoneOrder.place") }).click();
      await expect(page).toHaveURL(/\/desk\/orders\/\d{6}$/);
      numbers.push(/\d{6}$/.exec(page.url())?.[0] ?? "");
    }

    // The fourth asked for another address and a second jar.
    await page.goto(`${shop.url}/desk/orders/${numbers[3]}/edit?lng=ka`);
    await page.getByLabel(new RegExp(productTitle)).fill("2");
    await page.getByLabel(ka("order.address")).fill("თბილისი, ვაჟა-ფშაველას 40, ბინა 2");
    await page.getByRole("button", { name: ka("edit.save") }).click();
    await expect(page.locator(".desk-done")).toContainText(ka("done.corrected"));
    await page.waitForLoadState("networkidle");

    await page.goto(`${shop.url}/desk?lng=ka`);
    await hydrated();
    let taps = 0;
    const tap = async (target: ReturnType<Page["locator"]>) => {
      taps += 1;
      await target.click();
    };
    const card = (number: string) => page.locator(".desk-order").filter({ hasText: number });
    const cards = page.locator(".desk-order");
    await expect(card(numbers[3] ?? "")).toContainText("ვაჟა-ფშაველას 40");
    await expect(card(numbers[10] ?? "")).toContainText(ka("list.byPhone"));

    // The desk opens on the queue: the oldest order first, on the first screen.
    await expect(page.getByRole("link", { name: new RegExp(ka("tab.new")) })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toContainText(numbers[0] ?? "");
    const first = await cards.first().boundingBox();
    expect(first && first.y + first.height).toBeLessThanOrEqual(PHONE_SCREEN.height);
    const plain = cards.filter({ hasNot: page.locator(".desk-order__marks") });
    for (const box of await Promise.all((await plain.all()).map((one) => one.boundingBox())))
      expect(box?.height ?? 0).toBeLessThanOrEqual(175);
    // The phone is one tap from a call.
    await expect(card(numbers[0] ?? "").locator(".desk-order__phone")).toHaveAttribute(
      "href",
      "tel:+995599100000",
    );

    // The first is confirmed on the list itself: one tap.
    await tap(
      card(numbers[0] ?? "").getByRole("button", { name: new RegExp(ka("outcome.confirmed")) }),
    );
    await expect(cards).toHaveCount(11);

    // Nobody answers the second: it is counted and waits below the rest for an hour.
    await hydrated();
    await tap(
      card(numbers[1] ?? "").getByRole("button", { name: new RegExp(ka("outcome.noAnswer")) }),
    );
    await expect(page.locator(".desk-done")).toContainText(ka("done.called"));
    await expect(cards.last()).toContainText(numbers[1] ?? "");
    await expect(card(numbers[1] ?? "")).toContainText("1 ზარი");

    // The third is cancelled by mistake: asked once more, with a reason, then undone.
    await hydrated();
    await tap(card(numbers[2] ?? "").getByRole("link", { name: new RegExp(ka("outcome.cancel")) }));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(numbers[2] ?? "");
    await tap(page.getByRole("radio", { name: ka("cancelReason.fakeOrder") }));
    await tap(page.getByRole("button", { name: ka("final.cancelled.confirm_one") }));
    await expect(cards).toHaveCount(10);
    await expect(page.locator(".desk-done")).toContainText(`№${numbers[2]}`);
    await hydrated();
    await tap(page.locator(".desk-done").getByRole("button", { name: ka("done.undo") }));
    await expect(cards).toHaveCount(11);
    await expect(card(numbers[2] ?? "")).toContainText(text("ka", "desk", "status.new"));
    // The Undo is used up: it is gone, and the first order's confirmation is not offered in
    // its place (an Undo never reaches another order).
    await expect(
      page.locator(".desk-done").getByRole("button", { name: ka("done.undo") }),
    ).toHaveCount(0);
    await expect(card(numbers[0] ?? "")).toHaveCount(0);

    // The rest are confirmed together: Select all, Confirm.
    await hydrated();
    await tap(page.getByRole("link", { name: ka("list.selectAll") }));
    await expect(page.locator(".desk-order__select:checked")).toHaveCount(11);
    await hydrated();
    await tap(page.locator(".desk-bulk").getByRole("button", { name: ka("bulk.confirmed") }));
    await expect(cards).toHaveCount(0);
    await expect(page.locator(".desk-done")).toContainText("11");
    // The bulk Undo names its orders.
    await expect(page.locator(".desk-done__undo")).toContainText(numbers[3] ?? "");

    // Eight of the confirmed are handed to the courier in one bulk action.
    await tap(page.getByRole("link", { name: new RegExp(text("ka", "desk", "tab.confirmed")) }));
    await expect(cards).toHaveCount(12);
    await hydrated();
    const shipped = (await cards.allTextContents())
      .slice(0, 8)
      .map((content) => numbers.find((number) => content.includes(number)));
    for (const number of shipped) await tap(card(number ?? "").getByRole("checkbox"));
    await tap(page.locator(".desk-bulk").getByRole("button", { name: ka("bulk.shipped") }));
    await expect(cards).toHaveCount(4);

    // Their slips, printed at once.
    await tap(page.getByRole("link", { name: new RegExp(text("ka", "desk", "tab.shipped")) }));
    await expect(cards).toHaveCount(8);
    await hydrated();
    await tap(page.getByRole("link", { name: ka("list.selectAll") }));
    await tap(page.locator(".desk-bulk").getByRole("button", { name: ka("list.printSlips") }));
    await expect(page).toHaveURL(/\/desk\/slips\?/);
    await expect(page.locator(".desk-slip")).toHaveCount(8);
    // Each names its sender (the shop, its phone); with scripts one press prints them.
    await expect(page.locator(".desk-slip").first()).toContainText(ka("slip.from"));
    await expect(page.locator(".desk-slip").first()).toContainText(
      text("ka", "common", "brand.name"),
    );
    await expect(page.getByRole("button", { name: ka("slip.print") })).toHaveCount(
      javaScriptEnabled ? 1 : 0,
    );
    for (const number of shipped)
      await expect(page.locator(".desk-slip").filter({ hasText: number ?? "" })).toHaveCount(1);

    // The day's common path, counted: README's table keeps it next to the old desk's.
    expect(taps).toBe(21);
  });

  test("the name a shopper gives for the courier is on the list, the order, the slip and the CSV", async ({
    page,
  }) => {
    await page.goto(`${shop.url}/catalog/body/hemor-cream?lng=en`);
    await pressCartButton(page, page.getByRole("button", { name: "Add to cart" }));
    await expect(page.getByRole("link", { name: "Cart: 1 item", exact: true })).toBeVisible();
    await page.goto(`${shop.url}/checkout?lng=en`);
    const name = "نينو بيريدزه";
    await page.getByLabel("Delivery address").fill("Tbilisi, Kostava 9");
    await page.getByLabel("Delivery date").fill(deliveryDate(2));
    await page.getByLabel("Phone").fill("599 77 88 99");
    await page.getByLabel("Name", { exact: true }).fill(name);
    // Written in the writer's direction, whatever the page's.
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("dir", "auto");
    await page.getByRole("button", { name: text("en", "checkout", "submit") }).click();
    await expect(page).toHaveURL(/\/checkout\/thanks$/);
    const number = (await page.locator(".thanks__number").textContent())?.trim() ?? "";
    expect(number).toMatch(/^\d{6}$/);

    await signInToDesk(page, "Levan", shop);
    await page.goto(`${shop.url}/desk?q=${encodeURIComponent("0599 778899")}&lng=en`);
    const found = page.locator(".desk-order").filter({ hasText: number });
    await expect(found).toContainText(name);
    await found.getByRole("link", { name: `Order ${number}`, exact: true }).click();
    await expect(page.locator(".desk-details")).toContainText(name);
    await page.goto(`${shop.url}/desk/orders/${number}/slip?lng=en`);
    await expect(page.locator(".desk-slip")).toContainText(name);

    const csv = await page.request.get(`${shop.url}/desk/export.csv?q=${number}&lng=en`);
    expect(csv.headers()["content-disposition"]).toMatch(
      new RegExp(`filename="orders_all_${number}_\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const [head, row] = (await csv.text()).split("\r\n");
    expect(head).toContain("Name");
    expect(row).toContain(name);
    // The phone as a spreadsheet shows it, never as a formula nor with an apostrophe.
    expect(row).toContain("(+995) 599 778 899");
    expect(row).not.toContain("'+995");
    // ISO dates: placed with its time, delivery as a date.
    expect(row).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    expect(row).toMatch(/,\d{4}-\d{2}-\d{2},/);
  });

  test("an owner blocks a number; a checkout from it in another spelling is refused, stores nothing and is counted", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    // Two browsers, a checkout and five desk pages: 22 s alone, over 30 s in the full run.
    test.setTimeout(90_000);
    await signInToDesk(page, "Tamar", shop, "owner");
    await page.goto(`${shop.url}/desk/blocked?lng=en`);
    await page.getByLabel("Phone number (any spelling)").fill("0599 31 41 59");
    await page.getByLabel("Reason").fill("Five fake orders in a week");
    await page.getByRole("button", { name: "Block", exact: true }).click();
    const block = page.locator(".desk-card").filter({ hasText: "+995 599 314 159" });
    await expect(block).toContainText("Five fake orders in a week");
    await expect(block).toContainText("0 attempts since");

    // The shopper, in Georgian, writes the number with the international prefix.
    const shopper = await browser.newPage();
    try {
      await shopper.goto(`${shop.url}/catalog/body/hemor-cream?lng=ka`);
      if (javaScriptEnabled)
        await expect(shopper.locator("html")).toHaveAttribute("data-hydrated", "true");
      // The badge counts the jar at once; the checkout needs the cart the server stored.
      await pressCartButton(
        shopper,
        shopper.getByRole("button", { name: text("ka", "catalog", "product.addToCart") }),
      );
      await expect(shopper.locator(".cart-badge")).toHaveText("1");
      await shopper.goto(`${shop.url}/checkout`);
      const say = (key: string) => text("ka", "checkout", key);
      await shopper.getByLabel(say("fields.address")).fill("Tbilisi, Blocked lane 1");
      await shopper.getByLabel(say("fields.deliveryTime")).fill(deliveryDate(2));
      await shopper.getByLabel(say("fields.phone")).fill("00995 599 314 159");
      await shopper.getByRole("button", { name: say("submit") }).click();
      await expect(shopper.getByRole("alert")).toContainText(
        say("errors.unavailable").split("{{phone}}")[0]?.trim() ?? "",
      );
      await expect(shopper.getByRole("alert")).toContainText("+995 555 123 456");
      await expect(shopper).toHaveURL(/\/checkout$/);
    } finally {
      await shopper.close();
    }

    await page.reload();
    await expect(block).toContainText("1 attempt since");
    await page.goto(`${shop.url}/desk?q=${encodeURIComponent("Blocked lane")}&lng=en`);
    await expect(page.locator(".desk-order")).toHaveCount(0);
    await page.goto(`${shop.url}/desk/activity?lng=en`);
    await expect(page.locator(".desk-cards")).toContainText("+995 599 314 159");
    await page.goto(`${shop.url}/desk/blocked?lng=en`);
    await page.getByRole("button", { name: "Unblock +995 599 314 159" }).click();
    await expect(block).toHaveCount(0);
  });

  test("an order taken on the phone is checked like a shopper's, marked by whom, and queued", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Eka", shop);
    await page.goto(`${shop.url}/desk?lng=ka`);
    await page.getByRole("link", { name: ka("list.newOrder") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ka("phoneOrder.title"));
    const title = text("ka", "catalog", "products.hemor-cream.title");
    await page.getByLabel(new RegExp(title)).fill("2");
    await page.getByLabel(ka("order.phone")).fill("5991");
    await page.getByLabel(ka("order.name"), { exact: true }).fill("ნანა");
    await page.getByLabel(ka("order.address")).fill("ქუთაისი, წერეთლის 5");
    await page.getByLabel(ka("order.deliveryDate")).fill(deliveryDate(3));
    await page.getByRole("button", { name: ka("phoneOrder.place") }).click();
    // The storefront's own message, and nothing typed is lost.
    await expect(page.getByRole("alert")).toContainText(text("ka", "checkout", "check.address"));
    await expect(page.getByLabel(ka("order.address"))).toHaveValue("ქუთაისი, წერეთლის 5");
    await expect(page.getByLabel(new RegExp(title))).toHaveValue("2");
    await page.getByLabel(ka("order.phone")).fill("0599 11 22 33");
    await page.getByRole("button", { name: ka("phoneOrder.place") }).click();

    await expect(page).toHaveURL(/\/desk\/orders\/\d{6}$/);
    await expect(page.getByText("ტელეფონით მიიღო: Eka")).toBeVisible();
    await expect(page.locator(".desk-items tbody tr")).toHaveCount(1);
    await expect(page.locator(".desk-items tbody")).toContainText("2");
    const number = /\d{6}$/.exec(page.url())?.[0] ?? "";
    await page.goto(`${shop.url}/desk?lng=ka`);
    const card = page.locator(".desk-order").filter({ hasText: number });
    await expect(card).toContainText(ka("list.byPhone"));
    await expect(card).toContainText("+995 599 112 233");
    await expect(card).toContainText("₾");

    // A pinned note and a tag, from the order page; the list shows both, the tag filters.
    await card
      .getByRole("link", { name: new RegExp(number) })
      .first()
      .click();
    await page.getByLabel(ka("order.pinned"), { exact: true }).fill("დარეკეთ 30 წუთით ადრე");
    await page.getByLabel(ka("labels.tags"), { exact: true }).fill("VIP ქუთაისი");
    await page.getByRole("button", { name: ka("labels.save"), exact: true }).click();
    await expect(page.locator(".desk-timeline")).toContainText("vip ქუთაისი");
    // Leave once the page has read the order again, as a person would.
    await page.waitForLoadState("networkidle");
    await page.goto(`${shop.url}/desk/orders/${number}/slip?lng=ka`);
    await expect(page.locator(".desk-slip")).toContainText("დარეკეთ 30 წუთით ადრე");
    await page.goto(`${shop.url}/desk?lng=ka`);
    await expect(card).toContainText("📌 დარეკეთ 30 წუთით ადრე");
    await card.getByRole("link", { name: /vip/ }).click();
    await expect(page).toHaveURL(/[?&]tag=vip/);
    await expect(page.locator(".desk-order")).toHaveCount(1);
  });

  test("a wrong address and a second jar are corrected; the timeline keeps before and after", async ({
    page,
  }) => {
    const number = await placeOrderOverHttp(
      shop.url,
      "Tbilisi, Chavchavadze 1",
      "+995 599 55 44 33",
    );
    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Lika", shop);
    await page.goto(`${shop.url}/desk/orders/${number}?lng=ka`);
    await page.getByRole("link", { name: ka("edit.open") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
    const title = text("ka", "catalog", "products.hemor-cream.title");
    await page.getByLabel(new RegExp(title)).fill("2");
    await page.getByLabel(ka("order.address")).fill("Tbilisi, Chavchavadze 10, apt 3");
    await page.getByRole("button", { name: ka("edit.save") }).click();

    await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}$`));
    await expect(page.locator(".desk-done")).toContainText(ka("done.corrected"));
    await expect(page.locator(".desk-details")).toContainText("Chavchavadze 10, apt 3");
    await expect(page.locator(".desk-items tfoot")).toContainText("200");
    const timeline = page.locator(".desk-timeline");
    await expect(timeline).toContainText("Chavchavadze 1 → Tbilisi, Chavchavadze 10, apt 3");
    // Lines are named in the reader's language, whatever language the order stored them in.
    await expect(timeline).toContainText(`${title} × 1 → ${title} × 2`);
  });

  for (const [language, screen, orders] of [
    ["ka", PHONE_SCREEN, 4],
    ["ar", PHONE_SCREEN, 4],
    ["en", { width: 1280, height: 720 }, 12],
  ] as const) {
    test(`in ${language} at ${screen.width} px, what takes focus is never hidden under the bulk bar`, async ({
      page,
    }) => {
      for (let index = 0; index < orders; index++)
        await placeOrderOverHttp(shop.url, `Tbilisi, Focus ${language} ${index}`, uniquePhone());
      await page.setViewportSize(screen);
      await signInToDesk(page, "Tamar", shop);
      await page.goto(`${shop.url}/desk?lng=${language}`);
      if (test.info().project.use.javaScriptEnabled !== false)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.locator(".desk-order__select").first().check();
      await expect(page.locator(".desk-bulk")).toBeVisible();
      // Through the list by keyboard, as far as the bar itself.
      const hidden: string[] = [];
      let scrolled = 0;
      for (let step = 0; step < 80; step++) {
        await page.keyboard.press("Tab");
        const focus = await page.evaluate(() => {
          const element = document.activeElement;
          const bar = document.querySelector(".desk-bulk");
          if (!element || !bar) return null;
          if (bar.contains(element)) return { atBar: true, covered: "", scrolled: window.scrollY };
          const box = element.getBoundingClientRect();
          const barBox = bar.getBoundingClientRect();
          const covered =
            box.height > 0 && box.bottom > barBox.top + 0.5 && box.top < barBox.bottom
              ? element.outerHTML.slice(0, 100)
              : "";
          return { atBar: false, covered, scrolled: window.scrollY };
        });
        if (!focus || focus.atBar) break;
        if (focus.covered) hidden.push(focus.covered);
        scrolled = Math.max(scrolled, focus.scrolled);
      }
      // The list went on below the screen's first view, and nothing focused was under the bar.
      expect(scrolled).toBeGreaterThan(0);
      expect(hidden).toEqual([]);
    });
  }

  // The queue's card on a phone, in each language: its three presses share one row, so a
  // card stays 175 px or less and the first screen holds the oldest orders (issue 36: in
  // Armenian Cancel took a row of its own and the card grew to 204 px).
  for (const { code } of languages) {
    test(`in ${code} at 375 px, a queue card keeps its three presses on one row`, async ({
      page,
    }) => {
      const phone = uniquePhone();
      const number = await placeOrderOverHttp(shop.url, `Tbilisi, Card ${code}`, phone);
      await page.setViewportSize(PHONE_SCREEN);
      await signInToDesk(page, "Tamar", shop);
      // Found by its phone: the queue's first page holds the oldest of the other tests' orders.
      await page.goto(`${shop.url}/desk?q=${encodeURIComponent(phone)}&lng=${code}`);
      const card = page.locator(".desk-order").filter({ hasText: number });
      const presses = card.locator(".desk-order__actions").locator("button, a");
      await expect(presses).toHaveCount(3);
      const boxes = await Promise.all((await presses.all()).map((press) => press.boundingBox()));
      const tops = boxes.map((box) => Math.round(box?.y ?? -1));
      expect(new Set(tops).size, `the presses' tops: ${tops.join(", ")}`).toBe(1);
      // Every word of each press is inside it, none cut off at its edge.
      for (const press of await presses.all())
        expect(await press.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
          true,
        );
      expect((await card.boundingBox())?.height ?? 0).toBeLessThanOrEqual(175);
    });
  }
});
