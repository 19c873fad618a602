import escapeHtml from "escape-html";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createUpdateHandler } from "~/chat/telegram-updates.server";
import { findOrCreateStaff } from "~/desk/auth.server";
import { languageOfTag } from "~/i18n/detect";
import { fixedT } from "~/i18n/instance.server";
import type { LanguageCode } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import { encodeDeskPress } from "~/orders/callback-data";
import {
  changeOrderStatus,
  latestStatusEvent,
  undoStatusChange,
} from "~/orders/change-status.server";
import { createDispatcher } from "~/orders/dispatcher.server";
import { formatOrderNumber } from "~/orders/order-number";
import { placeOrder } from "~/orders/place.server";
import { createBotApi } from "~/platform/bot-api.server";
import {
  decodeShopperPress,
  encodeShopperPress,
  followLink,
  plainText,
  readCommand,
  shopperKeyboard,
  statusText,
} from "~/shopper/shopper-chat";
import { queueMorningMessages, shopperChatOf } from "~/shopper/shopper-messages.server";
import type { Database, Order } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const TOKEN = "123456:SECRET-token-abcdefghijklmnop";
const DESK_CHAT = "-1001";
const SHOPPER_CHAT = 5550001;
const ka = fixedT("ka", "checkout") as unknown as (key: string, o?: object) => string;

describe("the shopper's bot, by itself", () => {
  it("links to the bot with the order's payload, and only with one Telegram accepts", () => {
    const payload = "Ab_-".repeat(8);
    expect(followLink("kolkhida_bot", payload)).toBe(`https://t.me/kolkhida_bot?start=${payload}`);
    expect(() => followLink("kolkhida_bot", "a".repeat(65))).toThrow();
    expect(() => followLink("kolkhida_bot", "has space")).toThrow();
  });

  it("reads /start with and without a payload, /stop, and everything else", () => {
    expect(readCommand("/start abc_DEF-123")).toEqual({ kind: "start", payload: "abc_DEF-123" });
    expect(readCommand("/start@kolkhida_bot abc")).toEqual({ kind: "start", payload: "abc" });
    expect(readCommand("/start")).toEqual({ kind: "start", payload: null });
    expect(readCommand("/start <script>")).toEqual({ kind: "start", payload: null });
    expect(readCommand(" /STOP ")).toEqual({ kind: "stop" });
    expect(readCommand("where is my order?")).toEqual({ kind: "other" });
    expect(readCommand(undefined)).toEqual({ kind: "other" });
  });

  it("reads Telegram's language tags as the shop's languages", () => {
    expect(languageOfTag("ka")).toBe("ka");
    expect(languageOfTag("en-US")).toBe("en");
    expect(languageOfTag("pt_BR")).toBeNull();
    expect(languageOfTag("hy")).toBe("am");
    expect(languageOfTag("am")).toBeNull();
    expect(languageOfTag("AR")).toBe("ar");
    expect(languageOfTag("")).toBeNull();
    expect(languageOfTag(undefined)).toBeNull();
    expect(languageOfTag(42)).toBeNull();
  });

  it("keeps the shopper's buttons apart from the desk's", () => {
    for (const kind of ["confirm", "ask", "cancel", "back"] as const)
      expect(decodeShopperPress(encodeShopperPress({ orderNumber: 4321, kind }))).toEqual({
        orderNumber: 4321,
        kind,
      });
    expect(
      decodeShopperPress(
        encodeDeskPress({ kind: "move", orderNumber: 4321, from: "new", to: "confirmed" }),
      ),
    ).toBeNull();
    expect(decodeShopperPress("s:0:c")).toBeNull();
    expect(decodeShopperPress("s:12:z")).toBeNull();
  });

  it("writes in the order's language, escaped for the chat, with buttons only while new", () => {
    const order = {
      order_number: 4321,
      status: "shipped" as const,
      total: 4550,
      delivery_fee: 0,
      delivery_area: null,
      delivery_zone: null,
      delivery_date: "2026-11-27",
      delivery_time: "27.11.26",
      language: "ka",
    };
    const text = statusText(order, ka);
    expect(text).toContain("004321");
    expect(text).toContain(formatPrice(4550, "ka"));
    expect(text).toContain("გზაშია");
    expect(plainText("<b>A &amp; B</b> &lt;3")).toBe("A & B <3");
    expect(
      shopperKeyboard(4321, "new", ka)
        ?.inline_keyboard.flat()
        .map((b) => b.text),
    ).toEqual(["შეკვეთის დადასტურება", "შეკვეთის გაუქმება"]);
    expect(shopperKeyboard(4321, "confirmed", ka)).toBeNull();
  });
});

describe("the shopper follows an order in Telegram", () => {
  let db: Kysely<Database>;
  let clock: number;
  let messageId: number;
  let updateId: number;
  let tokens = 0;
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const chat = {
    deskChatIds: [DESK_CHAT],
    holdAfterRefusals: 2,
    phoneHashKey: PHONE_HASH_KEY,
    language: "ru" as const,
  };
  const staff = { name: "Nino", staffId: null };
  const calls: Array<{ method: string; body: Record<string, unknown> }> = [];

  beforeEach(async () => {
    db = await freshDatabase("shopper-chat");
    clock = Date.parse("2026-11-25T08:00:00Z");
    messageId = 100;
    updateId = 9000;
    calls.length = 0;
  });
  afterEach(async () => {
    await db.destroy();
  });

  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const method = String(url).split("/").at(-1) ?? "";
    calls.push({ method, body: JSON.parse(String(init?.body)) });
    const result = method === "sendMessage" ? { message_id: ++messageId } : true;
    return new Response(JSON.stringify({ ok: true, result }), { status: 200 });
  }) as typeof fetch;
  const api = () =>
    createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl });
  const handler = () => createUpdateHandler({ db, api: api(), chat, now: () => clock, log });
  const dispatcher = () => createDispatcher({ db, api: api(), now: () => clock, log });

  async function place(language = "ka"): Promise<Order> {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Tbilisi, Chavchavadze 12",
          phone: "+995 599 123 456",
          deliveryTime: "27.11.26",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 2 }],
        language,
        token: `shopper-chat-${String(++tokens).padStart(12, "0")}`,
        titleLanguage: "ru",
      },
      {
        now: clock,
        phoneHashKey: PHONE_HASH_KEY,
        telegram: { botToken: TOKEN, chatIds: [DESK_CHAT], ...chat },
      },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order;
  }

  /** A message; `language` is what the writer's Telegram app says (`from.language_code`). */
  const write = (text: string, chatId: number | string = SHOPPER_CHAT, language?: string) => ({
    update_id: ++updateId,
    message: {
      message_id: updateId,
      chat: { id: chatId },
      ...(language ? { from: { id: 42, language_code: language } } : {}),
      text,
    },
  });
  const press = (
    data: string,
    chatId: number | string = SHOPPER_CHAT,
    message = 1,
    language?: string,
  ) => ({
    update_id: ++updateId,
    callback_query: {
      id: `q${updateId}`,
      from: { id: 42, first_name: "Nino", language_code: language },
      message: { message_id: message, chat: { id: chatId } },
      data,
    },
  });
  /** What the outbox sent to a chat, in order. */
  const sentTo = (chatId: number | string) =>
    calls
      .filter((call) => call.method === "sendMessage" && call.body.chat_id === String(chatId))
      .map((call) => call.body);
  /** A second later by the shop's clock. */
  const later = () => {
    clock += 1000;
    return clock;
  };
  const statusOf = async (id: number) =>
    (await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow())
      .status;

  it("links the chat from the deep link and answers in the order's language, with its buttons", async () => {
    const order = await place("ka");
    expect(order.chat_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(order.chat_token).not.toBe(order.track_token);
    const handle = handler();
    const start = write(`/start ${order.chat_token}`);
    expect(await handle(start)).toBe("replied");
    expect(await handle(start)).toBe("duplicate");
    await dispatcher().tick();
    const [answer, ...more] = sentTo(SHOPPER_CHAT);
    expect(more).toEqual([]);
    expect(answer?.text).toContain(formatOrderNumber(order.order_number));
    expect(answer?.text).toContain("დადასტურებას ელოდება");
    expect(answer?.text).not.toContain(order.address);
    expect(answer?.reply_markup).toEqual(shopperKeyboard(order.order_number, "new", ka));
    // The desk's order page and timeline know.
    const seen = await shopperChatOf(db, order.id);
    expect(seen.since).not.toBeNull();
    expect(seen.messages.map((message) => message.status)).toEqual(["sent"]);
    const events = await db.selectFrom("order_events").selectAll().execute();
    expect(events.map((event) => [event.actor, event.note_key])).toEqual([
      ["shopper (Telegram)", "event.followed"],
    ]);
  });

  it("confirms as the shopper, then tells them of each staff change exactly once", async () => {
    const order = await place("ka");
    const handle = handler();
    await handle(write(`/start ${order.chat_token}`));
    const confirm = encodeShopperPress({ orderNumber: order.order_number, kind: "confirm" });
    expect(await handle(press(confirm))).toBe("moved");
    expect(await statusOf(order.id)).toBe("confirmed");
    const last = await latestStatusEvent(db, order.id);
    expect(last?.actor).toBe("shopper (Telegram)");
    // Pressed again, or after the staff moved it: nothing changes.
    expect(await handle(press(confirm))).toBe("stale");

    clock += 60_000;
    await changeOrderStatus(
      db,
      { orderNumber: order.order_number, to: "shipped", actor: staff },
      clock,
      chat,
    );
    const outbox = dispatcher();
    await outbox.tick();
    await outbox.tick();
    const texts = sentTo(SHOPPER_CHAT).map((body) => String(body.text));
    expect(texts.filter((text) => text.includes("გზაშია"))).toHaveLength(1);
    expect(texts.at(-1)).toContain(formatPrice(order.total, "ka"));
    // The staff chat got the order's own message, never the shopper's buttons.
    for (const body of sentTo(DESK_CHAT))
      expect(JSON.stringify(body.reply_markup ?? {})).not.toContain('"s:');
  });

  it("asks once more before a cancellation, and never lets a staff chat or a stranger act as the shopper", async () => {
    const order = await place("en");
    const handle = handler();
    await handle(write(`/start ${order.chat_token}`));
    const ask = encodeShopperPress({ orderNumber: order.order_number, kind: "ask" });
    const cancel = encodeShopperPress({ orderNumber: order.order_number, kind: "cancel" });
    expect(await handle(press(ask))).toBe("asked");
    expect(await statusOf(order.id)).toBe("new");
    expect(await handle(press(cancel, DESK_CHAT))).toBe("forbidden");
    expect(await handle(press(cancel, 777))).toBe("forbidden");
    // And the shopper's chat cannot press the desk's buttons.
    const deskConfirm = encodeDeskPress({
      kind: "move",
      orderNumber: order.order_number,
      from: "new",
      to: "confirmed",
    });
    expect(await handle(press(deskConfirm))).toBe("forbidden");
    expect(await statusOf(order.id)).toBe("new");
    expect(await handle(press(cancel))).toBe("moved");
    expect(await statusOf(order.id)).toBe("cancelled");
    const last = await latestStatusEvent(db, order.id);
    expect([last?.actor, last?.note_key]).toEqual(["shopper (Telegram)", "cancelReason.byShopper"]);
  });

  it("refuses a press in the chat's language when it knows it: the desk chats' setting, the followed order's, else Russian and English", async () => {
    const order = await place("ka");
    const other = await place("de");
    const handle = createUpdateHandler({
      db,
      api: api(),
      chat: { ...chat, language: "tr" },
      now: () => clock,
      log,
    });
    // This chat follows the German order, not the Georgian one whose button it presses.
    await handle(write(`/start ${other.chat_token}`));
    const cancel = encodeShopperPress({ orderNumber: order.order_number, kind: "cancel" });
    expect(await handle(press(cancel, DESK_CHAT))).toBe("forbidden");
    expect(await handle(press(cancel))).toBe("forbidden");
    expect(await handle(press(cancel, 777))).toBe("forbidden");
    const forbidden = (language: LanguageCode) =>
      fixedT(language, "checkout")("bot.answer.forbidden");
    const answers = calls
      .filter((call) => call.method === "answerCallbackQuery")
      .map((call) => call.body.text);
    expect(answers).toEqual([
      forbidden("tr"),
      forbidden("de"),
      `${forbidden("ru")}\n\n${forbidden("en")}`,
    ]);
    expect(new Set(answers).size).toBe(3);
    expect(await statusOf(order.id)).toBe("new");
  });

  it("takes back a slip's message the staff undid before it went out", async () => {
    const order = await place("ru");
    await handler()(write(`/start ${order.chat_token}`));
    const { id: staffId } = await findOrCreateStaff(db, "Nino", clock);
    const nino = { name: "Nino", staffId };
    await changeOrderStatus(
      db,
      { orderNumber: order.order_number, to: "cancelled", actor: nino },
      clock,
      chat,
    );
    const slip = await latestStatusEvent(db, order.id);
    expect(
      await undoStatusChange(
        db,
        { orderNumber: order.order_number, eventId: slip?.id ?? 0, actor: nino, owner: false },
        later(),
        chat,
      ),
    ).toMatchObject({ outcome: "undone" });
    await dispatcher().tick();
    // The start's answer only: neither the cancellation nor its undo reached the shopper.
    expect(sentTo(SHOPPER_CHAT)).toHaveLength(1);

    // Once a message went out, the undo is told too.
    await changeOrderStatus(
      db,
      { orderNumber: order.order_number, to: "confirmed", actor: nino },
      later(),
      chat,
    );
    await dispatcher().tick();
    const confirmed = await latestStatusEvent(db, order.id);
    await undoStatusChange(
      db,
      { orderNumber: order.order_number, eventId: confirmed?.id ?? 0, actor: nino, owner: false },
      later(),
      chat,
    );
    await dispatcher().tick();
    const texts = sentTo(SHOPPER_CHAT).map((body) => String(body.text));
    expect(texts).toHaveLength(3);
    expect(texts[1]).toContain("подтверждён");
    expect(texts[2]).toContain("ждёт подтверждения");
  });

  it("stops on /stop, and answers chats it does not know with help in Russian and English only", async () => {
    const order = await place("ka");
    const handle = handler();
    await handle(write(`/start ${order.chat_token}`));
    expect(await handle(write("/stop"))).toBe("replied");
    expect(await shopperChatOf(db, order.id)).toMatchObject({ since: null });
    await changeOrderStatus(
      db,
      { orderNumber: order.order_number, to: "confirmed", actor: staff },
      clock,
      chat,
    );
    // Strangers: a word, a made-up link, a real-looking one. One help in ten minutes.
    expect(await handle(write("hello", 777))).toBe("replied");
    expect(await handle(write(`/start ${"x".repeat(32)}`, 777))).toBe("replied");
    // Staff chats are never answered.
    expect(await handle(write(`/start ${order.chat_token}`, DESK_CHAT))).toBe("ignored");
    await dispatcher().tick();
    const shopper = sentTo(SHOPPER_CHAT).map((body) => String(body.text));
    expect(shopper).toHaveLength(2);
    expect(shopper[1]).toContain("აღარ მოგივათ");
    const stranger = sentTo(777).map((body) => String(body.text));
    expect(stranger).toHaveLength(1);
    expect(stranger[0]).toContain("Здравствуйте");
    expect(stranger[0]).toContain("Hello");
    expect(stranger[0]).not.toContain(formatOrderNumber(order.order_number));
    const events = await db.selectFrom("order_events").select(["note_key"]).orderBy("id").execute();
    expect(events.map((event) => event.note_key)).toEqual([
      "event.followed",
      "event.unfollowed",
      null,
    ]);
  });

  it("answers a chat it does not know in its writer's Telegram language when the shop speaks it (D83)", async () => {
    const handle = handler();
    const help = (language: LanguageCode) => escapeHtml(fixedT(language, "checkout")("bot.help"));
    const cases: Array<[number, string | undefined, string]> = [
      [801, "ka", help("ka")],
      // Armenian is `hy` to Telegram and `am` to the shop.
      [802, "hy", help("am")],
      [803, "ar", help("ar")],
      [804, "en-US", help("en")],
      [805, "fr", `${help("ru")}\n\n${help("en")}`],
      [806, undefined, `${help("ru")}\n\n${help("en")}`],
    ];
    for (const [chatId, language] of cases)
      expect(await handle(write("hello", chatId, language))).toBe("replied");
    await dispatcher().tick();
    for (const [chatId, , expected] of cases)
      expect(sentTo(chatId).map((body) => body.text)).toEqual([expected]);
  });

  it("refuses a press in the linked order's or the desk's language before Telegram's (D83)", async () => {
    const order = await place("ka");
    const other = await place("de");
    const handle = createUpdateHandler({
      db,
      api: api(),
      chat: { ...chat, language: "tr" },
      now: () => clock,
      log,
    });
    await handle(write(`/start ${other.chat_token}`));
    const cancel = encodeShopperPress({ orderNumber: order.order_number, kind: "cancel" });
    expect(await handle(press(cancel, DESK_CHAT, 1, "ka"))).toBe("forbidden");
    expect(await handle(press(cancel, SHOPPER_CHAT, 1, "ka"))).toBe("forbidden");
    expect(await handle(press(cancel, 777, 1, "he"))).toBe("forbidden");
    expect(await handle(press(cancel, 778, 1, "pt-BR"))).toBe("forbidden");
    const forbidden = (language: LanguageCode) =>
      fixedT(language, "checkout")("bot.answer.forbidden");
    expect(
      calls.filter((call) => call.method === "answerCallbackQuery").map((call) => call.body.text),
    ).toEqual([
      forbidden("tr"),
      forbidden("de"),
      forbidden("he"),
      `${forbidden("ru")}\n\n${forbidden("en")}`,
    ]);
  });

  it("says on the delivery morning at 09:00 Tbilisi that the parcel comes, with the cash to have ready, once", async () => {
    const order = await place("ka");
    const other = await place("ka");
    await handler()(write(`/start ${order.chat_token}`));
    await handler()(write(`/start ${other.chat_token}`, 5550002));
    await changeOrderStatus(
      db,
      { orderNumber: order.order_number, to: "confirmed", actor: staff },
      clock,
      chat,
    );
    // The other stays new: nobody confirmed it, no courier comes.
    const nineInTbilisi = Date.parse("2026-11-27T05:00:00Z");
    expect(await queueMorningMessages(db, nineInTbilisi - 1)).toBe(0);
    expect(await queueMorningMessages(db, Date.parse("2026-11-26T06:00:00Z"))).toBe(0);
    expect(await queueMorningMessages(db, nineInTbilisi)).toBe(1);
    expect(await queueMorningMessages(db, nineInTbilisi + 60_000)).toBe(0);
    clock = nineInTbilisi;
    await dispatcher().tick();
    const morning = sentTo(SHOPPER_CHAT).at(-1);
    expect(String(morning?.text)).toContain("დღეს");
    expect(String(morning?.text)).toContain(formatPrice(order.total, "ka"));
    expect(sentTo(5550002)).toHaveLength(1);
  });
});
