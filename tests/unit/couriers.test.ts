import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ORIGIN_COOKIE,
  originCookieOf,
  originOf,
  readOrigin,
  rememberOrigin,
  writeOrigin,
} from "~/analytics/origin";
import { activityMark } from "~/content/activity.server";
import { closeDay, courierDays, handOver, receiveCash, reportParcel } from "~/couriers/cash.server";
import { saveCourier } from "~/couriers/couriers.server";
import { cashInput, dayFigures, parseCash, refusalRate } from "~/couriers/model";
import { buildReport } from "~/couriers/reports.server";
import { dueMonday, queueWeeklySummary } from "~/couriers/weekly.server";
import { findOrCreateStaff } from "~/desk/auth.server";
import {
  changeOrderStatus,
  latestStatusEvent,
  undoStatusChange,
} from "~/orders/change-status.server";
import { createDispatcher } from "~/orders/dispatcher.server";
import { renderOrderMessage } from "~/orders/message.server";
import { placeOrder } from "~/orders/place.server";
import { createBotApi } from "~/platform/bot-api.server";
import { shareableUrl } from "~/platform/page-cache.server";
import { createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";
import { freshTarget } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

// Wednesday 25 November 2026, 10:00 in Tbilisi.
const NOW = Date.parse("2026-11-25T06:00:00Z");
const HOUR = 60 * 60 * 1000;
const chat = {
  deskChatIds: ["-100"],
  holdAfterRefusals: 2,
  phoneHashKey: PHONE_HASH_KEY,
  language: "en" as const,
};
const THURSDAY = { year: 2026, month: 11, day: 26 };
const FRIDAY = { year: 2026, month: 11, day: 27 };

describe("a courier's day in figures", () => {
  it("expects the cash of what went out, less the parcels nobody was home for", () => {
    const figures = dayFigures(
      [
        { amount: 10000, outcome: "delivered" },
        { amount: 20000, outcome: "refused" },
        { amount: 30000, outcome: "not_home" },
        { amount: 40000, outcome: null },
      ],
      5000,
    );
    expect(figures).toMatchObject({
      parcels: 4,
      delivered: 1,
      refused: 1,
      notHome: 1,
      open: 1,
      expected: 70000,
      collected: 10000,
      received: 5000,
      difference: -5000,
    });
    expect(dayFigures([], null).difference).toBeNull();
  });

  it("reads cash as people type it, and nothing else", () => {
    expect(parseCash("150")).toBe(15000);
    expect(parseCash(" 150,5 ")).toBe(15050);
    expect(parseCash("1 250.75")).toBe(125075);
    expect(parseCash("-5")).toBeNull();
    expect(parseCash("12.345")).toBeNull();
    expect(parseCash("abc")).toBeNull();
    // Typed on an Arabic or Persian keyboard, with its decimal and thousands separators.
    expect(parseCash("١٥٠٫٥٠")).toBe(15050);
    expect(parseCash("١٬٢٥٠")).toBe(125000);
    expect(parseCash("۱۵۰,۵")).toBe(15050);
    expect(parseCash("١٥٠x")).toBeNull();
    expect(cashInput(15050)).toBe("150.50");
    expect(cashInput(15000)).toBe("150");
  });

  it("rates refusals among parcels that reached a door", () => {
    expect(refusalRate(3, 1)).toBe(0.25);
    expect(refusalRate(0, 0)).toBeNull();
  });
});

describe("where a visit came from", () => {
  const page = (path: string) => new URL(`https://shop.ge${path}`);

  it("keeps the first utm tags, or another site's host", () => {
    expect(
      originOf(page("/?utm_source=Instagram&utm_medium=story&utm_campaign=Winter 26"), null),
    ).toEqual({
      source: "instagram",
      medium: "story",
      campaign: "winter_26",
    });
    expect(originOf(page("/catalog"), "https://www.facebook.com/some/post")).toEqual({
      source: "facebook.com",
      medium: "referral",
      campaign: null,
    });
    expect(originOf(page("/catalog"), "https://shop.ge/")).toBeNull();
    expect(originOf(page("/"), null)).toBeNull();
  });

  it("round-trips through its cookie and refuses what it did not write", () => {
    const origin = { source: "instagram", medium: "story", campaign: null };
    expect(readOrigin(writeOrigin(origin))).toEqual(origin);
    expect(readOrigin("garbage")).toBeNull();
    expect(readOrigin("%E0%A4%A|x|y")).toBeNull();
    expect(originCookieOf(`lng=ka; ${ORIGIN_COOKIE}=a|b|c`)).toBe("a|b|c");
  });

  it("is remembered once a visit, on pages only, and leaves the page cache alone", () => {
    const first = new Request("https://shop.ge/?utm_source=instagram");
    expect(rememberOrigin(first)).toMatch(
      /^origin=instagram\|\|; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    const again = new Request("https://shop.ge/?utm_source=tiktok", {
      headers: { Cookie: "origin=instagram||" },
    });
    expect(rememberOrigin(again)).toBeNull();
    expect(rememberOrigin(new Request("https://shop.ge/catalog.data?utm_source=x"))).toBeNull();
    expect(rememberOrigin(new Request("https://shop.ge/desk?utm_source=x"))).toBeNull();
    // A visitor carrying it still gets the page every first-time visitor gets.
    expect(shareableUrl(again)?.pathname).toBe("/");
  });
});

describe("couriers, hand-offs and cash", () => {
  let db: Kysely<Database>;
  let target: Awaited<ReturnType<typeof freshTarget>>;
  const owner = { name: "Nino", staffId: 1 };
  const staff = { name: "Giorgi", staffId: 2 };

  beforeEach(async () => {
    target = await freshTarget("couriers");
    db = createDatabase(target);
    await migrateToLatest(db);
    await findOrCreateStaff(db, "Nino", NOW);
    await findOrCreateStaff(db, "Giorgi", NOW);
  });

  afterEach(async () => {
    await db.destroy();
  });

  let tokens = 0;
  async function order(
    options: {
      qty?: number;
      language?: string;
      source?: string;
      at?: number;
      delivery?: string;
    } = {},
  ) {
    const result = await placeOrder(
      db,
      {
        values: {
          address: `Street ${tokens + 1}`,
          phone: `+995 555 000 ${String(100 + tokens).slice(-3)}`,
          deliveryTime: options.delivery ?? "26.11.26",
          name: `Buyer ${tokens + 1}`,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: options.qty ?? 1 }],
        language: options.language ?? "ka",
        token: `courier-token-${String(++tokens).padStart(12, "0")}`,
        titleLanguage: "en",
        origin: options.source ? { source: options.source, medium: null, campaign: null } : null,
      },
      { now: options.at ?? NOW - 20 * HOUR, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!result.ok) throw new Error(result.error);
    await changeOrderStatus(
      db,
      { orderNumber: result.placed.order.order_number, to: "confirmed", actor: staff },
      NOW - 10 * HOUR,
      chat,
    );
    return result.placed.order.order_number;
  }

  async function courier(name: string, phone: string) {
    const saved = await saveCourier(db, { id: null, name, phone, active: true, actor: owner }, NOW);
    if (!saved.ok) throw new Error(saved.problem);
    return saved.id;
  }

  const orderRow = (number: number) =>
    db
      .selectFrom("orders")
      .selectAll()
      .where("order_number", "=", number)
      .executeTakeFirstOrThrow();
  const parcelOf = async (number: number, day = "2026-11-26") => {
    const row = await db
      .selectFrom("handoffs")
      .innerJoin("orders", "orders.id", "handoffs.order_id")
      .select("handoffs.id")
      .where("orders.order_number", "=", number)
      .where("handoffs.day", "=", day)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const report = (
    number: number,
    input: Parameters<typeof reportParcel>[1]["report"],
    at = NOW + 8 * HOUR,
  ) =>
    parcelOf(number).then((handoffId) =>
      reportParcel(db, { handoffId, report: input, actor: staff, owner: false }, at, chat),
    );

  it("refuses a courier's save from a page read before another's change to that courier", async () => {
    const id = await courier("Levan", "0599 123 456");
    const other = await courier("Dato", "0599 222 333");
    const read = await activityMark(db);
    const save = (courierId: number, name: string, phone: string, revision: number) =>
      saveCourier(db, { id: courierId, name, phone, active: true, actor: owner, revision }, NOW);
    expect(await save(id, "Levan", "0599 111 111", read)).toEqual({ ok: true, id });
    // Another courier's change does not make this page stale; the same courier's does.
    expect(await save(other, "Dato B.", "0599 222 333", read)).toEqual({ ok: true, id: other });
    expect(await save(id, "Levan K.", "0599 123 456", read)).toEqual({
      ok: false,
      problem: "stale",
    });
    expect(await save(id, "Levan K.", "0599 111 111", await activityMark(db))).toEqual({
      ok: true,
      id,
    });
  });

  it("keeps a courier's phone in one spelling and refuses what is not a courier", async () => {
    expect(
      await saveCourier(
        db,
        { id: null, name: " ", phone: "599123456", active: true, actor: owner },
        NOW,
      ),
    ).toEqual({ ok: false, problem: "name" });
    expect(
      await saveCourier(
        db,
        { id: null, name: "Levan", phone: "12", active: true, actor: owner },
        NOW,
      ),
    ).toEqual({ ok: false, problem: "phone" });
    const id = await courier("Levan", "0599 123 456");
    const row = await db
      .selectFrom("couriers")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe("+995 599 123 456");
    await saveCourier(
      db,
      { id, name: "Levan", phone: "599123456", active: false, actor: owner },
      NOW + HOUR,
    );
    const trail = await db
      .selectFrom("activity")
      .select(["field", "before", "after"])
      .where("subject_type", "=", "courier")
      .orderBy("id")
      .execute();
    expect(trail.at(-1)).toEqual({ field: "active", before: "active", after: "inactive" });
    // An inactive courier takes nothing.
    const number = await order();
    expect(
      await handOver(
        db,
        { courierId: id, day: THURSDAY, orderNumbers: [number], actor: staff },
        NOW,
        chat,
      ),
    ).toEqual({ outcome: "courier" });
    expect((await orderRow(number)).status).toBe("confirmed");
  });

  it("runs two couriers' day from hand-off to closed cash, and the numbers agree with the orders", async () => {
    const levan = await courier("Levan", "599 111 111");
    const dato = await courier("Dato", "599 222 222");
    // Eight orders for Thursday, one from an Instagram visit, one in Russian; two jars in some.
    const a = [
      await order({ qty: 2, source: "instagram" }),
      await order(),
      await order({ qty: 3 }),
      await order(),
      await order({ language: "ru" }),
    ];
    const b = [await order(), await order({ qty: 2 }), await order()];
    const tomorrowOnly = await order({ delivery: "27.11.26" });

    const first = await handOver(
      db,
      { courierId: levan, day: THURSDAY, orderNumbers: [...a, 999_999], actor: staff },
      NOW,
      chat,
    );
    expect(first).toEqual({
      outcome: "done",
      handed: a,
      kept: [{ orderNumber: 999_999, status: null }],
    });
    // Nobody hands the same parcel over twice, to the same courier or another.
    const second = await handOver(
      db,
      { courierId: dato, day: THURSDAY, orderNumbers: [...b, a[0] as number], actor: staff },
      NOW,
      chat,
    );
    expect(second).toEqual({
      outcome: "done",
      handed: b,
      kept: [{ orderNumber: a[0], status: "shipped" }],
    });
    expect((await orderRow(a[0] as number)).courier_id).toBe(levan);
    expect((await orderRow(tomorrowOnly)).status).toBe("confirmed");

    // The manifest: every parcel and the cash each courier brings back.
    const totals = async (numbers: number[]) => {
      let sum = 0;
      for (const number of numbers) sum += (await orderRow(number)).total;
      return sum;
    };
    const [levanDay] = await courierDays(db, "2026-11-26", levan);
    expect(levanDay?.parcels.map((parcel) => parcel.orderNumber)).toEqual(a);
    expect(levanDay?.figures.expected).toBe(await totals(a));
    expect(levanDay?.parcels[0]?.items).toEqual([
      { key: "body/hemor-cream", title: expect.any(String), qty: 2 },
    ]);
    // The message names the courier.
    const message = await renderOrderMessage(db, await orderRow(a[0] as number), chat);
    expect(message.text).toContain("Levan, +995 599 111 111");

    // Levan: delivered but one refusal and one nobody home (moved to Friday).
    const [a0, a1, a2, a3, a4] = a as [number, number, number, number, number];
    for (const number of [a0, a1, a2])
      expect(await report(number, { outcome: "delivered" })).toBe("done");
    expect(await report(a3, { outcome: "refused", reason: "noMoney", note: null })).toBe("done");
    expect(await report(a4, { outcome: "not_home", nextDay: FRIDAY })).toBe("done");
    expect(await report(a4, { outcome: "not_home", nextDay: FRIDAY })).toBe("same");
    expect(await report(a3, { outcome: "delivered" })).toBe("changed");
    const moved = await orderRow(a4);
    expect(moved).toMatchObject({
      status: "confirmed",
      delivery_date: "2026-11-27",
      delivery_time: "27.11.26",
      not_home: 1,
      courier_id: null,
    });
    expect((await orderRow(a3)).status).toBe("refused");
    // Dato delivers all three and brings 50 GEL short.
    for (const number of b) expect(await report(number, { outcome: "delivered" })).toBe("done");

    const collectedA = await totals([a0, a1, a2]);
    const collectedB = await totals(b);
    // The day does not close before the cash is counted.
    expect(
      await closeDay(db, { courierId: levan, day: "2026-11-26", actor: staff }, NOW + 9 * HOUR),
    ).toBe("received");
    expect(
      await receiveCash(
        db,
        { courierId: levan, day: "2026-11-26", received: collectedA, actor: staff, owner: false },
        NOW + 9 * HOUR,
      ),
    ).toBe("done");
    expect(
      await receiveCash(
        db,
        {
          courierId: dato,
          day: "2026-11-26",
          received: collectedB - 5000,
          actor: staff,
          owner: false,
        },
        NOW + 9 * HOUR,
      ),
    ).toBe("done");
    const days = await courierDays(db, "2026-11-26");
    const figures = Object.fromEntries(days.map((day) => [day.courier.name, day.figures]));
    expect(figures.Levan).toMatchObject({
      expected: collectedA + (await totals([a3])),
      collected: collectedA,
      received: collectedA,
      difference: 0,
      notHome: 1,
      refused: 1,
    });
    expect(figures.Dato).toMatchObject({
      expected: collectedB,
      collected: collectedB,
      received: collectedB - 5000,
      difference: -5000,
    });
    // Levan's day balances and closes without a word; Dato's, 50 GEL short, only with one.
    const close = (courierId: number, note?: string) =>
      closeDay(db, { courierId, day: "2026-11-26", actor: staff, note }, NOW + 10 * HOUR);
    expect(await close(levan, "ignored: nothing to explain")).toBe("done");
    expect(await close(dato)).toBe("note");
    expect(await close(dato, "   ")).toBe("note");
    expect((await courierDays(db, "2026-11-26", dato))[0]?.closedAt).toBeNull();
    expect(await close(dato, " Dato brings 50 GEL tomorrow ")).toBe("done");
    const closed = Object.fromEntries(
      (await courierDays(db, "2026-11-26")).map((day) => [day.courier.name, day.closeNote]),
    );
    expect(closed).toEqual({ Levan: null, Dato: "Dato brings 50 GEL tomorrow" });
    expect(
      await db
        .selectFrom("activity")
        .select("after")
        .where("field", "=", "closed")
        .orderBy("id")
        .execute(),
    ).toEqual([{ after: "closed" }, { after: "closed (Dato brings 50 GEL tomorrow)" }]);

    // The day is locked: staff change nothing, an owner only with a note, and it is recorded.
    expect(
      await receiveCash(
        db,
        { courierId: dato, day: "2026-11-26", received: collectedB, actor: staff, owner: false },
        NOW + 11 * HOUR,
      ),
    ).toBe("closed");
    expect(
      await receiveCash(
        db,
        { courierId: dato, day: "2026-11-26", received: collectedB, actor: owner, owner: true },
        NOW + 11 * HOUR,
      ),
    ).toBe("closed");
    const event = await latestStatusEvent(db, (await orderRow(a0)).id);
    const undo = (who: typeof owner, isOwner: boolean, note: string | null) =>
      undoStatusChange(
        db,
        { orderNumber: a0, eventId: event?.id ?? 0, actor: who, owner: isOwner, note },
        NOW + 8 * HOUR + 60_000,
        chat,
      );
    expect(await undo(staff, false, null)).toEqual({ outcome: "closedDay" });
    expect(await undo(owner, true, null)).toEqual({ outcome: "needsNote" });
    expect((await orderRow(a0)).status).toBe("delivered");
    // An owner with a note reopens the parcel, and reports it again with a note.
    expect(await undo(owner, true, "marked on the wrong parcel")).toMatchObject({
      outcome: "undone",
    });
    expect((await orderRow(a0)).status).toBe("shipped");
    const reopened = await parcelOf(a0);
    expect(
      await reportParcel(
        db,
        { handoffId: reopened, report: { outcome: "delivered" }, actor: staff, owner: false },
        NOW + 11 * HOUR,
        chat,
      ),
    ).toBe("closed");
    expect(
      await reportParcel(
        db,
        {
          handoffId: reopened,
          report: { outcome: "delivered" },
          actor: owner,
          owner: true,
          note: "checked with Levan",
        },
        NOW + 11 * HOUR,
        chat,
      ),
    ).toBe("done");
    const outcomes = await db
      .selectFrom("activity")
      .select(["field", "before", "after"])
      .where("subject_type", "=", "cash")
      .where("field", "like", "order%")
      .orderBy("id")
      .execute();
    expect(outcomes.map((row) => [row.before, row.after])).toEqual([
      ["delivered", "shipped (marked on the wrong parcel)"],
      ["shipped", "delivered (checked with Levan)"],
    ]);
    expect(
      await receiveCash(
        db,
        {
          courierId: dato,
          day: "2026-11-26",
          received: collectedB - 2000,
          actor: owner,
          owner: true,
          note: "found 30 GEL in the bag",
        },
        NOW + 11 * HOUR,
      ),
    ).toBe("done");
    const trail = await db
      .selectFrom("activity")
      .select(["subject", "field", "before", "after", "actor"])
      .where("subject_type", "=", "cash")
      .where("field", "=", "received")
      .orderBy("id")
      .execute();
    expect(trail.at(-1)).toEqual({
      subject: `${dato}/2026-11-26`,
      field: "received",
      before: ((collectedB - 5000) / 100).toFixed(2),
      after: `${((collectedB - 2000) / 100).toFixed(2)} (found 30 GEL in the bag)`,
      actor: "Nino",
    });

    // Friday: the parcel nobody was home for goes out again, with Dato, and is delivered.
    expect(
      await handOver(
        db,
        { courierId: dato, day: FRIDAY, orderNumbers: [a4, tomorrowOnly], actor: staff },
        NOW + 24 * HOUR,
        chat,
      ),
    ).toMatchObject({ handed: [a4, tomorrowOnly] });
    for (const number of [a4, tomorrowOnly]) {
      const handoffId = await parcelOf(number, "2026-11-27");
      expect(
        await reportParcel(
          db,
          { handoffId, report: { outcome: "delivered" }, actor: staff, owner: false },
          NOW + 30 * HOUR,
          chat,
        ),
      ).toBe("done");
    }
    const friday = await totals([a4, tomorrowOnly]);
    await receiveCash(
      db,
      { courierId: dato, day: "2026-11-27", received: friday, actor: staff, owner: false },
      NOW + 31 * HOUR,
    );

    // The report, worked out again here from the orders themselves.
    const all = await db.selectFrom("orders").selectAll().execute();
    const delivered = all.filter((row) => row.status === "delivered");
    const refused = all.filter((row) => row.status === "refused");
    const sum = (rows: typeof all) => rows.reduce((total, row) => total + row.total, 0);
    const numbers = await buildReport(
      db,
      { from: THURSDAY, to: FRIDAY, by: "delivery" },
      () => null,
    );
    expect(numbers.totals).toMatchObject({
      placed: all.length,
      delivered: delivered.length,
      refused: refused.length,
      notHome: 1,
      refusalRate: refused.length / (delivered.length + refused.length),
      collected: sum(delivered),
      expected: sum([...delivered, ...refused]),
      received: collectedA + (collectedB - 2000) + friday,
      difference: -2000,
      uncounted: 0,
    });
    // No order's cash is counted twice: the parcel that went out twice is delivered once.
    const handoffs = await db
      .selectFrom("handoffs")
      .selectAll()
      .where("outcome", "=", "delivered")
      .execute();
    expect(new Set(handoffs.map((h) => h.order_id)).size).toBe(handoffs.length);
    expect(numbers.sources.find((row) => row.key === "instagram")).toMatchObject({
      placed: 1,
      delivered: 1,
    });
    expect(numbers.sources.find((row) => row.key === "direct")?.placed).toBe(all.length - 1);
    expect(numbers.languages.find((row) => row.key === "ru")).toMatchObject({
      placed: 1,
      delivered: 1,
    });
    expect(numbers.couriers.find((row) => row.key === "Dato")).toMatchObject({
      placed: 5,
      delivered: 5,
      difference: -2000,
    });
    expect(numbers.couriers.find((row) => row.key === "Levan")).toMatchObject({
      placed: 5,
      delivered: 3,
      refused: 1,
      notHome: 1,
      difference: 0,
    });
    expect(numbers.products).toEqual([
      expect.objectContaining({
        key: "body/hemor-cream",
        units: 13,
        deliveredUnits: 12,
      }),
    ]);
    expect(numbers.days.map((day) => day.day)).toEqual(["2026-11-26", "2026-11-27"]);
    expect(numbers.days[1]).toMatchObject({ delivered: 2, received: friday });
  });

  it("sends last week's summary on Monday at 09:00 Tbilisi once, however many workers look", async () => {
    // Monday 30 November 2026: 09:00 in Tbilisi is 05:00 UTC.
    const monday9 = Date.parse("2026-11-30T05:00:00Z");
    expect(dueMonday(monday9 - 60_000)).toBeNull();
    expect(dueMonday(monday9)).toEqual({ year: 2026, month: 11, day: 30 });
    expect(dueMonday(monday9 + 15 * HOUR)).toBeNull(); // Tuesday already in Tbilisi
    expect(dueMonday(Date.parse("2026-11-29T10:00:00Z"))).toBeNull(); // Sunday

    // A week with nothing in it sends nothing.
    const chats0 = { ...chat, deskChatIds: ["-100"] };
    expect(await queueWeeklySummary(db, chats0, monday9 - 7 * 24 * HOUR + 1000)).toBe(0);

    const levan = await courier("Levan", "599 111 111");
    const numbers = [await order(), await order({ qty: 2 }), await order()];
    await handOver(
      db,
      { courierId: levan, day: THURSDAY, orderNumbers: numbers, actor: staff },
      NOW,
      chat,
    );
    const [n0, n1, n2] = numbers as [number, number, number];
    await report(n0, { outcome: "delivered" });
    await report(n1, { outcome: "delivered" });
    await report(n2, { outcome: "refused", reason: "changedMind", note: null });
    await receiveCash(
      db,
      { courierId: levan, day: "2026-11-26", received: 20000, actor: staff, owner: false },
      NOW + 9 * HOUR,
    );

    // A second worker: its own connection to the same database.
    const target = await freshTarget("unused");
    void target;
    const chats = { ...chat, deskChatIds: ["-100", "-200"] };
    const worker = (at: number) => queueWeeklySummary(db, chats, at);
    const queued = await Promise.all([
      worker(monday9 + 1000),
      worker(monday9 + 1000),
      worker(monday9 + 61_000),
    ]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await worker(monday9 + 2 * HOUR)).toBe(0);
    const rows = await db
      .selectFrom("notifications")
      .selectAll()
      .where("topic", "is not", null)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.topic, row.chat_id, row.order_id])).toEqual([
      ["weekly:2026-11-30", "-100", null],
      ["weekly:2026-11-30", "-200", null],
    ]);
    const text = rows[0]?.text ?? "";
    expect(text).toContain("Last week, 23.11.26 – 29.11.26");
    expect(text).toContain("Orders placed: 3");
    expect(text).toContain("Delivered: 2");
    expect(text).toContain("Refused: 1 (refusal rate 33.3 %)");
    expect(text).toContain("Cash received from couriers: ₾200");
    expect(text).toContain("Still open with couriers: ₾100");

    // The outbox sends each once.
    const calls: string[] = [];
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { chat_id: string };
      calls.push(body.chat_id);
      return new Response(JSON.stringify({ ok: true, result: { message_id: calls.length } }));
    });
    const send = () =>
      createDispatcher({
        db,
        api: createBotApi({
          botToken: "1:x",
          apiUrl: "http://telegram.test",
          fetch: fetchImpl as unknown as typeof fetch,
        }),
        // After every worker above, whichever of them queued the rows.
        now: () => monday9 + 5 * 60_000,
        log: { info() {}, warn() {}, error() {} },
      });
    const [one, two] = [send(), send()];
    await Promise.all([one.tick(), two.tick()]);
    expect(calls.sort()).toEqual(["-100", "-200"]);
  });
});
