import { join } from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { FakeSmsGateway } from "../support/fake-sms-gateway";
import { SmtpSink } from "../support/smtp-sink";
import { signInToDesk, uniquePhone } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// How owners and staff see the shop's SMS and e-mail (D87), in Georgian and Arabic on a
// phone, with and without JavaScript: Health's figures for each channel with the newest
// failure's reason and its order, and the order's page with every message, where it
// went, how it stands, and a failure that will not mend itself said at the top. The rows
// are left in the outbox as the dispatcher leaves them; the shop of its own has SMS and
// e-mail on, through a gateway and an SMTP server on loopback.
test.describe.configure({ mode: "serial" });

const PHONE_SCREEN = { width: 375, height: 800 };
const EMAIL = "nino.messages@example.ge";

const gateway = new FakeSmsGateway();
const smtp = new SmtpSink();

test.beforeAll(async () => {
  await gateway.start();
  await smtp.start();
});

test.afterAll(async () => {
  await gateway.stop();
  await smtp.stop();
});

/** A desk text with its values put in, as the page shows it. */
function desk(language: string, key: string, values: Record<string, string | number> = {}) {
  return text(language, "desk", key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? `{{${name}}}`),
  );
}

/** A desk text up to its first value: what a reader sees whatever the date or reason. */
const lead = (language: string, key: string) => desk(language, key).split("{{")[0] ?? "";

function withDatabase<T>(shop: ShopServer, work: (db: Database.Database) => T): T {
  const db = new Database(join(shop.dir, "shop.sqlite"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * The order's messages as the dispatcher leaves them: an SMS sent in one segment, one the
 * gateway refused for good (code 75: the number is stop-listed), an e-mail not sent since
 * the shopper asked for no more, and one waiting for its third try after the mail server
 * asked to try later. Whatever the shop queued itself under the same names is overwritten.
 */
function seedMessages(shop: ShopServer, order: { id: number; delivery_date: string }, sms: string) {
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const rows = [
    {
      topic: `received:${order.id}`,
      channel: "sms",
      chat_id: sms,
      text: "Order received",
      subject: null,
      status: "sent",
      attempts: 1,
      last_error: null,
      segments: 1,
      sent_at: at(-30),
      next_attempt_at: at(-30),
      created_at: at(-30),
    },
    {
      topic: `morning:${order.id}:${order.delivery_date}`,
      channel: "sms",
      chat_id: sms,
      text: "The courier comes today",
      subject: null,
      status: "failed",
      attempts: 1,
      last_error: "gateway code 75: the number is on the gateway's stop list",
      segments: null,
      sent_at: null,
      next_attempt_at: at(-19),
      created_at: at(-20),
    },
    {
      topic: `received:${order.id}`,
      channel: "email",
      chat_id: EMAIL,
      text: "Order received",
      subject: "Stopped subject",
      status: "stopped",
      attempts: 0,
      last_error: null,
      segments: null,
      sent_at: null,
      next_attempt_at: at(-30),
      created_at: at(-30),
    },
    {
      topic: `review:${order.id}`,
      channel: "email",
      chat_id: EMAIL,
      text: "How was it?",
      subject: "Waiting subject",
      status: "pending",
      attempts: 2,
      last_error: "SMTP 451: Try again later",
      segments: null,
      sent_at: null,
      // Its next try is an hour away: the shop's own dispatcher leaves it be meanwhile.
      next_attempt_at: at(60),
      created_at: at(-10),
    },
  ];
  withDatabase(shop, (db) => {
    const upsert = db.prepare(`
      insert into notifications (order_id, topic, channel, chat_id, text, subject, status,
        attempts, last_error, segments, sent_at, next_attempt_at, created_at, reply_markup)
      values (@order_id, @topic, @channel, @chat_id, @text, @subject, @status, @attempts,
        @last_error, @segments, @sent_at, @next_attempt_at, @created_at, null)
      on conflict (topic, chat_id) do update set channel = excluded.channel,
        text = excluded.text, subject = excluded.subject, status = excluded.status,
        attempts = excluded.attempts, last_error = excluded.last_error,
        segments = excluded.segments, sent_at = excluded.sent_at,
        next_attempt_at = excluded.next_attempt_at, created_at = excluded.created_at,
        claimed_by = null, claimed_until = null`);
    for (const row of rows) upsert.run({ order_id: order.id, ...row });
  });
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE_SCREEN.width,
  );
}

test("Health and the order's page show each SMS and e-mail with its outcome, in Georgian and Arabic", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const shop = await startShop({
    SMS_API_URL: gateway.url,
    SMS_API_KEY: gateway.key,
    SMS_SENDER: "Kolkhida",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Kolkhida <shop@example.ge>",
  });
  try {
    const phone = uniquePhone();
    const sms = phone.replace(/\D/g, "");
    const number = await placeOrderOverHttp(shop.url, uniqueAddress("Messages"), phone, "ka");
    const order = withDatabase(
      shop,
      (db) =>
        db
          .prepare("select id, delivery_date from orders where order_number = ?")
          .get(Number(number)) as { id: number; delivery_date: string },
    );
    // Whatever the shop queued for the order itself has gone out before the rows are laid.
    await expect
      .poll(() =>
        withDatabase(
          shop,
          (db) =>
            (
              db
                .prepare(
                  "select count(*) as n from notifications where order_id = ? and status = 'pending'",
                )
                .get(order.id) as { n: number }
            ).n,
        ),
      )
      .toBe(0);
    seedMessages(shop, order, sms);

    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Tamar", { url: shop.url, dir: shop.dir }, "owner");
    for (const lng of ["ka", "ar"]) {
      await page.goto(`${shop.url}/desk/health?lng=${lng}`);
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(desk(lng, "health.title"));

      // SMS: one failed for good, said with its reason in the reader's words and its order.
      const smsFigure = page.locator('[data-figure="sms"]');
      await expect(smsFigure).toHaveClass(/desk-figure--alert/);
      await expect(smsFigure.locator("dt")).toHaveText(desk(lng, "health.sms"));
      await expect(smsFigure.locator(".desk-figure__value")).toHaveText(
        desk(lng, "health.messagesValue", { pending: 0, failed: 1 }),
      );
      await expect(smsFigure).toContainText(lead(lng, "health.newestFailure"));
      await expect(smsFigure).toContainText(desk(lng, "shopMessages.reasons.stopListed"));
      await expect(smsFigure).not.toContainText("gateway code");
      const orderLink = smsFigure.getByRole("link", {
        name: desk(lng, "order.number", { number }),
      });
      await expect(orderLink).toHaveAttribute("href", `/desk/orders/${number}`);

      // E-mail: one waiting, none failed, one the shopper stopped.
      const emailFigure = page.locator('[data-figure="email"]');
      await expect(emailFigure).not.toHaveClass(/desk-figure--alert/);
      await expect(emailFigure.locator(".desk-figure__value")).toHaveText(
        desk(lng, "health.messagesValue", { pending: 1, failed: 0 }),
      );
      await expect(emailFigure).toContainText(desk(lng, "health.messagesStopped", { stopped: 1 }));
      // Telegram's own figures say what they said: no bot here, so it is off.
      await expect(page.locator('[data-figure="notifications"]')).toContainText(
        desk(lng, "health.notificationsOff"),
      );
      await fitsThePhone(page);

      // The order, from the failure's link: the failure first, then every message.
      await orderLink.click();
      await expect(page).toHaveURL(new RegExp(`/desk/orders/${number}$`));
      const notice = page.locator("[data-message-failed]");
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText(lead(lng, "shopMessages.notDelivered"));
      await expect(notice).toContainText(phone);
      await expect(notice).toContainText(desk(lng, "shopMessages.reasons.stopListed"));

      await expect(
        page.getByRole("heading", { level: 2, name: desk(lng, "shopMessages.title") }),
      ).toBeVisible();
      const list = page.locator("h3 + .desk-timeline li");
      await expect(list).toHaveCount(4);
      const sent = list.and(page.locator('[data-channel="sms"][data-outcome="sent"]'));
      await expect(sent).toContainText(lead(lng, "shopMessages.to.sms"));
      await expect(sent).toContainText(phone);
      await expect(sent).toContainText(lead(lng, "shopMessages.state.sent"));
      await expect(sent).toContainText("Order received");
      const failed = list.and(page.locator('[data-channel="sms"][data-outcome="failed"]'));
      await expect(failed).toContainText(lead(lng, "shopMessages.state.failed"));
      await expect(failed).toContainText(desk(lng, "shopMessages.reasons.stopListed"));
      const stopped = list.and(page.locator('[data-channel="email"][data-outcome="stopped"]'));
      await expect(stopped).toContainText(EMAIL);
      await expect(stopped).toContainText(desk(lng, "shopMessages.state.stopped"));
      await expect(stopped).toContainText("Stopped subject");
      const retrying = list.and(page.locator('[data-channel="email"][data-outcome="retrying"]'));
      await expect(retrying).toContainText(lead(lng, "shopMessages.to.email"));
      await expect(retrying).toContainText(
        desk(lng, "shopMessages.state.retrying", {
          attempts: 2,
          reason: desk(lng, "shopMessages.reasons.mailLater"),
        }),
      );
      await fitsThePhone(page);
    }
  } finally {
    await shop.stop();
  }
});
