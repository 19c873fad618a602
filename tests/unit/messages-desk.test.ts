import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { destinationOf, failureReason, messageOutcome } from "~/desk/message-outcome";
import { placeOrder } from "~/orders/place.server";
import { shopperChatOf } from "~/shopper/shopper-messages.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

// How staff and owners see the shop's SMS and e-mail (D87): the reasons in words, where a
// message went, how it stands, and which of the outbox's rows the order's page lists.

describe("a message's failure in words", () => {
  it("names the gateway's refusals an owner can act on, by smsoffice.ge's code", () => {
    expect(failureReason("sms", "gateway code 20: the gateway's balance is too low")).toEqual({
      key: "balance",
    });
    expect(
      failureReason("sms", "gateway code 75: the number is on the gateway's stop list"),
    ).toEqual({ key: "stopListed" });
    expect(failureReason("sms", "gateway code 80: the gateway refused the key")).toEqual({
      key: "wrongKey",
    });
    expect(failureReason("sms", "gateway code -100: delayed, try later")).toEqual({
      key: "delayed",
    });
    expect(failureReason("sms", "no answer: fetch failed: connect ECONNREFUSED")).toEqual({
      key: "smsNoAnswer",
    });
    // A code the shop does not know is shown as the gateway gave it.
    expect(failureReason("sms", "gateway code 31: Sender is not registered")).toEqual({
      text: "gateway code 31: Sender is not registered",
    });
    expect(failureReason("sms", "HTTP 503")).toEqual({ text: "HTTP 503" });
  });

  it("tells the mail server's refusal for good, its login, a later try and no answer apart", () => {
    expect(failureReason("email", "SMTP 550: Mailbox unavailable")).toEqual({ key: "mailRefused" });
    expect(failureReason("email", "SMTP 553: Bad address")).toEqual({ key: "mailRefused" });
    expect(failureReason("email", "SMTP 535: Invalid login")).toEqual({ key: "mailLogin" });
    expect(failureReason("email", "SMTP 451: Try again later")).toEqual({ key: "mailLater" });
    expect(failureReason("email", "connect ECONNREFUSED 127.0.0.1:25")).toEqual({
      key: "mailNoAnswer",
    });
    expect(failureReason("email", "Greeting never received")).toEqual({ key: "mailNoAnswer" });
  });

  it("says when a channel was off, and that the shopper blocked the bot", () => {
    expect(failureReason("sms", "SMS is not configured")).toEqual({ key: "smsOff" });
    expect(failureReason("email", "e-mail is not configured")).toEqual({ key: "mailOff" });
    expect(failureReason("telegram", "Telegram is not configured")).toEqual({
      key: "telegramOff",
    });
    expect(failureReason("telegram", "Forbidden: bot was blocked by the user")).toEqual({
      key: "blocked",
    });
    expect(failureReason("telegram", "Bad Request: chat not found")).toEqual({
      text: "Bad Request: chat not found",
    });
  });
});

describe("where a message went, and how it stands", () => {
  it("writes a number as people do, left to right in any language; an address as it is", () => {
    // Isolated (U+2068 … U+2069), a number starting with a left-to-right mark, never
    // broken across lines.
    expect(destinationOf("sms", "995555123456")).toBe(
      "\u2068\u200e+995\u00a0555\u00a0123\u00a0456\u2069",
    );
    expect(destinationOf("email", "nino@example.ge")).toBe("\u2068nino@example.ge\u2069");
    // A Telegram chat's id means nothing to a person; retention leaves no destination.
    expect(destinationOf("telegram", "5550001")).toBeNull();
    expect(destinationOf("sms", "removed:41")).toBeNull();
    expect(destinationOf("email", "removed:42")).toBeNull();
  });

  it("calls a pending message with failed attempts retrying", () => {
    expect(messageOutcome({ status: "pending", attempts: 0 })).toBe("pending");
    expect(messageOutcome({ status: "pending", attempts: 2 })).toBe("retrying");
    expect(messageOutcome({ status: "sent", attempts: 1 })).toBe("sent");
    expect(messageOutcome({ status: "failed", attempts: 1 })).toBe("failed");
    expect(messageOutcome({ status: "stopped", attempts: 0 })).toBe("stopped");
  });
});

describe("the messages the order's page lists", () => {
  let db: Kysely<Database>;
  const now = Date.parse("2026-12-01T08:00:00Z");

  beforeEach(async () => {
    db = await freshDatabase("messages-desk");
  });
  afterEach(() => db.destroy());

  it("lists the shopper's Telegram, SMS and e-mail, but not the owners' notice or a checkout code", async () => {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          deliveryTime: "05.12.26",
          phone: "+995 555 123 456",
          name: null,
          messenger: null,
          email: "nino@example.ge",
        },
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language: "ka",
        token: "messages-desk",
        titleLanguage: "ka",
      },
      {
        now,
        phoneHashKey: PHONE_HASH_KEY,
        telegram: {
          botToken: "123:abc",
          chatIds: ["-100"],
          deskChatIds: ["-100"],
          holdAfterRefusals: 2,
          phoneHashKey: PHONE_HASH_KEY,
          language: "ru",
        },
      },
    );
    if (!result.ok) throw new Error(result.error);
    const order = result.placed.order;
    const at = new Date(now).toISOString();
    const row = (topic: string, channel: "telegram" | "sms" | "email", to: string) => ({
      order_id: order.id,
      topic,
      channel,
      chat_id: to,
      text: `${topic} text`,
      subject: channel === "email" ? `${topic} subject` : null,
      next_attempt_at: at,
      created_at: at,
    });
    await db
      .insertInto("notifications")
      .values([
        row("status:1", "telegram", "5550001"),
        row(`received:${order.id}`, "sms", "995555123456"),
        row(`received:${order.id}`, "email", "nino@example.ge"),
        row(`desk-new:${order.id}`, "email", "owner@example.ge"),
        row(`desk-new:${order.id}`, "sms", "995599000111"),
        row("code:7", "sms", "995555123456"),
      ])
      .execute();
    const { messages } = await shopperChatOf(db, order.id);
    expect(messages.map((message) => [message.channel, message.chat_id])).toEqual([
      ["telegram", "5550001"],
      ["sms", "995555123456"],
      ["email", "nino@example.ge"],
    ]);
    expect(messages[2]).toMatchObject({
      subject: `received:${order.id} subject`,
      status: "pending",
      attempts: 0,
      last_error: null,
    });
  });
});
