import { describe, expect, it } from "vitest";
import { destinationOf, failureReason, messageOutcome } from "~/desk/message-outcome";

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
    // Isolated (U+2068 … U+2069), a number starting with a left-to-right mark.
    expect(destinationOf("sms", "995555123456")).toBe("\u2068\u200e+995 555 123 456\u2069");
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
