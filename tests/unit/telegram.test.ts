import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type TelegramUpdate, createUpdateHandler } from "~/chat/telegram-updates.server";
import { getDeskOrder } from "~/desk/orders.server";
import { fixedT } from "~/i18n/instance.server";
import {
  CALLBACK_DATA_LIMIT,
  decodeDeskPress,
  decodeStatusPress,
  encodeDeskPress,
  encodeStatusPress,
} from "~/orders/callback-data";
import { changeOrderStatus } from "~/orders/change-status.server";
import { createDispatcher } from "~/orders/dispatcher.server";
import { eventNote, storedTitle } from "~/orders/event-note";
import { expireUnconfirmedOrders } from "~/orders/expiry.server";
import {
  type OrderStanding,
  askKeyboard,
  buildOrderMessage,
  orderKeyboard,
} from "~/orders/message";
import type { ChatSettings } from "~/orders/message.server";
import { placeOrder } from "~/orders/place.server";
import { type OrderStatus, nextStatuses, orderStatuses } from "~/orders/status";
import { createBotApi } from "~/platform/bot-api.server";
import { createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";
import { PHONE_HASH_KEY } from "./support/keys";

const TOKEN = "123456:SECRET-token-abcdefghijklmnop";
const t = fixedT("ru", "desk");

describe("callback_data (D25)", () => {
  it("round-trips every move the rules allow, well within 64 bytes", () => {
    for (const from of orderStatuses) {
      for (const to of nextStatuses(from)) {
        const press = { orderNumber: 999_999_999, from, to };
        const data = encodeStatusPress(press);
        expect(Buffer.byteLength(data, "utf8")).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
        expect(decodeStatusPress(data)).toEqual(press);
      }
    }
    expect(encodeStatusPress({ orderNumber: 4321, from: "new", to: "confirmed" })).toBe(
      "o:4321:nc",
    );
  });

  it("reads nothing it did not write", () => {
    for (const data of [
      undefined,
      42,
      "",
      "o:4321:n",
      "o:4321:nq",
      "o:04321:nc",
      "o:0:nc",
      "o:1234567890:nc",
      "o:4321:nc ",
      "x:4321:nc",
      "o:-1:nc",
      "o:4321:NC",
    ])
      expect(decodeStatusPress(data), String(data)).toBeNull();
  });
});

const order = {
  order_number: 4321,
  address: "Rustaveli 1",
  phone: "+995 555 123 456",
  name: null,
  messenger: null,
  email: null,
  delivery_time: "05.07.26",
  total: 10000,
  delivery_fee: 0,
  delivery_area: null,
  delivery_zone: null,
  pinned_note: null,
};
const items = [{ title: "Мазь от геморроя", qty: 1, subtotal: 10000 }];
const standing = (changes: Partial<OrderStanding> = {}): OrderStanding => ({
  status: "new",
  lastChange: null,
  history: { count: 1, refused: 0, delivered: 0 },
  holdAfterRefusals: 2,
  ...changes,
});

describe("the order message with its standing (D25, D26)", () => {
  it("says the status, the phone's history, and nothing about a hold for a first order", () => {
    const text = buildOrderMessage(order, items, { language: "ru", t, standing: standing() });
    expect(text).toContain("Статус: Новый");
    expect(text).toContain("Первый заказ с этого номера");
    expect(text).not.toContain("Позвонить перед отправкой");
  });

  it("counts the phone's orders and marks a repeat refuser while the order has not shipped", () => {
    const history = { count: 3, refused: 2, delivered: 0 };
    const text = buildOrderMessage(order, items, {
      language: "ru",
      t,
      standing: standing({ history }),
    });
    expect(text).toContain("3 заказа с этого номера · отказов: 2 · доставлено: 0");
    expect(text).toContain("<b>⚠️ Позвонить перед отправкой · отказов с этого номера: 2</b>");
    const shipped = buildOrderMessage(order, items, {
      language: "ru",
      t,
      standing: standing({ status: "shipped", history }),
    });
    expect(shipped).not.toContain("Позвонить перед отправкой");
  });

  it("names who changed it last, escaped, with the note", () => {
    const text = buildOrderMessage(order, items, {
      language: "ru",
      t,
      standing: standing({
        status: "confirmed",
        lastChange: {
          actor: "<Nino> & Co (Telegram 42)",
          at: Date.parse("2026-11-22T10:00:00Z"),
          note: "Позвонить <после> 18:00",
        },
      }),
    });
    expect(text).toContain(
      "Статус: Подтверждён — &lt;Nino&gt; &amp; Co (Telegram 42), 22.11.26, 14:00",
    );
    expect(text).toContain("<i>«Позвонить &lt;после&gt; 18:00»</i>");
    expect(text.match(/<\/?([a-z]+)/g)?.every((tag) => /^<\/?[bi]$/.test(tag))).toBe(true);
  });

  it("offers the moves allowed now as buttons, and none once the order is final", () => {
    const labels = (status: OrderStatus) =>
      orderKeyboard(4321, status, t)?.inline_keyboard.flat() ?? [];
    expect(labels("new").map((button) => button.text)).toEqual([
      "✅ Подтвердить",
      "📞 Не отвечает",
      "✖️ Отменить",
    ]);
    // Cancel sits on a row of its own, away from Confirm.
    expect(orderKeyboard(4321, "new", t)?.inline_keyboard.map((row) => row.length)).toEqual([2, 1]);
    expect(labels("confirmed").map((button) => button.text)).toEqual([
      "🚚 Отправлен",
      "✖️ Отменить",
    ]);
    expect(labels("shipped").map((button) => button.text)).toEqual(["💵 Доставлен", "↩️ Отказ"]);
    expect(labels("shipped").map((button) => decodeDeskPress(button.callback_data))).toEqual([
      { kind: "move", orderNumber: 4321, from: "shipped", to: "delivered" },
      { kind: "ask", orderNumber: 4321, from: "shipped", to: "refused" },
    ]);
    const reasons = askKeyboard(4321, "new", "cancelled", t).inline_keyboard.flat();
    expect(reasons.map((button) => button.text)).toEqual([
      "✖️ Передумал(а)",
      "✖️ Фейковый заказ",
      "✖️ Дубликат",
      "⬅️ Назад",
    ]);
    expect(reasons.map((button) => decodeDeskPress(button.callback_data))).toEqual([
      { kind: "move", orderNumber: 4321, from: "new", to: "cancelled", reason: "changedMind" },
      { kind: "move", orderNumber: 4321, from: "new", to: "cancelled", reason: "fakeOrder" },
      { kind: "move", orderNumber: 4321, from: "new", to: "cancelled", reason: "duplicate" },
      { kind: "back", orderNumber: 4321, from: "new" },
    ]);
    for (const status of ["delivered", "refused", "cancelled"] as const)
      expect(orderKeyboard(4321, status, t)).toBeNull();
  });
});

describe("with a database", () => {
  let db: Kysely<Database>;
  let clock: number;
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const chat = {
    deskChatIds: ["111", "222"],
    holdAfterRefusals: 2,
    phoneHashKey: PHONE_HASH_KEY,
    language: "ru" as const,
  };
  let tokens = 0;
  /** Telegram numbers messages per chat; here one counter serves every chat. */
  let messageId = 100;

  beforeEach(async () => {
    messageId = 100;
    db = createDatabase(join(mkdtempSync(join(tmpdir(), "shop-telegram-")), "shop.sqlite"));
    await migrateToLatest(db);
    clock = Date.parse("2026-11-22T10:00:00Z");
    log.info.mockReset();
    log.warn.mockReset();
  });

  afterEach(async () => {
    await db.destroy();
  });

  async function place(
    phone = "+995 555 123 456",
    chatIds = ["111", "222", "333"],
    settings: ChatSettings = chat,
  ) {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          deliveryTime: "05.07.26",
          phone,
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language: "ru",
        token: `telegram-token-${String(++tokens).padStart(6, "0")}`,
        titleLanguage: "ru",
      },
      {
        now: clock,
        phoneHashKey: PHONE_HASH_KEY,
        telegram: { botToken: TOKEN, chatIds, ...settings },
      },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order;
  }

  /** A Bot API that records calls and gives each sent message the next id. */
  function fakeApi() {
    const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      const method = String(url).split("/").at(-1) ?? "";
      calls.push({ method, body: JSON.parse(String(init?.body)) });
      const result = method === "sendMessage" ? { message_id: ++messageId } : true;
      return new Response(JSON.stringify({ ok: true, result }), { status: 200 });
    }) as typeof fetch;
    return { calls, fetchImpl };
  }

  const rows = () => db.selectFrom("notifications").selectAll().orderBy("id").execute();

  it("sends buttons only to desk chats, then edits every copy after a change, never sending twice", async () => {
    const placed = await place();
    const { calls, fetchImpl } = fakeApi();
    const dispatcher = createDispatcher({
      db,
      api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
      now: () => clock,
      log,
    });
    await dispatcher.tick();
    expect(calls.map((call) => [call.method, call.body.chat_id])).toEqual([
      ["sendMessage", "111"],
      ["sendMessage", "222"],
      ["sendMessage", "333"],
    ]);
    expect(calls[0]?.body.reply_markup).toEqual(orderKeyboard(placed.order_number, "new", t));
    expect(calls[2]?.body.reply_markup).toBeUndefined();
    expect((await rows()).map((row) => row.message_id)).toEqual([101, 102, 103]);

    clock += 60_000;
    await changeOrderStatus(
      db,
      { orderNumber: placed.order_number, to: "confirmed", actor: { name: "Nino", staffId: null } },
      clock,
      chat,
    );
    calls.length = 0;
    await dispatcher.tick();
    expect(calls.map((call) => [call.method, call.body.chat_id, call.body.message_id])).toEqual([
      ["editMessageText", "111", 101],
      ["editMessageText", "222", 102],
      ["editMessageText", "333", 103],
    ]);
    expect(String(calls[0]?.body.text)).toContain("Статус: Подтверждён — Nino");
    expect(calls[0]?.body.reply_markup).toEqual(orderKeyboard(placed.order_number, "confirmed", t));
    // A chat without buttons keeps none; a final order's buttons go away.
    expect(calls[2]?.body.reply_markup).toEqual({ inline_keyboard: [] });
    expect((await rows()).every((row) => row.status === "sent")).toBe(true);
    calls.length = 0;
    await dispatcher.tick();
    expect(calls).toEqual([]);
  });

  it("a change while a message is on its way edits it afterwards", async () => {
    const placed = await place("+995 555 000 111", ["111"]);
    let release: () => void = () => undefined;
    const methods: string[] = [];
    const fetchImpl = (async (url: string | URL | Request) => {
      const method = String(url).split("/").at(-1) ?? "";
      methods.push(method);
      if (method === "sendMessage")
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      return new Response(JSON.stringify({ ok: true, result: { message_id: 7 } }));
    }) as typeof fetch;
    const dispatcher = createDispatcher({
      db,
      api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
      now: () => clock,
      log,
    });
    const sending = dispatcher.tick();
    await vi.waitFor(() => expect(methods).toEqual(["sendMessage"]));
    await changeOrderStatus(
      db,
      { orderNumber: placed.order_number, to: "confirmed", actor: { name: "Nino", staffId: null } },
      clock,
      chat,
    );
    release();
    await sending;
    expect((await rows())[0]).toMatchObject({ status: "pending", message_id: 7 });
    await dispatcher.tick();
    expect(methods).toEqual(["sendMessage", "editMessageText"]);
    expect((await rows())[0]).toMatchObject({ status: "sent" });
  });

  describe("button presses", () => {
    async function sentOrder() {
      const placed = await place();
      const { fetchImpl } = fakeApi();
      await createDispatcher({
        db,
        api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
        now: () => clock,
        log,
      }).tick();
      return placed;
    }

    function handler(settings: ChatSettings = chat) {
      const { calls, fetchImpl } = fakeApi();
      const onChange = vi.fn();
      const handle = createUpdateHandler({
        db,
        api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
        chat: settings,
        now: () => clock,
        log,
        onChange,
      });
      return { handle, calls, onChange };
    }

    let updateId = 1000;
    function press(
      orderNumber: number,
      from: OrderStatus,
      to: OrderStatus,
      where: { chat?: number; message?: number } = {},
    ): TelegramUpdate {
      return {
        update_id: ++updateId,
        callback_query: {
          id: `query-${updateId}`,
          from: { id: 42, first_name: "Nino", last_name: "Beridze" },
          message: { message_id: where.message ?? 101, chat: { id: where.chat ?? 111 } },
          data: encodeStatusPress({ orderNumber, from, to }),
        },
      };
    }

    const events = (orderId: number) =>
      db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).execute();

    it("moves the order as the desk does, once per update, and answers the press", async () => {
      const placed = await sentOrder();
      const { handle, calls, onChange } = handler();
      const update = press(placed.order_number, "new", "confirmed");
      expect(await handle(update)).toBe("moved");
      expect(await handle(update)).toBe("duplicate");
      const recorded = await events(placed.id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        actor: "Nino Beridze (Telegram 42)",
        staff_id: null,
        from_status: "new",
        to_status: "confirmed",
      });
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(calls).toEqual([
        {
          method: "answerCallbackQuery",
          body: {
            callback_query_id: update.callback_query?.id,
            text: "Готово: Подтверждён",
            show_alert: false,
          },
        },
      ]);
      // Every chat's copy is due to be edited.
      expect((await rows()).map((row) => [row.status, row.revision])).toEqual([
        ["pending", 1],
        ["pending", 1],
        ["pending", 1],
      ]);
    });

    it("changes nothing for a stale button, a stranger's chat or a forged one, and says so", async () => {
      const placed = await sentOrder();
      const other = await sentOrder();
      const { handle, calls } = handler();
      expect(await handle(press(placed.order_number, "new", "confirmed"))).toBe("moved");
      // The second chat's copy still had the old buttons.
      expect(
        await handle(press(placed.order_number, "new", "cancelled", { chat: 222, message: 102 })),
      ).toBe("stale");
      // Not a desk chat (333 only gets the message).
      expect(
        await handle(
          press(placed.order_number, "confirmed", "shipped", { chat: 333, message: 103 }),
        ),
      ).toBe("forbidden");
      expect(await handle(press(placed.order_number, "confirmed", "shipped", { chat: -5 }))).toBe(
        "forbidden",
      );
      // Another order's button data on this order's message, and a move no rule allows.
      expect(await handle(press(other.order_number, "new", "confirmed", { message: 101 }))).toBe(
        "unknown",
      );
      expect(await handle(press(placed.order_number, "confirmed", "delivered"))).toBe("unknown");
      const garbled = press(placed.order_number, "confirmed", "shipped");
      if (garbled.callback_query) garbled.callback_query.data = "o:1:zz";
      expect(await handle(garbled)).toBe("unknown");
      expect(await handle({ update_id: 5, message: { text: "hi" } })).toBe("ignored");
      expect(await handle({ nonsense: true })).toBe("ignored");

      expect(await events(placed.id)).toHaveLength(1);
      expect(await events(other.id)).toHaveLength(0);
      expect(calls.map((call) => call.body.text)).toEqual([
        "Готово: Подтверждён",
        "Ничего не изменилось: заказ уже в статусе «Подтверждён».",
        "Эти кнопки работают только в чате сотрудников.",
        "Эти кнопки работают только в чате сотрудников.",
        "Неизвестная кнопка — ничего не изменилось.",
        "Неизвестная кнопка — ничего не изменилось.",
        "Неизвестная кнопка — ничего не изменилось.",
      ]);
    });

    it("writes the message, its buttons and the answers in the chats' language", async () => {
      const english: ChatSettings = { ...chat, language: "en" };
      const placed = await place("+995 555 444 555", ["111"], english);
      const [row] = await rows();
      expect(row?.text).toContain("Order status: New");
      expect(row?.text).toContain("First order from this phone");
      expect(row?.text).toContain("₾100");
      expect(
        JSON.parse(row?.reply_markup ?? "null").inline_keyboard[0].map(
          (button: { text: string }) => button.text,
        ),
      ).toEqual(["✅ Confirm", "📞 No answer"]);
      const { fetchImpl } = fakeApi();
      await createDispatcher({
        db,
        api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
        now: () => clock,
        log,
      }).tick();

      const { handle, calls } = handler(english);
      expect(await handle(press(placed.order_number, "new", "confirmed"))).toBe("moved");
      expect(await handle(press(placed.order_number, "new", "cancelled"))).toBe("stale");
      expect(calls.map((call) => call.body.text)).toEqual([
        "Done: Confirmed",
        "Nothing changed: this order is Confirmed now.",
      ]);
      const [edited] = await rows();
      expect(edited?.text).toContain(
        "Order status: Confirmed — Nino Beridze (Telegram 42), 22.11.26, 14:00",
      );
    });

    it("asks once more before a cancellation, takes its reason, and notes a call nobody answered", async () => {
      const placed = await sentOrder();
      const { handle, calls } = handler();
      const raw = (data: string): TelegramUpdate => ({
        update_id: ++updateId,
        callback_query: {
          id: `query-${updateId}`,
          from: { id: 42, first_name: "Nino" },
          message: { message_id: 101, chat: { id: 111 } },
          data,
        },
      });
      const number = placed.order_number;
      expect(
        await handle(raw(encodeDeskPress({ kind: "call", orderNumber: number, from: "new" }))),
      ).toBe("called");
      expect(
        await handle(
          raw(encodeDeskPress({ kind: "ask", orderNumber: number, from: "new", to: "cancelled" })),
        ),
      ).toBe("asked");
      const redrawn = calls.find((call) => call.method === "editMessageReplyMarkup");
      expect(redrawn?.body.reply_markup).toEqual(askKeyboard(number, "new", "cancelled", t));
      expect(
        (
          await db
            .selectFrom("orders")
            .select("status")
            .where("id", "=", placed.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe("new");
      expect(
        await handle(
          raw(
            encodeDeskPress({
              kind: "move",
              orderNumber: number,
              from: "new",
              to: "cancelled",
              reason: "fakeOrder",
            }),
          ),
        ),
      ).toBe("moved");
      const recorded = await events(placed.id);
      expect(recorded.map((event) => [event.kind, event.note_key, event.to_status])).toEqual([
        ["note", "event.noAnswer", null],
        ["status", "cancelReason.fakeOrder", "cancelled"],
      ]);
      const calledOrder = await db
        .selectFrom("orders")
        .select("calls")
        .where("id", "=", placed.id)
        .executeTakeFirstOrThrow();
      expect(calledOrder.calls).toBe(1);
    });

    it("takes an order from new to delivered in three presses", async () => {
      const placed = await sentOrder();
      const { handle } = handler();
      expect(await handle(press(placed.order_number, "new", "confirmed"))).toBe("moved");
      expect(
        await handle(
          press(placed.order_number, "confirmed", "shipped", { chat: 222, message: 102 }),
        ),
      ).toBe("moved");
      expect(await handle(press(placed.order_number, "shipped", "delivered"))).toBe("moved");
      const status = await db
        .selectFrom("orders")
        .select("status")
        .where("id", "=", placed.id)
        .executeTakeFirstOrThrow();
      expect(status.status).toBe("delivered");
      expect((await events(placed.id)).map((event) => event.to_status)).toEqual([
        "confirmed",
        "shipped",
        "delivered",
      ]);
    });
  });

  it("marks a phone's third order after two refusals, in the message", async () => {
    const phone = "+995 599 111 222";
    for (let i = 0; i < 2; i++) {
      const earlier = await place(phone);
      for (const to of ["confirmed", "shipped", "refused"] as const)
        await changeOrderStatus(
          db,
          { orderNumber: earlier.order_number, to, actor: { name: "Nino", staffId: null } },
          clock,
          chat,
        );
    }
    const third = await place(phone);
    const [row] = await db
      .selectFrom("notifications")
      .select("text")
      .where("order_id", "=", third.id)
      .execute();
    expect(row?.text).toContain("⚠️ Позвонить перед отправкой · отказов с этого номера: 2");
    expect(row?.text).toContain("3 заказа с этого номера · отказов: 2 · доставлено: 0");
  });

  describe("expiry (EXPIRE_UNCONFIRMED_HOURS)", () => {
    const options = { hours: 24, chat };

    it("cancels a new order only once it is overdue, by the system, with the reason", async () => {
      const placed = await place();
      const confirmed = await place("+995 555 222 333");
      await changeOrderStatus(
        db,
        {
          orderNumber: confirmed.order_number,
          to: "confirmed",
          actor: { name: "Nino", staffId: null },
        },
        clock,
        chat,
      );
      expect(await expireUnconfirmedOrders(db, options, clock + 24 * 3600_000 - 1)).toEqual([]);
      expect(await expireUnconfirmedOrders(db, options, clock + 24 * 3600_000)).toEqual([
        placed.order_number,
      ]);
      expect(await expireUnconfirmedOrders(db, options, clock + 48 * 3600_000)).toEqual([]);
      const events = await db
        .selectFrom("order_events")
        .selectAll()
        .where("order_id", "=", placed.id)
        .execute();
      expect(events).toEqual([
        expect.objectContaining({
          actor: "system",
          from_status: "new",
          to_status: "cancelled",
          note: null,
          note_key: "chat.expiredNote",
          note_values: JSON.stringify({ hours: 24 }),
          at: new Date(clock + 24 * 3600_000).toISOString(),
        }),
      ]);
      // Its messages are due to be edited once, showing who cancelled it and why.
      const texts = await db
        .selectFrom("notifications")
        .select(["text", "revision"])
        .where("order_id", "=", placed.id)
        .execute();
      expect(texts.every((row) => row.revision === 1)).toBe(true);
      expect(texts[0]?.text).toContain("Статус: Отменён — Система");
      expect(texts[0]?.text).toContain("<i>«Не подтверждён за 24 ч. — отменён автоматически»</i>");
    });

    it("stores its reason as a key, so the German desk reads it in German and the chat in Russian", async () => {
      const placed = await place();
      await expireUnconfirmedOrders(db, options, clock + 24 * 3600_000);
      const found = await getDeskOrder(db, placed.order_number, PHONE_HASH_KEY);
      const [event] = found?.events ?? [];
      expect(event && eventNote(event, fixedT("de", "desk"), storedTitle)).toBe(
        "Nicht innerhalb von 24 Std. bestätigt — automatisch storniert",
      );
      expect(event && eventNote(event, t, storedTitle)).toBe(
        "Не подтверждён за 24 ч. — отменён автоматически",
      );
      const [row] = await rows();
      expect(row?.text).toContain("«Не подтверждён за 24 ч. — отменён автоматически»");
      expect(row?.text).not.toContain("Nicht innerhalb");
    });

    it("shows a note written before notes had keys as it was written", () => {
      const old = {
        note: "Не подтверждён за 24 ч. — отменён автоматически",
        note_key: null,
        note_values: null,
      };
      expect(eventNote(old, fixedT("de", "desk"), storedTitle)).toBe(old.note);
      expect(
        eventNote({ note: "Call after 6", note_key: null, note_values: null }, t, storedTitle),
      ).toBe("Call after 6");
    });
  });
});
