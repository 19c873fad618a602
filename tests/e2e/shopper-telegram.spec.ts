import { join } from "node:path";
import { freshPostgresUrl } from "../unit/support/postgres";
import { violations } from "./support/axe";
import { type DeskShop, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { type ChatMessage, type FakeTelegram, startFakeTelegram } from "./support/fake-telegram";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate } from "./support/shop";
import { expect, test } from "./support/test";

const ka = (key: string) => text("ka", "checkout", key);
const TOKEN = "616161:TEST-shopper-bot-token-0123456789";
const DESK_CHAT = "-100333";
const SHOPPER = 7_700_001;

/**
 * The shopper follows a Georgian order in Telegram (issue 24): the thank-you's `Follow in
 * Telegram` opens the bot on the order's own payload; Start links the chat and answers in
 * Georgian with Confirm order; the shopper confirms; the staff ship it in the desk, and
 * the shopper is told once, in Georgian; the desk shows who follows and what was sent.
 * On SQLite both ways, and once on PostgreSQL.
 */
for (const engine of ["sqlite", "postgres"] as const) {
  test(`${engine}: a Georgian order followed and confirmed in Telegram, told once it is on its way`, async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    test.skip(
      engine === "postgres" && (!process.env.TEST_DATABASE_URL || !javaScriptEnabled),
      "PostgreSQL once, with npm test's cluster",
    );
    test.setTimeout(180_000);
    let telegram: FakeTelegram | null = null;
    let server: ShopServer | null = null;
    const context = await browser.newContext({ javaScriptEnabled });
    try {
      telegram = await startFakeTelegram();
      const databaseUrl = engine === "postgres" ? await freshPostgresUrl() : null;
      server = await startShop({
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_CHAT_IDS: DESK_CHAT,
        TELEGRAM_API_URL: telegram.url,
        ORDER_RATE_LIMIT: "0",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      const url = server.url;
      const shop: DeskShop = databaseUrl
        ? { url, databaseUrl }
        : { url, databasePath: join(server.dir, "shop.sqlite") };
      const fake = telegram;

      // A Georgian order from this browser; its thank-you offers both ways to follow it.
      await page.goto(`${url}/?lng=ka`);
      await page.request.post(`${url}/cart`, { form: { intent: "add", key: "body/hemor-cream" } });
      const form = await (await page.request.get(`${url}/checkout`)).text();
      await page.request.post(`${url}/checkout`, {
        form: {
          token: /name="token" value="([^"]+)"/.exec(form)?.[1] ?? "",
          address: "ბათუმი, რუსთაველის 5",
          deliveryTime: deliveryDate(2),
          phone: "+995 599 12 34 56",
          messenger: "",
          email: "",
        },
        headers: { Origin: url },
      });
      await page.goto(`${url}/checkout/thanks`);
      const number = (await page.locator(".thanks__number").textContent())?.trim() ?? "";
      expect(number).toMatch(/^\d{6}$/);
      const follow = page.getByRole("link", { name: ka("track.follow") });
      const href = (await follow.getAttribute("href")) ?? "";
      const payload = new RegExp(
        `^https://t\\.me/${fake.username}\\?start=([A-Za-z0-9_-]{1,64})$`,
      ).exec(href)?.[1];
      expect(payload, href).toBeTruthy();

      // The private page: Placed, and the same link while the order is under way.
      await page.getByRole("link", { name: ka("track.link") }).click();
      await expect(page.locator("[aria-current=step]")).toContainText(ka("track.step.placed"));
      await expect(page.getByRole("link", { name: ka("track.follow") })).toHaveAttribute(
        "href",
        href,
      );
      const orderPage = page.url();
      const total = (await page.locator(".order-page__facts strong").textContent()) ?? "";
      expect(total).toMatch(/\d/);

      // Start from the deep link: the bot answers in Georgian, with Confirm order.
      fake.queueUpdate(fake.write(SHOPPER, `/start ${payload}`));
      const shopperMessages = () => fake.chatMessages(String(SHOPPER));
      await expect.poll(() => shopperMessages().length).toBe(1);
      const [linked] = shopperMessages() as [ChatMessage];
      expect(linked.text).toContain(number);
      expect(linked.text).not.toContain("რუსთაველის");
      fake.queueUpdate(fake.press(linked, ka("bot.confirm"), { fromChat: SHOPPER }));
      await expect
        .poll(() => fake.answers.map((answer) => answer.text))
        .toContain(ka("bot.answer.confirmed"));
      await page.goto(orderPage);
      await expect(page.locator("[aria-current=step]")).toContainText(ka("track.step.confirmed"));
      // The shopper's buttons are gone once pressed; the confirmation came as a message.
      await expect
        .poll(() => fake.message(String(SHOPPER), linked.message_id)?.reply_markup)
        .toBeNull();
      await expect.poll(() => shopperMessages().length).toBe(2);

      // The staff ship it from the desk, where the order says who confirmed and who follows.
      const desk = await context.newPage();
      await signInToDesk(desk, "Nino", shop);
      await desk.goto(`${url}/desk/orders/${number}?lng=en`);
      await expect(desk.locator(".desk-timeline").first()).toContainText("Shopper (Telegram)");
      await expect(
        desk.getByText("The shopper follows this order in Telegram since"),
      ).toBeVisible();
      await desk.getByRole("button", { name: /Shipped/ }).click();
      await expect(desk.getByRole("heading", { level: 1 })).toContainText("Shipped");

      // In Georgian, word for word, with the cash to have ready as the order's page shows it.
      const shipped = ka("bot.status.shipped")
        .replace("{{number}}", number)
        .replace("{{total}}", total);
      const onItsWay = () => shopperMessages().filter((message) => message.text === shipped);
      await expect.poll(() => onItsWay().length).toBe(1);
      // Once: the outbox has nothing more for this chat, however often it looks.
      await desk.waitForTimeout(3_000);
      expect(onItsWay()).toHaveLength(1);
      expect(shopperMessages()).toHaveLength(3);
      expect(fake.delivered.filter((sent) => sent.chat_id === String(SHOPPER))).toHaveLength(3);
      // Nothing the shopper was sent carries the desk's buttons, and the desk's none of theirs.
      for (const sent of fake.delivered) {
        const data = JSON.stringify(sent.reply_markup ?? {});
        if (sent.chat_id === String(SHOPPER)) expect(data).not.toContain('"o:');
        else expect(data).not.toContain('"s:');
      }

      await desk.reload();
      const sentList = desk.locator("h3 + .desk-timeline li");
      await expect(sentList).toHaveCount(3);
      await expect(sentList.last()).toContainText("Sent");
      await expect(sentList.last()).toContainText(number);

      // The order's page with its Telegram link, and the desk's order with what was sent,
      // pass axe and fit a 375 px phone, in Georgian, English and Arabic.
      if (engine === "sqlite" && javaScriptEnabled) {
        for (const [tab, address] of [
          [page, orderPage.replace(/\?.*$/, "")],
          [desk, `${url}/desk/orders/${number}`],
        ] as const) {
          await tab.setViewportSize({ width: 375, height: 740 });
          for (const lng of ["ka", "en", "ar"]) {
            await tab.goto(`${address}?lng=${lng}`);
            await expect(tab.locator("html")).toHaveAttribute("data-hydrated", "true");
            expect.soft(await violations(tab), `${address} in ${lng}`).toEqual([]);
            const width = await tab.evaluate(() => document.documentElement.scrollWidth);
            expect.soft(width, `${address} in ${lng}`).toBeLessThanOrEqual(375);
          }
        }
      }
    } finally {
      await context.close();
      await server?.stop();
      await telegram?.stop();
    }
  });
}
