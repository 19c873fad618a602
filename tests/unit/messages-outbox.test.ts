import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDispatcher } from "~/orders/dispatcher.server";
import { stopMessages } from "~/orders/message-stops.server";
import { queueMessages } from "~/orders/outbox.server";
import { createMailer } from "~/platform/mail.server";
import { createSmsGateway } from "~/platform/sms.server";
import type { Database } from "../../db/schema";
import { FakeSmsGateway } from "../support/fake-sms-gateway";
import { SmtpSink } from "../support/smtp-sink";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

// SMS and e-mail through the outbox (D87), against a gateway speaking smsoffice.ge's API
// and a real SMTP server, both on loopback: what arrived is read from them.
const gateway = new FakeSmsGateway();
const smtp = new SmtpSink();
const log = { info() {}, warn() {}, error() {} };
const PHONE = "995555123456";

beforeAll(async () => {
  await gateway.start();
  await smtp.start();
});
afterAll(async () => {
  await gateway.stop();
  await smtp.stop();
});

describe("SMS and e-mail through the outbox", () => {
  let db: Kysely<Database>;
  let clock: number;
  beforeEach(async () => {
    db = await freshDatabase();
    clock = Date.parse("2026-12-01T08:00:00Z");
    gateway.calls.length = 0;
    smtp.mails.length = 0;
  });
  afterEach(() => db.destroy());

  function dispatcher(options: { key?: string } = {}) {
    return createDispatcher({
      db,
      api: null,
      sms: createSmsGateway({
        url: gateway.url,
        key: options.key ?? gateway.key,
        sender: "Kolkhida",
      }),
      mailer: createMailer({ smtpUrl: smtp.url, from: "Shop <shop@example.ge>" }),
      stopKey: PHONE_HASH_KEY,
      now: () => clock,
      log,
    });
  }

  async function queue(topic: string, channel: "sms" | "email", to: string, text: string) {
    await db.transaction().execute((trx) =>
      queueMessages(trx, [
        {
          orderId: null,
          topic,
          channel,
          to,
          text,
          ...(channel === "email"
            ? {
                email: {
                  subject: "Order 1001",
                  html: "<p>Order <b>1001</b></p>",
                  headers: { "List-Unsubscribe": "<https://shop.example/o/t/stop>" },
                },
              }
            : {}),
          dueAt: clock,
          now: clock,
        },
      ]),
    );
  }

  const rows = () => db.selectFrom("notifications").selectAll().orderBy("id").execute();

  it("sends an SMS once, as the gateway's API takes it, and keeps its segments", async () => {
    await queue("received:1", "sms", PHONE, "Заказ 1001 принят. К оплате 145 GEL.");
    await queue("received:1", "sms", PHONE, "a second queueing of the same topic");
    const sender = dispatcher();
    await sender.tick();
    await sender.tick();
    expect(gateway.received()).toEqual([
      expect.objectContaining({
        destination: PHONE,
        sender: "Kolkhida",
        urgent: "true",
        content: "Заказ 1001 принят. К оплате 145 GEL.",
      }),
    ]);
    expect(await rows()).toMatchObject([{ status: "sent", channel: "sms", segments: 1 }]);
  });

  it("retries a delayed gateway with backoff and sends once", async () => {
    gateway.failNext(-100, -100, -100);
    await queue("received:2", "sms", PHONE, "Order 1002 received.");
    const sender = dispatcher();
    for (let round = 0; round < 6; round++) {
      await sender.tick();
      clock += 60 * 60 * 1000;
    }
    expect(gateway.calls.map((call) => call.errorCode)).toEqual([-100, -100, -100, 0]);
    expect(gateway.received()).toHaveLength(1);
    expect(await rows()).toMatchObject([{ status: "sent", attempts: 4, last_error: null }]);
  });

  it("records a permanent refusal without retrying it, and never the key", async () => {
    gateway.failNext(75);
    await queue("received:3", "sms", PHONE, "Order 1003 received.");
    const sender = dispatcher();
    await sender.tick();
    clock += 2 * 60 * 60 * 1000;
    await sender.tick();
    expect(gateway.calls).toHaveLength(1);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row?.last_error).toContain("stop list");

    await queue("received:4", "sms", PHONE, "Order 1004 received.");
    await dispatcher({ key: "a-wrong-key-0123456789" }).tick();
    const wrong = (await rows())[1];
    expect(wrong).toMatchObject({ status: "failed" });
    expect(wrong?.last_error).toContain("key");
    expect(wrong?.last_error).not.toContain("a-wrong-key-0123456789");
  });

  it("sends an e-mail with its plain and HTML parts and its unsubscribe header", async () => {
    await queue("received:5", "email", "Nino@Example.ge", "Order 1001 received.");
    await dispatcher().tick();
    const [mail] = smtp.to("nino@example.ge");
    expect(mail?.parsed.subject).toBe("Order 1001");
    expect(mail?.parsed.text?.trim()).toBe("Order 1001 received.");
    expect(mail?.parsed.html).toContain("<b>1001</b>");
    expect(mail?.parsed.headers.get("list")).toMatchObject({
      unsubscribe: { url: "https://shop.example/o/t/stop" },
    });
    expect(await rows()).toMatchObject([{ status: "sent", channel: "email" }]);
  });

  it("retries an SMTP server's 4xx and records its 5xx", async () => {
    smtp.rejectNext(451, 550);
    await queue("received:6", "email", "a@example.ge", "First.");
    const sender = dispatcher();
    await sender.tick();
    expect(await rows()).toMatchObject([{ status: "pending", attempts: 1 }]);
    clock += 60 * 60 * 1000;
    await sender.tick();
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(failed?.last_error).toContain("550");
    expect(failed?.last_error).not.toContain("a@example.ge");
    expect(smtp.mails).toHaveLength(0);
  });

  it("leaves unsent what a stopped phone or address would get, but still sends a code", async () => {
    await stopMessages(
      db,
      [
        { channel: "sms", to: PHONE },
        { channel: "email", to: "NINO@example.ge" },
      ],
      PHONE_HASH_KEY,
      clock,
    );
    await queue("review:7", "sms", PHONE, "Thank you!");
    await queue("review:7", "email", "nino@example.ge", "Thank you!");
    await queue("code:1", "sms", PHONE, "Your code: 123456");
    await dispatcher().tick();
    expect((await rows()).map((row) => [row.topic, row.channel, row.status])).toEqual([
      ["review:7", "sms", "stopped"],
      ["review:7", "email", "stopped"],
      ["code:1", "sms", "sent"],
    ]);
    expect(gateway.received().map((call) => call.content)).toEqual(["Your code: 123456"]);
    expect(smtp.mails).toHaveLength(0);
  });
});
