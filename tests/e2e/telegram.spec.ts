import { join } from "node:path";
import Database from "better-sqlite3";
import { baseURL } from "../../playwright.config";
import { signInToDesk, uniquePhone } from "./support/desk";
import { type ChatMessage, type FakeTelegram, startFakeTelegram } from "./support/fake-telegram";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, freePort, startShop } from "./support/server";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

const TOKEN = "515151:TEST-chat-desk-token-0123456789";
const SECRET = "e2e_webhook-Secret_0123456789";
const CHATS = ["111", "-100222"];

/** What the shop's own database says about an order: its status and its events. */
function stored(shop: ShopServer, number: string) {
  const db = new Database(join(shop.dir, "shop.sqlite"), { readonly: true, fileMustExist: true });
  try {
    const order = db
      .prepare("select id, status from orders where order_number = ?")
      .get(Number(number)) as { id: number; status: string };
    const events = db
      .prepare(
        "select actor, from_status, to_status from order_events where order_id = ? order by id",
      )
      .all(order.id) as Array<{ actor: string; from_status: string; to_status: string }>;
    return { status: order.status, events };
  } finally {
    db.close();
  }
}

test.describe("Telegram as a second desk", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side; once is enough");

  let telegram: FakeTelegram;
  let shop: ShopServer | null = null;

  test.beforeEach(async () => {
    telegram = await startFakeTelegram();
  });

  test.afterEach(async () => {
    await shop?.stop();
    shop = null;
    await telegram?.stop();
  });

  const env = (extra: Record<string, string> = {}) => ({
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_CHAT_IDS: CHATS.join(","),
    TELEGRAM_API_URL: telegram.url,
    ...extra,
  });

  /** The order's message in each chat, once both have arrived. */
  async function messagesOf(number: string): Promise<ChatMessage[]> {
    await expect
      .poll(() => telegram.delivered.filter((m) => m.text.includes(`№${number}`)).length)
      .toBe(2);
    return CHATS.map((chat) => {
      const message = telegram.chatMessages(chat).find((m) => m.text.includes(`№${number}`));
      if (!message) throw new Error(`No message in ${chat}`);
      return message;
    });
  }

  const labels = (message: ChatMessage | undefined) =>
    message?.reply_markup?.inline_keyboard.flat().map((button) => button.text) ?? [];

  async function webhook(update: unknown, secret: string | null = SECRET) {
    if (!shop) throw new Error("No shop");
    const response = await fetch(`${shop.url}/telegram/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(secret === null ? {} : { "X-Telegram-Bot-Api-Secret-Token": secret }),
      },
      body: JSON.stringify(update),
    });
    return response.status;
  }

  test("by webhook: three presses take an order to delivered, both chats in step, each in the desk's timeline", async ({
    browser,
  }) => {
    shop = await startShop(
      env({ PUBLIC_URL: "https://shop.example", TELEGRAM_WEBHOOK_SECRET: SECRET }),
    );
    await expect.poll(() => telegram.webhooks.map((call) => call.method)).toEqual(["setWebhook"]);
    expect(telegram.webhooks[0]?.body).toEqual({
      url: "https://shop.example/telegram/webhook",
      secret_token: SECRET,
      allowed_updates: ["message", "callback_query"],
    });

    const number = await placeOrderOverHttp(
      shop.url,
      uniqueAddress("Button street"),
      uniquePhone(),
    );
    const [first, second] = await messagesOf(number);
    if (!first || !second) throw new Error("unreachable");
    expect(labels(first)).toEqual(["✅ Подтвердить", "📞 Не отвечает", "✖️ Отменить"]);
    expect(labels(second)).toEqual(["✅ Подтвердить", "📞 Не отвечает", "✖️ Отменить"]);
    expect(first.text).toContain("Статус: Новый");
    expect(first.text).toContain("Первый заказ с этого номера");

    const confirm = telegram.press(first, "Подтвердить");
    expect(await webhook(confirm)).toBe(204);
    await expect
      .poll(() => telegram.answers.map((answer) => answer.text))
      .toEqual(["Готово: Подтверждён"]);
    // Every chat's copy says who confirmed it and offers the next buttons.
    for (const message of [first, second]) {
      await expect
        .poll(() => labels(telegram.message(message.chat_id, message.message_id)))
        .toEqual(["🚚 Отправлен", "✖️ Отменить"]);
      expect(telegram.message(message.chat_id, message.message_id)?.text).toContain(
        "Статус: Подтверждён — Nino Beridze (Telegram 42)",
      );
    }

    // The same update again (Telegram retries) changes nothing more.
    expect(await webhook(confirm)).toBe(204);
    expect(stored(shop, number).events).toHaveLength(1);

    // The second chat's message is pressed next, then the first's: the chats stay in step.
    const current = (message: ChatMessage) => {
      const now = telegram.message(message.chat_id, message.message_id);
      if (!now) throw new Error("gone");
      return now;
    };
    expect(await webhook(telegram.press(current(second), "Отправлен"))).toBe(204);
    await expect
      .poll(() => labels(telegram.message(first.chat_id, first.message_id)))
      .toEqual(["💵 Доставлен", "↩️ Отказ"]);
    expect(await webhook(telegram.press(current(first), "Доставлен"))).toBe(204);
    for (const message of [first, second]) {
      await expect
        .poll(() => telegram.message(message.chat_id, message.message_id)?.text ?? "")
        .toContain("Статус: Доставлен");
      expect(labels(telegram.message(message.chat_id, message.message_id))).toEqual([]);
    }
    expect(stored(shop, number).status).toBe("delivered");

    const context = await browser.newContext({ baseURL: shop.url });
    try {
      const page = await context.newPage();
      await signInToDesk(page, "Owner", shop);
      await page.goto(`/desk/orders/${number}?lng=en`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered");
      const timeline = page.locator(".desk-timeline li");
      await expect(timeline).toHaveCount(4);
      await expect(timeline.nth(1)).toContainText("Nino Beridze (Telegram 42)");
      await expect(timeline.nth(1)).toContainText("New → Confirmed");
      await expect(timeline.nth(2)).toContainText("Confirmed → Shipped");
      await expect(timeline.nth(3)).toContainText("Shipped → Delivered");
    } finally {
      await context.close();
    }
  });

  test("by webhook: a wrong secret, an unknown chat, a forged and a stale button change nothing", async () => {
    shop = await startShop(
      env({ PUBLIC_URL: "https://shop.example", TELEGRAM_WEBHOOK_SECRET: SECRET }),
    );
    const number = await placeOrderOverHttp(
      shop.url,
      uniqueAddress("Guarded street"),
      uniquePhone(),
    );
    const [first, second] = await messagesOf(number);
    if (!first || !second) throw new Error("unreachable");

    const cancel = telegram.press(first, "Отменить");
    expect(await webhook(cancel, null)).toBe(401);
    expect(await webhook(cancel, "wrong-secret")).toBe(401);
    expect(await webhook(cancel, `${SECRET}x`)).toBe(401);
    expect(stored(shop, number)).toEqual({ status: "new", events: [] });
    expect(telegram.answers).toEqual([]);

    // A chat that is not a desk chat.
    expect(await webhook(telegram.press(first, "Отменить", { fromChat: 999 }))).toBe(204);
    // This order's message, with a button forged for another move.
    const forged = `o:${Number(number)}:nd`;
    expect(await webhook(telegram.press(first, "", { data: forged }))).toBe(204);
    await expect.poll(() => telegram.answers.length).toBe(2);
    expect(telegram.answers.map((answer) => answer.text)).toEqual([
      "Эти кнопки работают только в чате сотрудников.",
      "Неизвестная кнопка — ничего не изменилось.",
    ]);
    expect(stored(shop, number)).toEqual({ status: "new", events: [] });

    // Confirmed from the first chat; the second chat's old Cancel button is stale by then.
    const staleCancel = telegram.press(second, "Отменить");
    expect(await webhook(telegram.press(first, "Подтвердить"))).toBe(204);
    expect(await webhook(staleCancel)).toBe(204);
    await expect.poll(() => telegram.answers.length).toBe(4);
    expect(telegram.answers.at(-1)?.text).toBe(
      "Ничего не изменилось: заказ уже в статусе «Подтверждён».",
    );
    expect(stored(shop, number).status).toBe("confirmed");
    expect(stored(shop, number).events).toHaveLength(1);
  });

  test("an owner sets the desk chats' language; the next order's message and buttons speak it", async ({
    browser,
  }) => {
    const port = await freePort();
    shop = await startShop(env({ PUBLIC_URL: `http://127.0.0.1:${port}` }), undefined, { port });
    const context = await browser.newContext({ baseURL: shop.url });
    try {
      const page = await context.newPage();
      await signInToDesk(page, "Owner", shop, "owner");
      await page.goto("/desk/settings?lng=en");
      await page.getByLabel("Language of the desk chats").selectOption("en");
      await page
        .locator("form")
        .filter({ hasText: "Language of the desk chats" })
        .getByRole("button", { name: "Save" })
        .click();
      await expect(page.getByLabel("Language of the desk chats")).toHaveValue("en");
    } finally {
      await context.close();
    }
    const number = await placeOrderOverHttp(shop.url, uniqueAddress("English chat"), uniquePhone());
    await expect
      .poll(() => telegram.delivered.filter((m) => m.text.includes(`#${number}`)).length)
      .toBe(2);
    const message = telegram
      .chatMessages(CHATS[0] ?? "")
      .find((m) => m.text.includes(`#${number}`));
    expect(message?.text).toContain(`New order #${number}`);
    expect(message?.text).toContain(
      `<a href="${shop.url}/desk/orders/${number}">Open in the desk</a>`,
    );
    expect(labels(message)).toEqual(["✅ Confirm", "📞 No answer", "✖️ Cancel"]);
  });

  test("without a webhook the shop long-polls, and a press confirms the order", async () => {
    shop = await startShop(env());
    await expect.poll(() => telegram.polls).toBeGreaterThan(0);
    expect(telegram.webhooks.map((call) => call.method)).toEqual(["deleteWebhook"]);
    // No webhook route without a secret.
    expect(await webhook({ update_id: 1 })).toBe(404);

    const number = await placeOrderOverHttp(
      shop.url,
      uniqueAddress("Polling street"),
      uniquePhone(),
    );
    const [first, second] = await messagesOf(number);
    if (!first || !second) throw new Error("unreachable");
    const confirm = telegram.press(second, "Подтвердить");
    telegram.queueUpdate(confirm);
    await expect.poll(() => (shop ? stored(shop, number).status : "")).toBe("confirmed");
    await expect
      .poll(() => telegram.answers.map((answer) => answer.text))
      .toEqual(["Готово: Подтверждён"]);
    for (const message of [first, second])
      await expect
        .poll(() => labels(telegram.message(message.chat_id, message.message_id)))
        .toEqual(["🚚 Отправлен", "✖️ Отменить"]);

    // Restarted before Telegram heard the offset: the update comes again and is skipped.
    const dir = shop.dir;
    await shop.stop();
    telegram.queueUpdate(confirm);
    const before = telegram.pollOffsets.length;
    shop = await startShop(env(), dir);
    // The new process polls from scratch, gets the update again, and moves past it.
    await expect
      .poll(() => telegram.pollOffsets.slice(before))
      .toEqual([null, confirm.update_id + 1]);
    expect(stored(shop, number).events).toHaveLength(1);
    expect(telegram.answers).toHaveLength(1);
  });
});

test.describe("repeat refusers", () => {
  test("a phone with two refusals gets 'call before shipping' on its new order, in the list and on the page", async ({
    page,
  }) => {
    const phone = uniquePhone();
    await signInToDesk(page, "Marika");
    for (let i = 0; i < 2; i++) {
      const number = await placeOrderOverHttp(baseURL, uniqueAddress("Refuser street"), phone);
      await page.goto(`/desk/orders/${number}?lng=en`);
      await page.getByRole("button", { name: /Confirm/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Confirmed");
      await page.getByRole("button", { name: /Shipped/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Shipped");
      // Refused is asked once more, on a page of its own.
      await page.getByRole("link", { name: /Refused/ }).click();
      await page.getByRole("button", { name: "Yes, refused" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Refused");
      // Refused orders themselves are not on hold: there is nothing left to ship.
      await expect(page.locator(".desk-hold")).toHaveCount(0);
    }
    const number = await placeOrderOverHttp(baseURL, uniqueAddress("Refuser street"), phone);
    await page.goto(`/desk/orders/${number}?lng=en`);
    await expect(page.locator(".desk-hold")).toHaveText(
      "Call before shipping · refused from this phone: 2",
    );
    await expect(page.getByText("3 orders from this phone")).toBeVisible();
    await page.goto(`/desk?q=${encodeURIComponent(phone)}&lng=en`);
    const row = page.getByRole("listitem").filter({ hasText: `Order ${number}` });
    await expect(row.locator(".desk-hold")).toContainText("Call before shipping");
    // Nothing is refused automatically: the order is still new.
    await expect(row).toContainText("New");
  });
});
