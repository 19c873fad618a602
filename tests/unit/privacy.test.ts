import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDeskOrder } from "~/desk/orders.server";
import { fixedT } from "~/i18n/instance.server";
import { languageCodes } from "~/i18n/languages";
import { changeOrderStatus } from "~/orders/change-status.server";
import { placeOrder } from "~/orders/place.server";
import { phoneStanding } from "~/orders/read.server";
import { phoneKey } from "~/phone/phone-key.server";
import { parseIsoDate } from "~/platform/calendar";
import {
  NUMBERS_KEPT,
  accessActors,
  readAccessLog,
  recordAccess,
} from "~/privacy/access-log.server";
import {
  daysLeft,
  eraseRequest,
  openRequest,
  parsePersonQuery,
  personData,
  requestOfParam,
} from "~/privacy/requests.server";
import { dueForDepersonalising, sweepOncePerDay, sweepRetention } from "~/privacy/retention.server";
import { handleShopperMessage } from "~/shopper/shopper-chat.server";
import { createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";
import { freshDatabase, freshTarget } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const DAY = 24 * 60 * 60 * 1000;
/** When the orders of these tests are placed and delivered; the sweeps run years later. */
const PLACED = Date.parse("2023-11-20T08:00:00Z");
const retention = { deliveredDays: 1095, undeliveredDays: 365 };
const chat = {
  deskChatIds: [],
  holdAfterRefusals: 2,
  phoneHashKey: PHONE_HASH_KEY,
  language: "en" as const,
};
const staff = { name: "Nino", staffId: null };
const ANA = "+995 599 123 456";
const GIO = "+995 577 000 222";

let db: Kysely<Database>;
beforeEach(async () => {
  db = await freshDatabase("privacy");
});
afterEach(async () => {
  await db.destroy();
});

let tokens = 0;
async function order(phone: string, address: string, at = PLACED) {
  const result = await placeOrder(
    db,
    {
      values: {
        address,
        phone,
        deliveryTime: "22.11.23",
        name: "Ana Beridze",
        messenger: "@ana_b",
        email: "ana@example.ge",
      },
      cart: [{ key: "body/hemor-cream", qty: 2 }],
      language: "ka",
      token: `privacy-token-${String(++tokens).padStart(12, "0")}`,
      titleLanguage: "en",
    },
    { now: at, phoneHashKey: PHONE_HASH_KEY },
  );
  if (!result.ok) throw new Error(result.error);
  return result.placed.order;
}

async function move(
  orderNumber: number,
  to: "confirmed" | "shipped" | "delivered" | "refused" | "cancelled",
  at: number,
  note: string | null = null,
) {
  const change = await changeOrderStatus(db, { orderNumber, to, actor: staff, note }, at, chat);
  expect(change.outcome).toBe("moved");
}

async function deliver(orderNumber: number, at: number) {
  await move(orderNumber, "confirmed", at);
  await move(orderNumber, "shipped", at);
  await move(orderNumber, "delivered", at);
}

async function refuse(orderNumber: number, at: number) {
  await move(orderNumber, "confirmed", at);
  await move(orderNumber, "shipped", at);
  await move(orderNumber, "refused", at, "Said she never ordered, lives at Vake 3");
}

const SHOPPER_CHAT = 7_000_123;

/** The shopper presses Start on the order's Telegram link; what the bot sends them is sent. */
async function followInTelegram(orderId: number, at: number) {
  const { chat_token } = await read(orderId);
  await db
    .transaction()
    .execute((trx) =>
      handleShopperMessage(
        trx,
        { chat: { id: SHOPPER_CHAT }, text: `/start ${chat_token}` },
        { updateId: orderId, now: at, chat },
      ),
    );
}

/** The dispatcher sent what was queued for the shopper's chat. */
async function sentToShopper() {
  await db
    .updateTable("notifications")
    .set({ status: "sent", sent_at: new Date(PLACED).toISOString(), message_id: 41 })
    .where("chat_id", "=", String(SHOPPER_CHAT))
    .execute();
}

/** Every row that still names the shopper's chat: their link to orders and their messages. */
async function shopperChatRows() {
  const chatId = String(SHOPPER_CHAT);
  return [
    ...(await db.selectFrom("shopper_chats").selectAll().where("chat_id", "=", chatId).execute()),
    ...(await db.selectFrom("notifications").selectAll().where("chat_id", "=", chatId).execute()),
  ];
}

async function read(orderId: number) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

describe("the phone's keyed hash", () => {
  it("is the same for every spelling of a number, and says nothing of the number", () => {
    const key = "k".repeat(32);
    expect(phoneKey("0599 12 34 56", key)).toBe(phoneKey(ANA, key));
    expect(phoneKey("+995599123456", key)).toBe(phoneKey(ANA, key));
    expect(phoneKey(GIO, key)).not.toBe(phoneKey(ANA, key));
    expect(phoneKey(ANA, "x".repeat(32))).not.toBe(phoneKey(ANA, key));
    expect(phoneKey(ANA, key)).not.toMatch(/599|123|456/);
  });
});

describe("retention", () => {
  it("depersonalises an order 1,096 days after delivery, keeps what accounting needs and the refusal memory", async () => {
    const delivered = await order(ANA, "Tbilisi, Vake 3, flat 7");
    await deliver(delivered.order_number, PLACED);
    const refused = await order(ANA, "Tbilisi, Vake 3, flat 7");
    await refuse(refused.order_number, PLACED);
    // Delivered a day later: its time is not over on the sweep's day.
    const younger = await order(GIO, "Batumi, Gorgiladze 10", PLACED + DAY);
    await deliver(younger.order_number, PLACED + DAY);

    const sweep = PLACED + 1096 * DAY - 12 * 60 * 60 * 1000;
    expect(await sweepRetention(db, { retention, now: sweep, chat: null })).toBe(2);

    for (const id of [delivered.id, refused.id]) {
      const kept = await read(id);
      expect(kept).toMatchObject({
        address: "",
        phone: "",
        name: null,
        messenger: null,
        email: null,
        total: delivered.total,
        depersonalised_at: new Date(sweep).toISOString(),
      });
      expect(kept.phone_key).toBe(phoneKey(ANA, PHONE_HASH_KEY));
    }
    expect((await read(refused.id)).status).toBe("refused");
    const events = await db
      .selectFrom("order_events")
      .selectAll()
      .where("order_id", "=", refused.id)
      .execute();
    expect(events.map((event) => event.to_status)).toEqual(["confirmed", "shipped", "refused"]);
    expect(events.every((event) => event.actor === "Nino" && event.note === null)).toBe(true);
    const items = await db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", delivered.id)
      .execute();
    expect(items).toHaveLength(1);
    expect((await read(younger.id)).phone).toBe(GIO);

    // The same number orders again, typed another way: its refusal still counts.
    const again = await order("0599 12 34 56", "Tbilisi, Saburtalo 1", sweep);
    expect(await phoneStanding(db, again.phone, PHONE_HASH_KEY)).toEqual({
      count: 3,
      refused: 1,
      delivered: 1,
    });
    const desk = await getDeskOrder(db, again.order_number, PHONE_HASH_KEY);
    expect(desk?.history).toMatchObject({ count: 3, refused: 1, delivered: 1 });

    // A second sweep finds nothing more to do.
    expect(await sweepRetention(db, { retention, now: sweep, chat: null })).toBe(0);
  });

  it("waits 365 days after a cancellation, and never touches an order under way", async () => {
    const cancelled = await order(ANA, "Tbilisi, Vake 3");
    await move(cancelled.order_number, "cancelled", PLACED);
    const waiting = await order(GIO, "Batumi, Gorgiladze 10");
    expect(await sweepRetention(db, { retention, now: PLACED + 364 * DAY, chat: null })).toBe(0);
    expect(await sweepRetention(db, { retention, now: PLACED + 366 * DAY, chat: null })).toBe(1);
    expect((await read(cancelled.id)).address).toBe("");
    expect(await sweepRetention(db, { retention, now: PLACED + 5000 * DAY, chat: null })).toBe(0);
    expect((await read(waiting.id)).address).toBe("Batumi, Gorgiladze 10");
  });

  it("reads only orders placed before the keeping time that still hold a person's data", async () => {
    const old = await order(ANA, "Tbilisi, Vake 3");
    await move(old.order_number, "cancelled", PLACED);
    const recent = await order(GIO, "Batumi, Gorgiladze 10", PLACED + 300 * DAY);
    await move(recent.order_number, "cancelled", PLACED + 300 * DAY);
    const now = PLACED + 400 * DAY;
    expect(await dueForDepersonalising(db, retention, now)).toEqual([old.id]);
    if (process.env.TEST_DATABASE_URL) return;
    // SQLite's plan: a range of the index of personal orders by date, never the whole table
    // (at a million orders the whole table was a second and a half a batch).
    const query = db
      .selectFrom("orders")
      .select("id")
      .where("depersonalised_at", "is", null)
      .where("created_at", "<=", "2026-01-01")
      .compile();
    const plan = await sql
      .raw<{ detail: string }>(`explain query plan ${query.sql.replace("?", "'2026-01-01'")}`)
      .execute(db);
    expect(plan.rows.map((row) => row.detail).join("; ")).toMatch(
      /SEARCH orders USING (COVERING )?INDEX orders_personal_created \(created_at<\?\)/,
    );
  });

  it("clears the before → after of a correction to a person's fields", async () => {
    const placed = await order(ANA, "Tbilisi, Vake 3");
    await db
      .insertInto("order_events")
      .values({
        order_id: placed.id,
        at: new Date(PLACED).toISOString(),
        actor: "Nino",
        staff_id: null,
        kind: "note",
        from_status: null,
        to_status: null,
        note: null,
        note_key: "event.edited.address",
        note_values: JSON.stringify({ before: "Tbilisi, Vake 3", after: "Tbilisi, Vake 5" }),
      })
      .execute();
    await move(placed.order_number, "cancelled", PLACED);
    await sweepRetention(db, { retention, now: PLACED + 400 * DAY, chat: null });
    const edit = await db
      .selectFrom("order_events")
      .select("note_values")
      .where("order_id", "=", placed.id)
      .where("note_key", "=", "event.edited.address")
      .executeTakeFirstOrThrow();
    expect(edit.note_values).not.toContain("Vake");
  });

  it("removes the shopper's Telegram chat: the link and every message sent or queued to it", async () => {
    const placed = await order(ANA, "Tbilisi, Vake 3");
    await followInTelegram(placed.id, PLACED);
    await deliver(placed.order_number, PLACED);
    await sentToShopper();
    expect((await shopperChatRows()).length).toBeGreaterThan(2);

    expect(await sweepRetention(db, { retention, now: PLACED + 1096 * DAY, chat })).toBe(1);
    expect(await shopperChatRows()).toEqual([]);
  });

  it("runs once a day however many processes try", async () => {
    const placed = await order(ANA, "Tbilisi, Vake 3");
    await deliver(placed.order_number, PLACED);
    const target = await freshTarget("privacy-sweep");
    const first = createDatabase(target);
    await migrateToLatest(first);
    const second = createDatabase(target);
    try {
      const day = PLACED + 1200 * DAY;
      const results = await Promise.all([
        sweepOncePerDay(first, { retention, now: day, chat: null }),
        sweepOncePerDay(second, { retention, now: day + 1000, chat: null }),
      ]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(await sweepOncePerDay(first, { retention, now: day + DAY, chat: null })).toBe(0);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });
});

describe("a person's data on request", () => {
  it("finds a person by any spelling of the phone or an order number", () => {
    expect(parsePersonQuery("0599 12 34 56")).toEqual({ kind: "phone", phone: ANA });
    expect(parsePersonQuery("#000123")).toEqual({ kind: "order", orderNumber: 123 });
    expect(parsePersonQuery("Ana")).toBeNull();
  });

  it("exports every order of the person and nothing of anyone else's", async () => {
    const first = await order(ANA, "Tbilisi, Vake 3");
    await deliver(first.order_number, PLACED);
    const second = await order("599123456", "Tbilisi, Saburtalo 1", PLACED + DAY);
    const other = await order(GIO, "Batumi, Gorgiladze 10");
    const today = parseIsoDate("2026-11-20");
    if (!today) throw new Error("date");
    const id = await openRequest(db, {
      query: { kind: "order", orderNumber: second.order_number },
      kind: "access",
      receivedOn: today,
      actor: "Owner",
      now: PLACED,
      phoneHashKey: PHONE_HASH_KEY,
    });
    const request = await requestOfParam(db, String(id));
    const held = await personData(db, request);
    expect(held.orders.map((row) => row.number).sort()).toEqual(
      [first, second].map((row) => String(row.order_number).padStart(6, "0")).sort(),
    );
    const json = JSON.stringify(held);
    expect(json).toContain("Tbilisi, Vake 3");
    expect(json).not.toContain("Gorgiladze");
    expect(json).not.toContain("577 000 222");
    expect(json).not.toContain("577000222");
    expect(json).not.toContain(String(other.order_number).padStart(6, "0"));
    expect(held.orders[0]?.events.length).toBeGreaterThan(0);
    expect(held.orders[0]?.items[0]).toMatchObject({ qty: 2 });
    expect(daysLeft(request, today)).toBe(10);
  });

  it("erases at once, keeps the totals, removes the reviews, and waits for orders under way", async () => {
    const delivered = await order(ANA, "Tbilisi, Vake 3");
    await deliver(delivered.order_number, PLACED);
    await db
      .insertInto("reviews")
      .values({
        order_id: delivered.id,
        item_key: "body/hemor-cream",
        rating: 5,
        body: "Helped me a lot",
        author: "Ana from Vake",
        language: "ka",
        created_at: new Date(PLACED).toISOString(),
      })
      .execute();
    const open = await order(ANA, "Tbilisi, Vake 3", PLACED + DAY);
    await followInTelegram(delivered.id, PLACED + DAY);
    await followInTelegram(open.id, PLACED + DAY);
    const received = parseIsoDate("2026-11-20");
    if (!received) throw new Error("date");
    const id = await openRequest(db, {
      query: parsePersonQuery("0599123456") ?? { kind: "order", orderNumber: 0 },
      kind: "erasure",
      receivedOn: received,
      actor: "Owner",
      now: PLACED,
      phoneHashKey: PHONE_HASH_KEY,
    });
    const request = await requestOfParam(db, String(id));
    expect(request.subject).toBe("+995 5•• ••• 456");

    const refused = await eraseRequest(db, request, { actor: "Owner", now: PLACED, chat: null });
    expect(refused).toEqual({
      outcome: "open",
      numbers: [String(open.order_number).padStart(6, "0")],
    });
    expect((await read(delivered.id)).address).toBe("Tbilisi, Vake 3");

    await move(open.order_number, "cancelled", PLACED + DAY);
    await sentToShopper();
    expect((await shopperChatRows()).length).toBeGreaterThan(2);
    const erased = await eraseRequest(db, request, {
      actor: "Owner",
      now: PLACED + DAY,
      chat: null,
    });
    expect(erased).toEqual({ outcome: "erased", orders: 2 });
    expect(await shopperChatRows()).toEqual([]);
    const kept = await read(delivered.id);
    expect(kept).toMatchObject({ address: "", phone: "", email: null, total: delivered.total });
    expect(await db.selectFrom("reviews").selectAll().execute()).toEqual([]);
    const done = await requestOfParam(db, String(id));
    expect(done).toMatchObject({ outcome: "erased", done_by: "Owner" });
    expect(daysLeft(done, received)).toBeNull();
  });
});

describe("the access log", () => {
  it("records who read which orders, and the database refuses to change an entry", async () => {
    await recordAccess(db, {
      staff: { id: 1, name: "Nino" },
      action: "order",
      orderNumbers: [123],
      now: PLACED,
    });
    await recordAccess(db, {
      staff: { id: 2, name: "Gela" },
      action: "csv",
      orderNumbers: [5, 123, 77],
      now: PLACED + 1000,
    });
    const all = await readAccessLog(db, {});
    expect(all.entries.map((entry) => [entry.actor, entry.action, entry.orders])).toEqual([
      ["Gela", "csv", "000005,000123,000077"],
      ["Nino", "order", "000123"],
    ]);
    expect((await readAccessLog(db, { orderNumber: 77 })).entries).toHaveLength(1);
    expect((await readAccessLog(db, { orderNumber: 123 })).entries).toHaveLength(2);
    expect((await readAccessLog(db, { actor: "Nino" })).entries).toHaveLength(1);
    expect(await accessActors(db)).toEqual(["Gela", "Nino"]);

    await expect(db.updateTable("access_log").set({ actor: "Nobody" }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom("access_log").execute()).rejects.toThrow(/append-only/);
    expect((await readAccessLog(db, {})).entries).toHaveLength(2);
  });

  it("keeps as many order numbers of a big read as the page says, and the count of all", async () => {
    const many = Array.from({ length: NUMBERS_KEPT + 50 }, (_, index) => index + 1);
    await recordAccess(db, {
      staff: { id: 1, name: "Nino" },
      action: "csv",
      orderNumbers: many,
      now: PLACED,
    });
    const [entry] = (await readAccessLog(db, {})).entries;
    expect(entry?.orders.split(",")).toHaveLength(NUMBERS_KEPT);
    expect(entry?.count).toBe(NUMBERS_KEPT + 50);
    for (const language of languageCodes)
      expect(fixedT(language, "desk")("privacy.access.intro", { kept: NUMBERS_KEPT })).toContain(
        String(NUMBERS_KEPT),
      );
  });
});
