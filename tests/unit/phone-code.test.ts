import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CODE_LIFETIME_MS,
  codeState,
  codeWaitMs,
  needsCode,
  typedCode,
} from "~/checkout/phone-code";
import { createPhoneCodes, sweepPhoneCodes } from "~/checkout/phone-code.server";
import { createRateLimiter } from "~/checkout/rate-limit.server";
import { type CheckoutDeps, submitCheckout } from "~/checkout/submit.server";
import { defaultWeek, defaultZones } from "~/delivery/zones";
import { blockPhone, listBlockedPhones } from "~/orders/blocked.server";
import { createDispatcher } from "~/orders/dispatcher.server";
import { placeOrder } from "~/orders/place.server";
import { isoAt } from "~/platform/clock";
import { createSmsGateway } from "~/platform/sms.server";
import type { Database } from "../../db/schema";
import { FakeSmsGateway } from "../support/fake-sms-gateway";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

// The checkout's code by SMS (D87): who is asked, and a code's ten minutes, five tries,
// three an hour and replacement, with the shop's clock injected.

const START = Date.parse("2026-12-01T08:00:00Z");
const MINUTE = 60 * 1000;
const PHONE = "+995 555 123 456";

describe("who must give a code", () => {
  it("is nobody whatever the setting while SMS is off", () => {
    for (const ask of ["never", "refusers", "every"] as const)
      expect(needsCode(ask, 3, false)).toBe(false);
  });

  it("is everyone for `every`, a phone with a refusal for `refusers`, nobody for `never`", () => {
    expect(needsCode("every", 0, true)).toBe(true);
    expect(needsCode("refusers", 0, true)).toBe(false);
    expect(needsCode("refusers", 1, true)).toBe(true);
    expect(needsCode("never", 4, true)).toBe(false);
  });
});

describe("a code's rules", () => {
  const row = {
    created_at: isoAt(START),
    expires_at: isoAt(START + CODE_LIFETIME_MS),
    tries: 0,
    used_at: null,
    invalidated_at: null,
  };

  it("reads six digits however they were typed", () => {
    expect(typedCode(" 123 456 ")).toBe("123456");
    expect(typedCode("١٢٣-٤٥٦")).toBe("123456");
    expect(typedCode("12345")).toBeNull();
    expect(typedCode("12345a")).toBeNull();
  });

  it("works ten minutes and five wrong tries, until used or replaced", () => {
    expect(codeState(row, START + CODE_LIFETIME_MS - 1)).toBe("live");
    expect(codeState(row, START + CODE_LIFETIME_MS)).toBe("expired");
    expect(codeState({ ...row, tries: 4 }, START)).toBe("live");
    expect(codeState({ ...row, tries: 5 }, START)).toBe("blocked");
    expect(codeState({ ...row, used_at: isoAt(START) }, START)).toBe("gone");
    expect(codeState({ ...row, invalidated_at: isoAt(START) }, START)).toBe("gone");
  });

  it("lets three codes go within any hour", () => {
    const sent = [START, START + 10 * MINUTE, START + 20 * MINUTE].map(isoAt);
    expect(codeWaitMs(sent.slice(0, 2), START + 30 * MINUTE)).toBe(0);
    expect(codeWaitMs(sent, START + 30 * MINUTE)).toBe(30 * MINUTE);
    expect(codeWaitMs(sent, START + 60 * MINUTE)).toBe(0);
  });
});

describe("codes sent and checked", () => {
  const gateway = new FakeSmsGateway();
  let db: Kysely<Database>;
  let clock: number;
  let codes: string[];
  let queued: number;

  beforeAll(() => gateway.start());
  afterAll(() => gateway.stop());
  beforeEach(async () => {
    db = await freshDatabase("codes");
    clock = START;
    codes = [];
    queued = 0;
    gateway.calls.length = 0;
  });
  afterEach(() => db.destroy());

  let counter = 0;
  function service() {
    return createPhoneCodes({
      db,
      now: () => clock,
      key: PHONE_HASH_KEY,
      text: (code, language) => `${language}: ${code}`,
      onQueued: () => queued++,
      generate: () => {
        const code = String(100000 + ++counter);
        codes.push(code);
        return code;
      },
    });
  }

  it("sends a code by SMS through the outbox, keeps only its hash, and keeps neither code nor number once sent", async () => {
    const sent = await service().send(PHONE, "ka", { fresh: true });
    expect(sent).toMatchObject({ ok: true, fresh: true });
    expect(queued).toBe(1);
    const [code] = codes;
    const [row] = await db.selectFrom("phone_codes").selectAll().execute();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row?.phone_key).not.toContain("555123456");

    await createDispatcher({
      db,
      api: null,
      sms: createSmsGateway({ url: gateway.url, key: gateway.key, sender: "Kolkhida" }),
      now: () => clock,
      log: { info() {}, warn() {}, error() {} },
    }).tick();
    expect(gateway.received("995555123456").map((call) => call.content)).toEqual([`ka: ${code}`]);
    const outbox = await db.selectFrom("notifications").selectAll().execute();
    const [sms] = outbox;
    expect(outbox).toMatchObject([
      { topic: `code:${row?.id}`, status: "sent", text: "", chat_id: `removed:${sms?.id}` },
    ]);
  });

  it("takes the right code once, and gives it back when its order was not placed", async () => {
    const codesOf = service();
    await codesOf.send(PHONE, "en", { fresh: true });
    const checked = await codesOf.check(PHONE, codes[0] ?? "");
    expect(checked).toMatchObject({ ok: true });
    expect(await codesOf.check(PHONE, codes[0] ?? "")).toEqual({ ok: false, reason: "expired" });
    if (checked.ok) await codesOf.release(checked.id);
    expect(await codesOf.check(PHONE, codes[0] ?? "")).toMatchObject({ ok: true });
  });

  it("keeps a working code rather than sending another, unless a new one is asked for", async () => {
    const codesOf = service();
    const first = await codesOf.send(PHONE, "en", { fresh: false });
    const again = await codesOf.send(PHONE, "en", { fresh: false });
    expect(again).toEqual({ ok: true, id: first.ok ? first.id : -1, fresh: false });
    expect(codes).toHaveLength(1);
    expect(queued).toBe(1);
  });

  it("stops working after ten minutes", async () => {
    const codesOf = service();
    await codesOf.send(PHONE, "en", { fresh: true });
    clock += CODE_LIFETIME_MS;
    expect(await codesOf.check(PHONE, codes[0] ?? "")).toEqual({ ok: false, reason: "expired" });
    // A new submission then gets a new code.
    expect(await codesOf.send(PHONE, "en", { fresh: false })).toMatchObject({ fresh: true });
  });

  it("counts wrong tries and ends the code at the fifth, the right one included", async () => {
    const codesOf = service();
    await codesOf.send(PHONE, "en", { fresh: true });
    const wrong = codes[0] === "000000" ? "000001" : "000000";
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await codesOf.check(PHONE, wrong));
    expect(answers).toEqual([
      { ok: false, reason: "wrong", triesLeft: 4 },
      { ok: false, reason: "wrong", triesLeft: 3 },
      { ok: false, reason: "wrong", triesLeft: 2 },
      { ok: false, reason: "wrong", triesLeft: 1 },
      { ok: false, reason: "blocked" },
    ]);
    expect(await codesOf.check(PHONE, codes[0] ?? "")).toEqual({ ok: false, reason: "blocked" });
    // A new code works again.
    await codesOf.send(PHONE, "en", { fresh: false });
    expect(await codesOf.check(PHONE, codes[1] ?? "")).toMatchObject({ ok: true });
  });

  it("replaces the code before with a new one", async () => {
    const codesOf = service();
    await codesOf.send(PHONE, "en", { fresh: true });
    await codesOf.send(PHONE, "en", { fresh: true });
    expect(await codesOf.check(PHONE, codes[0] ?? "")).toMatchObject({ reason: "wrong" });
    expect(await codesOf.check(PHONE, codes[1] ?? "")).toMatchObject({ ok: true });
  });

  it("sends a phone at most three codes an hour; another phone is not held up", async () => {
    const codesOf = service();
    for (let sent = 0; sent < 3; sent++) {
      expect(await codesOf.send(PHONE, "en", { fresh: true })).toMatchObject({ ok: true });
      clock += 5 * MINUTE;
    }
    expect(await codesOf.send(PHONE, "en", { fresh: true })).toEqual({
      ok: false,
      retryAfterSeconds: 45 * 60,
    });
    expect(await codesOf.send("+995 599 000 111", "en", { fresh: true })).toMatchObject({
      ok: true,
    });
    expect(queued).toBe(4);
    clock = START + 60 * MINUTE + 1;
    expect(await codesOf.send(PHONE, "en", { fresh: true })).toMatchObject({ ok: true });
  });

  it("keeps a code at most an hour, used or not, even when no other code is sent", async () => {
    await service().send(PHONE, "ka", { fresh: true });
    const left = () => db.selectFrom("phone_codes").select("id").execute();
    await sweepPhoneCodes(db, START + 60 * MINUTE - 1);
    expect(await left()).toHaveLength(1);
    await sweepPhoneCodes(db, START + 60 * MINUTE);
    expect(await left()).toEqual([]);
  });

  it("asks a phone with a refused parcel under `refusers`, everyone under `every`", async () => {
    const codesOf = service();
    const placed = await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          deliveryTime: "05.12.26",
          phone: PHONE,
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language: "ka",
        token: "token-refused-aaaaaaaaaaaa",
        titleLanguage: "ru",
      },
      { now: START, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!placed.ok) throw new Error(placed.error);
    expect(await codesOf.required("refusers", PHONE)).toBe(false);
    await db.updateTable("orders").set({ status: "refused" }).execute();
    expect(await codesOf.required("refusers", PHONE)).toBe(true);
    expect(await codesOf.required("refusers", "+995 599 000 111")).toBe(false);
    expect(await codesOf.required("every", "+995 599 000 111")).toBe(true);
    expect(await codesOf.required("never", PHONE)).toBe(false);
  });
});

describe("the checkout with a code", () => {
  let db: Kysely<Database>;
  let codes: string[];
  beforeEach(async () => {
    db = await freshDatabase("code-checkout");
    codes = [];
  });
  afterEach(() => db.destroy());

  function deps(ask: "never" | "every" = "every", limit = 10): CheckoutDeps {
    const now = () => START;
    return {
      db,
      now,
      takingOrders: true,
      shopPhone: null,
      delivery: { from: null, until: null },
      zones: defaultZones,
      week: defaultWeek,
      telegram: {
        botToken: null,
        chatIds: [],
        deskChatIds: [],
        holdAfterRefusals: 2,
        phoneHashKey: PHONE_HASH_KEY,
        language: "ru",
      },
      rateLimiter: createRateLimiter(db, () => limit, now),
      codes: {
        ask,
        service: createPhoneCodes({
          db,
          now,
          key: PHONE_HASH_KEY,
          text: (code) => code,
          generate: () => {
            codes.push(String(200000 + codes.length));
            return codes.at(-1) ?? "";
          },
        }),
      },
    };
  }

  const submission = (
    fields: Record<string, string> = {},
    cart = [{ key: "body/hemor-cream", qty: 1 }],
  ) => ({
    form: new URLSearchParams({
      token: "token-0123456789abcdef",
      address: "Rustaveli 1",
      phone: PHONE,
      deliveryTime: "03.12.26",
      messenger: "",
      email: "",
      ...fields,
    }),
    cart,
    language: "ka",
    client: "ip:203.0.113.7",
  });
  const orders = async () => (await db.selectFrom("orders").select("id").execute()).length;

  it("sends no code to a blocked number: the neutral answer, the try counted, nothing else stored", async () => {
    await blockPhone(
      db,
      { phone: PHONE, reason: "Fake orders", actor: { staffId: null, name: "Owner" } },
      START,
    );
    expect(await submitCheckout(deps(), submission())).toMatchObject({
      status: "refused",
      httpStatus: 403,
      error: { message: "errors.unavailableNoPhone" },
    });
    expect(codes).toEqual([]);
    expect(await db.selectFrom("notifications").select("id").execute()).toEqual([]);
    expect(await orders()).toBe(0);
    expect(await listBlockedPhones(db)).toMatchObject([{ attempts: 1 }]);
  });

  it("places nothing until the right code comes with the form, and places it once", async () => {
    expect(await submitCheckout(deps(), submission())).toMatchObject({
      status: "code",
      httpStatus: 200,
      step: { reason: "sent", phone: PHONE },
      token: "token-0123456789abcdef",
    });
    // The form sent again: the code sent before still works, and no other goes.
    expect(await submitCheckout(deps(), submission())).toMatchObject({ step: { reason: "kept" } });
    expect(codes).toHaveLength(1);
    expect(await submitCheckout(deps(), submission({ code: "12a456" }))).toMatchObject({
      httpStatus: 400,
      step: { reason: "format" },
    });
    expect(await submitCheckout(deps(), submission({ code: "999999" }))).toMatchObject({
      step: { reason: "wrong", triesLeft: 4 },
    });
    expect(await orders()).toBe(0);

    // Right, but the order is not placed (the cart emptied meanwhile): the code is given back.
    const code = codes[0] ?? "";
    expect(await submitCheckout(deps(), submission({ code }, []))).toEqual({
      status: "emptyCart",
    });
    expect(await submitCheckout(deps(), submission({ code }))).toMatchObject({ status: "placed" });
    // Sent twice: the first order, no code asked again.
    expect(await submitCheckout(deps(), submission({ code }))).toMatchObject({ status: "placed" });
    expect(await submitCheckout(deps(), submission())).toMatchObject({ status: "placed" });
    expect(await orders()).toBe(1);
  });

  it("sends a new code on Send a new code, within three an hour", async () => {
    await submitCheckout(deps(), submission());
    const resend = submission({ intent: "codeResend", code: "" });
    expect(await submitCheckout(deps(), resend)).toMatchObject({ step: { reason: "resent" } });
    expect(await submitCheckout(deps(), resend)).toMatchObject({ step: { reason: "resent" } });
    expect(await submitCheckout(deps(), resend)).toMatchObject({
      httpStatus: 429,
      step: { reason: "limit", retryAfterSeconds: 3600 },
    });
    expect(codes).toHaveLength(3);
  });

  it("counts a form that says it brings a code but needed none, as any order", async () => {
    const withCode = (token: string) =>
      submission({ token: `token-${token}-0123456789`, code: "123456" });
    expect(await submitCheckout(deps("never", 1), withCode("a"))).toMatchObject({
      status: "placed",
    });
    expect(await submitCheckout(deps("never", 1), withCode("b"))).toMatchObject({
      status: "refused",
      httpStatus: 429,
    });
  });
});
