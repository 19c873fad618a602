import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeOrderStatus } from "~/orders/change-status.server";
import type { ChatSettings } from "~/orders/message.server";
import type { Messaging } from "~/orders/messaging";
import { placeOrder } from "~/orders/place.server";
import { depersonaliseOrders } from "~/privacy/retention.server";
import type { MessageKind } from "~/shopper/message-texts";
import { queueMorningNotices } from "~/shopper/shopper-messages.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

// Which SMS and e-mail an order queues (D87), read from the outbox rows the dispatcher
// would send: by SMS unless Telegram follows the order or the owner turned it off, by
// e-mail when the shopper gave one, the owner's notices, the delivery morning's once.
describe("the shopper's SMS and e-mail", () => {
  let db: Kysely<Database>;
  let clock: number;
  let kinds: Record<MessageKind, boolean>;
  const staff = { name: "Nino", staffId: null };
  beforeEach(async () => {
    db = await freshDatabase();
    // Tuesday 1 December 2026, 10:00 in Tbilisi.
    clock = Date.parse("2026-12-01T06:00:00Z");
    kinds = { received: true, confirmed: true, morning: true, delivered: true };
  });
  afterEach(() => db.destroy());

  const messaging = (over: Partial<Messaging> = {}): Messaging => ({
    sms: true,
    email: true,
    publicUrl: "https://kolkhida.example",
    smsKinds: () => kinds,
    desk: () => ({ emails: ["owner@kolkhida.example"], phones: ["995577000111"], language: "ru" }),
    ...over,
  });
  const chat = (over: Partial<Messaging> = {}): ChatSettings => ({
    deskChatIds: [],
    holdAfterRefusals: 2,
    language: "ru",
    phoneHashKey: PHONE_HASH_KEY,
    publicUrl: "https://kolkhida.example",
    reviewAfterDays: 3,
    messaging: messaging(over),
  });

  async function place(email: string | null, language: "ka" | "ar" = "ka", settings = chat()) {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 5",
          deliveryTime: "02.12.26",
          phone: "+995 599 12 34 56",
          name: null,
          messenger: null,
          email,
        },
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language,
        token: `token-${Math.random()}`,
        titleLanguage: language,
      },
      {
        now: clock,
        phoneHashKey: PHONE_HASH_KEY,
        telegram: { botToken: null, chatIds: [], ...settings },
      },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order;
  }

  const rows = () =>
    db
      .selectFrom("notifications")
      .select([
        "order_id",
        "topic",
        "channel",
        "chat_id",
        "text",
        "subject",
        "headers",
        "next_attempt_at",
      ])
      .orderBy("id")
      .execute();
  const move = (number: number, to: "confirmed" | "shipped" | "delivered", settings = chat()) =>
    changeOrderStatus(db, { orderNumber: number, to, actor: staff }, clock, settings);

  it("tells of a new order by SMS and e-mail, in the order's language, and the owner too", async () => {
    const order = await place("nino@example.ge");
    const queued = await rows();
    expect(queued.map((row) => [row.topic, row.channel, row.chat_id])).toEqual([
      [`received:${order.id}`, "sms", "995599123456"],
      [`received:${order.id}`, "email", "nino@example.ge"],
      [`desk-new:${order.id}`, "sms", "995577000111"],
      [`desk-new:${order.id}`, "email", "owner@kolkhida.example"],
    ]);
    const [sms, email] = queued;
    expect(sms?.text).toContain("მიღებულია");
    expect(sms?.text).toContain(`https://kolkhida.example/o/${order.track_token}`);
    expect(JSON.parse(email?.headers ?? "{}")).toEqual({
      "List-Unsubscribe": `<https://kolkhida.example/o/${order.track_token}/stop>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("sends nothing through a channel the shop has not got, and no e-mail without an address", async () => {
    await place(null, "ka", chat({ sms: false }));
    expect(await rows()).toEqual([
      expect.objectContaining({ channel: "email", chat_id: "owner@kolkhida.example" }),
    ]);
  });

  it("leaves to Telegram a shopper who follows there, and an SMS the owner turned off", async () => {
    const order = await place("nino@example.ge");
    await db
      .insertInto("shopper_chats")
      .values({ order_id: order.id, chat_id: "5550001", linked_at: new Date(clock).toISOString() })
      .execute();
    await move(order.order_number, "confirmed");
    const told = async (orderId: number) =>
      (await rows())
        .filter((row) => row.order_id === orderId && row.topic?.startsWith("status:"))
        .map((row) => row.channel);
    // Telegram tells it in the chat; the e-mail goes as well.
    expect(await told(order.id)).toEqual(["telegram", "email"]);

    const other = await place(null, "ar");
    kinds.confirmed = false;
    await move(other.order_number, "confirmed");
    expect(await told(other.id)).toEqual([]);
  });

  it("queues the delivery morning's message once, from 09:00 on the day, with the courier once shipped", async () => {
    const order = await place(null, "ar");
    await move(order.order_number, "confirmed");
    const nine = Date.parse("2026-12-02T05:00:00Z");
    expect(await queueMorningNotices(db, nine - 1, messaging())).toBe(0);
    expect(await queueMorningNotices(db, nine, messaging())).toBe(1);
    expect(await queueMorningNotices(db, nine + 60_000, messaging())).toBe(0);
    const morning = (await rows()).filter((row) => row.topic?.startsWith("morning:"));
    expect(morning).toHaveLength(1);
    expect(morning[0]?.topic).toBe(`morning:${order.id}:2026-12-02`);
    expect(morning[0]?.text).toContain("100");
  });

  it("asks for a review by SMS when the days after delivery have passed", async () => {
    const order = await place(null);
    await move(order.order_number, "confirmed");
    await move(order.order_number, "shipped");
    await move(order.order_number, "delivered");
    const review = (await rows()).find((row) => row.topic === `review:${order.id}`);
    expect(review?.channel).toBe("sms");
    expect(Date.parse(review?.next_attempt_at ?? "")).toBeGreaterThanOrEqual(
      clock + 3 * 86_400_000 - 86_400_000,
    );
    expect(review?.text).toContain(`/o/${order.track_token}#review`);
  });

  it("keeps that an SMS went when the order's personal data goes, but not where or what", async () => {
    const order = await place("nino@example.ge");
    await db
      .updateTable("notifications")
      .set({ status: "sent", segments: 2 })
      .where("channel", "=", "sms")
      .execute();
    await db.transaction().execute((trx) => depersonaliseOrders(trx, [order.id], clock, null));
    const left = await db
      .selectFrom("notifications")
      .select(["channel", "chat_id", "text", "status", "segments"])
      .where("order_id", "=", order.id)
      .orderBy("id")
      .execute();
    expect(left.map((row) => [row.channel, row.status, row.segments, row.text])).toEqual([
      ["sms", "sent", 2, ""],
      ["sms", "sent", 2, ""],
    ]);
    for (const row of left) expect(row.chat_id).toMatch(/^removed:\d+$/);
  });
});
