import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { smsSegments } from "../../app/platform/sms-segments";
import { FakeSmsGateway, type SmsCall } from "../support/fake-sms-gateway";
import { SmtpSink } from "../support/smtp-sink";
import { signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { type ShopServer, freePort, startShop } from "./support/server";
import { runClockFrom, shopClockEnv } from "./support/shop-clock";
import { expect, test } from "./support/test";

// Every shopper hears from the shop without Telegram (D87): orders placed in Georgian and
// Arabic at 375 px, with and without JavaScript, get "received", "confirmed" and, at
// 09:00 on the delivery day, the cash to have ready, by SMS through a gateway speaking
// smsoffice.ge's API, each once and within two parts, in the order's language; the
// Georgian order's e-mails reach a real SMTP server with both parts and an unsubscribe
// header; a gateway that says "try later" three times still delivers once; `Stop
// messages` ends them. What arrived is read from the gateway and the SMTP server only.
// The shop runs under libfaketime: Tuesday 1 December 2026, 10:00 in Tbilisi, then 09:00
// on Wednesday, the delivery day.

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 375, height: 800 } });

const gateway = new FakeSmsGateway();
const smtp = new SmtpSink();
let server: ShopServer;
let clockFile: string;

const setClock = (tbilisi: string) => runClockFrom(clockFile, tbilisi);

test.beforeAll(async () => {
  await gateway.start();
  await smtp.start();
  const dir = mkdtempSync(join(tmpdir(), "shop-messages-"));
  clockFile = join(dir, "clock");
  setClock("2026-12-01T10:00:00");
  const port = await freePort();
  server = await startShop(
    {
      ORDER_RATE_LIMIT: "0",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMS_API_URL: gateway.url,
      SMS_API_KEY: gateway.key,
      SMS_SENDER: "Kolkhida",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Kolkhida <shop@kolkhida.example>",
      REVIEW_AFTER_DAYS: "0",
      ...shopClockEnv(clockFile),
    },
    dir,
    { port },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await gateway.stop();
  await smtp.stop();
});

type Lng = "ka" | "ar";
const say = (lng: Lng, key: string, values: Record<string, string>) =>
  Object.entries(values).reduce(
    (words, [name, value]) => words.replace(`{{${name}}}`, value),
    text(lng, "messages", key),
  );

/** A phone no other run uses, as the shopper types it and as the gateway gets it. */
function newPhone(): { typed: string; sms: string } {
  const digits = String(Date.now() % 1_000_000).padStart(6, "0");
  return { typed: `599 ${digits.slice(0, 3)} ${digits.slice(3)}`, sms: `995599${digits}` };
}

async function placeOrder(
  page: Page,
  lng: Lng,
  phone: string,
  email: string,
  javaScriptEnabled: boolean,
): Promise<string> {
  const cart = encodeURIComponent('[["body/hemor-cream",1]]');
  await page.context().addCookies([{ name: "cart_v1", value: cart, url: server.url }]);
  await page.goto(`${server.url}/checkout?lng=${lng}`);
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The checkout says what will come, and through what.
  await expect(page.locator(".order-summary__payment")).toContainText(
    text(lng, "checkout", "notice.email"),
  );
  await page.getByLabel(text(lng, "checkout", "fields.address")).fill(`Messages street 1 ${lng}`);
  await page.getByLabel(text(lng, "checkout", "fields.deliveryTime")).fill("02.12.26");
  await page.getByLabel(text(lng, "checkout", "fields.phone")).fill(phone);
  if (email) await page.getByLabel(text(lng, "checkout", "fields.email")).fill(email);
  await page.getByRole("button", { name: text(lng, "checkout", "submit") }).click();
  const number = page.locator(".thanks__number");
  await expect(number).toHaveText(/^\d{6}$/);
  return (await number.textContent())?.trim() ?? "";
}

async function moveInDesk(desk: Page, number: string, ...moves: RegExp[]) {
  await desk.goto(`${server.url}/desk/orders/${number}?lng=en`);
  for (const move of moves) {
    const heading = await desk.getByRole("heading", { level: 1 }).textContent();
    await desk.getByRole("button", { name: move }).click();
    await expect(desk.getByRole("heading", { level: 1 })).not.toHaveText(heading ?? "");
  }
}

/** The sign-in link is made by a command that must read the shop's clock, not the machine's. */
async function signInUnderShopClock(desk: Page) {
  const faked = shopClockEnv(clockFile);
  const before = Object.fromEntries(Object.keys(faked).map((name) => [name, process.env[name]]));
  Object.assign(process.env, faked);
  try {
    await signInToDesk(desk, "Nino", { url: server.url, dir: server.dir });
  } finally {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

const to = (phone: string) => gateway.received(phone);
const withText = (calls: SmsCall[], words: string) =>
  calls.filter((call) => call.content.startsWith(words));

test("SMS and e-mail from order to delivery, in Georgian and Arabic, once each", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000);
  const shopper = await (browser as Browser).newContext({ javaScriptEnabled });
  const page = await shopper.newPage();
  const ka = newPhone();
  const ar = newPhone();
  ar.typed = ar.typed.replace(/^599/, "598");
  ar.sms = ar.sms.replace(/^995599/, "995598");
  const email = `nino.${Date.now()}@example.ge`;

  // The gateway says "delayed, try later" to the next three calls: each of those
  // messages still arrives, once, after the outbox's backoff.
  gateway.failNext(-100, -100, -100);
  const kaNumber = await placeOrder(page, "ka", ka.typed, email, javaScriptEnabled);
  const arNumber = await placeOrder(page, "ar", ar.typed, "", javaScriptEnabled);

  const desk = await shopper.newPage();
  await signInUnderShopClock(desk);
  await moveInDesk(desk, kaNumber, /Confirm/);
  await moveInDesk(desk, arNumber, /Confirm/);

  const received = (lng: Lng, number: string) => say(lng, "sms.received", { number, total: "100" });
  const confirmed = (lng: Lng, number: string) =>
    say(lng, "sms.confirmed", {
      number,
      day: text(lng, "checkout", "weekday.3"),
      date: "02.12.26",
    });
  await expect
    .poll(() => withText(to(ka.sms), received("ka", kaNumber)).length, { timeout: 60_000 })
    .toBe(1);
  await expect.poll(() => withText(to(ar.sms), received("ar", arNumber)).length).toBe(1);
  await expect.poll(() => withText(to(ka.sms), confirmed("ka", kaNumber)).length).toBe(1);
  await expect.poll(() => withText(to(ar.sms), confirmed("ar", arNumber)).length).toBe(1);
  // Three calls were answered "try later"; each of those messages came once all the same.
  expect(gateway.calls.filter((call) => call.errorCode === -100)).toHaveLength(3);
  // Each links to the order's own page.
  const arLink = to(ar.sms)[0]?.content.split("\n").at(-1) ?? "";
  expect(arLink).toMatch(new RegExp(`^${server.url}/o/[\\w-]+$`));

  // 09:00 on the delivery day: the cash to have ready, in each order's language.
  setClock("2026-12-02T09:00:30");
  const morning = (lng: Lng, number: string) => say(lng, "sms.morning", { number, total: "100" });
  await expect
    .poll(() => withText(to(ka.sms), morning("ka", kaNumber)).length, { timeout: 90_000 })
    .toBe(1);
  await expect.poll(() => withText(to(ar.sms), morning("ar", arNumber)).length).toBe(1);

  // The Arabic shopper stops the messages from the order's page.
  await page.goto(`${arLink}?lng=ar`);
  await page.getByRole("link", { name: text("ar", "checkout", "track.stop") }).click();
  await page.getByRole("button", { name: text("ar", "checkout", "track.stop") }).click();
  await expect(page.getByText(text("ar", "checkout", "track.stopped"))).toBeVisible();
  await page.goto(`${arLink}?lng=ar`);
  await expect(page.getByText(text("ar", "checkout", "track.stoppedAlready"))).toBeVisible();

  // Both delivered, the Arabic first: the outbox sends in order, so once the Georgian
  // thanks arrived, the Arabic one would have too.
  await signInUnderShopClock(desk);
  await moveInDesk(desk, arNumber, /Shipped/, /Delivered/);
  await moveInDesk(desk, kaNumber, /Shipped/, /Delivered/);
  const thanks = (lng: Lng, number: string) => say(lng, "sms.deliveredReview", { number });
  await expect.poll(() => withText(to(ka.sms), thanks("ka", kaNumber)).length).toBe(1);
  expect(withText(to(ar.sms), thanks("ar", arNumber))).toEqual([]);

  // Each shopper's SMS once, and each within two parts.
  expect(to(ka.sms)).toHaveLength(4);
  expect(to(ar.sms)).toHaveLength(3);
  for (const call of [...to(ka.sms), ...to(ar.sms)]) {
    expect(smsSegments(call.content)).toBeLessThanOrEqual(2);
    expect(call).toMatchObject({ sender: "Kolkhida", urgent: "true" });
  }

  // The Georgian shopper's e-mails: the same four, each with a plain and an HTML part in
  // Georgian, and a one-click unsubscribe.
  await expect.poll(() => smtp.to(email).length).toBe(4);
  for (const mail of smtp.to(email)) {
    expect(mail.parsed.text).toContain(kaNumber);
    expect(mail.parsed.html).toContain('lang="ka"');
    expect(mail.parsed.html).toContain(kaNumber);
    expect(mail.parsed.headers.get("list")).toMatchObject({
      unsubscribe: { url: expect.stringMatching(/\/o\/[\w-]+\/stop$/) },
    });
  }
  expect(smtp.to(email).map((mail) => mail.parsed.subject)).toEqual(
    ["received", "confirmed", "morning", "delivered"].map((kind) =>
      say("ka", `email.subject.${kind}`, { number: kaNumber }),
    ),
  );
  await shopper.close();
});

test("the privacy page says this shop sends SMS and email, in Georgian and Arabic", async ({
  page,
}) => {
  for (const lng of ["ka", "ar"] as const) {
    await page.goto(`${server.url}/privacy?lng=${lng}`);
    const policy = page.locator(".policy");
    await expect(policy).toContainText(text(lng, "pages", "privacy.messagesState.both"));
    await expect(policy).not.toContainText(text(lng, "pages", "privacy.messagesState.off"));
  }
});
