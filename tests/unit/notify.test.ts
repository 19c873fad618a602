import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixedT } from "~/i18n/instance.server";
import { backoffDelay, createDispatcher } from "~/orders/dispatcher.server";
import { TELEGRAM_MESSAGE_LIMIT, buildOrderMessage } from "~/orders/message";
import { placeOrder } from "~/orders/place.server";
import { createBotApi } from "~/platform/bot-api.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const TOKEN = "123456:SECRET-token-abcdefghijklmnop";
const order = {
  order_number: 4321,
  address: `Rustaveli <b>12</b> & "Sons"`,
  phone: "+995 555 123 456",
  name: null as string | null,
  messenger: null as string | null,
  email: null as string | null,
  delivery_time: "05.07.26",
  total: 20000,
  delivery_fee: 0,
  delivery_area: null,
  delivery_zone: null,
  pinned_note: null as string | null,
};
const items = [{ title: "Мазь от геморроя", qty: 2, subtotal: 20000 }];
const russian = { language: "ru" as const, t: fixedT("ru", "desk") };

describe("the order message (spec §7)", () => {
  it("names the person for the courier and puts the pinned note first, escaped", () => {
    const text = buildOrderMessage(
      { ...order, name: "Nino <Beridze>", pinned_note: "Call 30 min before & ring twice" },
      items,
      russian,
    );
    expect(text).toContain("<b>Имя:</b> Nino &lt;Beridze&gt;");
    expect(text).toContain("📌 Call 30 min before &amp; ring twice");
    expect(text.indexOf("📌")).toBeLessThan(text.indexOf("Адрес"));
    expect(buildOrderMessage(order, items, russian)).not.toContain("Имя:");
  });

  it("links to the order in the desk when the shop knows its address", () => {
    const text = buildOrderMessage(order, items, {
      ...russian,
      deskLink: "https://kolkhida.ge/desk/orders/004321",
    });
    expect(
      text.endsWith('<a href="https://kolkhida.ge/desk/orders/004321">Открыть в панели</a>'),
    ).toBe(true);
  });

  it("names the order, address, phone, date, items and total, in Russian", () => {
    const text = buildOrderMessage(order, items, russian);
    expect(text).toContain("<b>🛒 Новый заказ №004321</b>");
    expect(text).toContain("<b>Телефон:</b> +995 555 123 456");
    expect(text).toContain("<b>Дата доставки:</b> 05.07.26");
    expect(text).toMatch(/• Мазь от геморроя × 2 — 200\s₾/);
    expect(text).toMatch(/<b>Итого:<\/b> 200\s₾/);
    expect(text).not.toContain("<br");
    expect(text).not.toContain("Мессенджер");
    expect(text).not.toContain("Email");
  });

  it("escapes every value for Telegram's HTML mode", () => {
    const text = buildOrderMessage(
      { ...order, messenger: "<@nino>", email: 'a"b@c.ge' },
      [{ title: "x & <y>", qty: 1, subtotal: 100 }],
      russian,
    );
    expect(text).toContain("<b>Адрес:</b> Rustaveli &lt;b&gt;12&lt;/b&gt; &amp; &quot;Sons&quot;");
    expect(text).toContain("<b>Мессенджер:</b> &lt;@nino&gt;");
    expect(text).toContain("<b>Email:</b> a&quot;b@c.ge");
    expect(text).toContain("• x &amp; &lt;y&gt; × 1");
    // Only the tags we write, all of them ones Telegram supports.
    expect(text.match(/<\/?([a-z]+)/g)?.every((tag) => /^<\/?b$/.test(tag))).toBe(true);
  });

  it("reads, in Russian, exactly as the shop's chats have always read it", () => {
    const text = buildOrderMessage(
      { ...order, address: "Rustaveli 12", messenger: "@nino", email: "nino@example.ge" },
      [...items, { title: "Крем от ожогов", qty: 1, subtotal: 4550 }],
      russian,
    );
    expect(text).toBe(
      [
        "<b>🛒 Новый заказ №004321</b>",
        "",
        "<b>Адрес:</b> Rustaveli 12",
        "<b>Телефон:</b> +995 555 123 456",
        "<b>Мессенджер:</b> @nino",
        "<b>Email:</b> nino@example.ge",
        "<b>Дата доставки:</b> 05.07.26",
        "",
        "<b>Товары:</b>",
        "• Мазь от геморроя × 2 — 200\u00a0₾",
        "• Крем от ожогов × 1 — 45,50\u00a0₾",
        "",
        "<b>Итого:</b> 200\u00a0₾ (наличными при доставке)",
      ].join("\n"),
    );
  });

  it("writes every label in the chats' language", () => {
    const text = buildOrderMessage(
      { ...order, messenger: "@nino", email: "nino@example.ge" },
      [{ title: "Hämorrhoidensalbe", qty: 2, subtotal: 20000 }],
      { language: "de", t: fixedT("de", "desk") },
    );
    expect(text).toContain("<b>🛒 Neue Bestellung Nr. 004321</b>");
    expect(text).toContain("<b>Adresse:</b> Rustaveli");
    expect(text).toContain("<b>Telefon:</b> +995 555 123 456");
    expect(text).toContain("<b>Messenger-Kontakt:</b> @nino");
    expect(text).toContain("<b>E-Mail:</b> nino@example.ge");
    expect(text).toContain("<b>Lieferdatum:</b> 05.07.26");
    expect(text).toContain("<b>Artikel:</b>");
    expect(text).toMatch(/<b>Gesamtsumme:<\/b> 200\s₾ \(Barzahlung bei Lieferung\)$/);
    expect(text).not.toMatch(/\p{Script=Cyrillic}/u);
  });

  it("stays under Telegram's limit by shortening the address, never mid-entity", () => {
    const text = buildOrderMessage({ ...order, address: "&".repeat(5000) }, items, russian);
    expect(text.length).toBeLessThanOrEqual(TELEGRAM_MESSAGE_LIMIT);
    const address = /<b>Адрес:<\/b> (.*)\n/.exec(text)?.[1] ?? "";
    expect(address).toMatch(/^(&amp;)+…$/);
  });
});

describe("the outbox and its dispatcher (D13)", () => {
  let db: Kysely<Database>;
  let clock: number;
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  beforeEach(async () => {
    db = await freshDatabase("notify");
    clock = Date.parse("2026-11-22T10:00:00Z");
    log.info.mockReset();
    log.warn.mockReset();
    log.error.mockReset();
  });

  afterEach(async () => {
    await db.destroy();
  });

  async function placeWithOutbox(chatIds = ["111", "222"], botToken: string | null = TOKEN) {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "A & B",
          deliveryTime: "05.07.26",
          phone: "+995 555 123 456",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language: "ru",
        token: `token-${Math.random()}`,
        titleLanguage: "ru",
      },
      {
        now: clock,
        phoneHashKey: PHONE_HASH_KEY,
        telegram: {
          botToken,
          chatIds,
          deskChatIds: chatIds,
          holdAfterRefusals: 2,
          phoneHashKey: PHONE_HASH_KEY,
          language: "ru",
        },
      },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order;
  }

  function telegram(responses: Array<number | { status: number; body: unknown } | Error>) {
    const calls: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      const next = responses.shift() ?? 200;
      if (next instanceof Error) throw next;
      const { status, body } =
        typeof next === "number" ? { status: next, body: { ok: next === 200 } } : next;
      return new Response(JSON.stringify(body), { status });
    });
    return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
  }

  function dispatcher(fetchImpl: typeof fetch) {
    return createDispatcher({
      db,
      api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
      now: () => clock,
      log,
    });
  }

  const rows = () => db.selectFrom("notifications").selectAll().orderBy("id").execute();

  it("writes one row per chat in the order's transaction, and none without a token", async () => {
    await placeWithOutbox();
    expect((await rows()).map((row) => [row.chat_id, row.status, row.attempts])).toEqual([
      ["111", "pending", 0],
      ["222", "pending", 0],
    ]);
    // Due at the instant of the order by the shop's clock, not by the database's own.
    expect((await rows()).map((row) => row.next_attempt_at)).toEqual([
      new Date(clock).toISOString(),
      new Date(clock).toISOString(),
    ]);
    await placeWithOutbox(["111"], null);
    expect(await rows()).toHaveLength(2);
  });

  it("sends each row once with chat id, text and HTML parse mode", async () => {
    await placeWithOutbox();
    const { calls, fetchImpl } = telegram([200, 200]);
    await dispatcher(fetchImpl).tick();
    expect(calls.map((call) => call.url)).toEqual([
      `http://telegram.test/bot${TOKEN}/sendMessage`,
      `http://telegram.test/bot${TOKEN}/sendMessage`,
    ]);
    expect(calls.map((call) => call.body.chat_id)).toEqual(["111", "222"]);
    expect(calls[0]?.body.parse_mode).toBe("HTML");
    expect(String(calls[0]?.body.text)).toContain("A &amp; B");
    expect((await rows()).map((row) => row.status)).toEqual(["sent", "sent"]);
    await dispatcher(fetchImpl).tick();
    expect(calls).toHaveLength(2);
  });

  it("sends each row once however many processes share the outbox, and takes over a dead one's claim", async () => {
    for (let index = 0; index < 5; index++) await placeWithOutbox();
    const { calls, fetchImpl } = telegram([]);
    // Telegram answers slowly, so the dispatchers overlap.
    const slow = (async (url: string, init?: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return fetchImpl(url, init);
    }) as typeof fetch;
    await Promise.all([dispatcher(slow).tick(), dispatcher(slow).tick(), dispatcher(slow).tick()]);
    expect(calls).toHaveLength(10);
    expect(new Set(calls.map((call) => `${call.body.chat_id}:${call.body.text}`)).size).toBe(10);
    expect((await rows()).every((row) => row.status === "sent" && row.claimed_by === null)).toBe(
      true,
    );

    // A process claimed a row and died before sending it: once the claim expires, it goes.
    await placeWithOutbox(["111"]);
    const [stale] = (await rows()).filter((row) => row.status === "pending");
    await db
      .updateTable("notifications")
      .set({ claimed_by: "dead", claimed_until: new Date(clock + 60_000).toISOString() })
      .where("id", "=", stale?.id ?? 0)
      .execute();
    await dispatcher(fetchImpl).tick();
    expect(calls).toHaveLength(10);
    clock += 61_000;
    await dispatcher(fetchImpl).tick();
    expect(calls).toHaveLength(11);
  });

  it("stops after the message in hand when the server stops, leaving the backlog to the next process", async () => {
    for (let index = 0; index < 3; index++) await placeWithOutbox();
    const { calls, fetchImpl } = telegram([]);
    let stopping: Promise<void> | undefined;
    const sender = createDispatcher({
      db,
      api: createBotApi({
        botToken: TOKEN,
        apiUrl: "http://telegram.test",
        fetch: (async (url: string, init?: RequestInit) => {
          // The server is told to stop while the first message is on its way.
          stopping ??= sender.stop();
          return fetchImpl(url, init);
        }) as typeof fetch,
      }),
      now: () => clock,
      log,
    });
    sender.start();
    await vi.waitFor(() => expect(stopping).toBeDefined());
    await stopping;
    expect(calls).toHaveLength(1);
    expect((await rows()).map((row) => [row.status, row.claimed_by])).toEqual([
      ["sent", null],
      ...Array.from({ length: 5 }, () => ["pending", null]),
    ]);
    // The next process sends the rest, each once.
    await dispatcher(fetchImpl).tick();
    expect(calls).toHaveLength(6);
    expect(new Set(calls.map((call) => `${call.body.chat_id}:${call.body.text}`)).size).toBe(6);
  });

  it("retries a failure with growing delays and honours a 429's retry_after", async () => {
    await placeWithOutbox(["111"]);
    const { calls, fetchImpl } = telegram([
      500,
      {
        status: 429,
        body: { ok: false, description: "Too Many Requests", parameters: { retry_after: 30 } },
      },
      new TypeError("fetch failed"),
      200,
    ]);
    const sender = dispatcher(fetchImpl);
    await sender.tick();
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_error: "HTTP 500" });
    expect(row?.next_attempt_at).toBe(new Date(clock + 2000).toISOString());

    await sender.tick();
    expect(calls).toHaveLength(1);

    clock += 2000;
    await sender.tick();
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 2, last_error: "HTTP 429: Too Many Requests" });
    expect(row?.next_attempt_at).toBe(new Date(clock + 30_000).toISOString());

    clock += 30_000;
    await sender.tick();
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 3, last_error: "fetch failed" });

    clock += backoffDelay(3);
    await sender.tick();
    [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 4, last_error: null });
    expect(log.warn).toHaveBeenCalledTimes(3);
  });

  it("gives up after a bounded number of attempts and leaves the row failed", async () => {
    await placeWithOutbox(["111"]);
    const { fetchImpl } = telegram(Array.from({ length: 20 }, () => 502));
    const sender = createDispatcher({
      db,
      api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
      now: () => clock,
      log,
      maxAttempts: 3,
    });
    for (let i = 0; i < 5; i++) {
      await sender.tick();
      clock += 60 * 60 * 1000;
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 3, last_error: "HTTP 502" });
  });

  it("never writes the bot token into logs or the database", async () => {
    await placeWithOutbox(["111"]);
    const { fetchImpl } = telegram([
      new Error(`connect failed for http://telegram.test/bot${TOKEN}/sendMessage`),
    ]);
    await dispatcher(fetchImpl).tick();
    const [row] = await rows();
    expect(row?.last_error).toContain("/bot***/sendMessage");
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(TOKEN);
  });

  it("picks up rows left pending by an earlier run", async () => {
    await placeWithOutbox(["111"]);
    await db
      .updateTable("notifications")
      .set({ attempts: 2, next_attempt_at: new Date(clock - 1000).toISOString() })
      .execute();
    const { calls, fetchImpl } = telegram([200]);
    const sender = dispatcher(fetchImpl);
    sender.start();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Stopping waits for the message in hand to be recorded.
    await sender.stop();
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("backs off 2 s, 8 s, 32 s … up to an hour", () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt))).toEqual([
      2000, 8000, 32000, 128000,
    ]);
    expect(backoffDelay(20)).toBe(60 * 60 * 1000);
  });
});
