import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "~/content/store.server";
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SIGN_IN_LINK_TTL_MS,
  createSignInLink,
  disableStaff,
  endAllSessions,
  findOrCreateStaff,
  inspectSignInLink,
  readDeskSession,
  redeemSignInLink,
} from "~/desk/auth.server";
import { messengerLinks } from "~/desk/contact";
import { csvCell, csvFileName, csvPhone, csvRow } from "~/desk/csv";
import { getDeskOrder, listDeskOrders, ordersForExport } from "~/desk/orders.server";
import { deskReturnPath, withReturnPath } from "~/desk/return-path.server";
import { deskListHref, parseDeskFilter, parseQuery, toFilterQuery } from "~/desk/search";
import { addOrderNote, changeOrderStatus } from "~/orders/change-status.server";
import { itemTitle, orderLanguage } from "~/orders/order-words";
import { placeOrder } from "~/orders/place.server";
import { nextStatuses, orderStatuses, transition } from "~/orders/status";
import { startOfShopDay } from "~/platform/calendar";
import type { Database, OrderStatus } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

describe("the status machine (D24)", () => {
  it("moves cash on delivery forward, returns refused parcels, cancels before shipping", () => {
    expect(nextStatuses("new")).toEqual(["confirmed", "cancelled"]);
    expect(nextStatuses("confirmed")).toEqual(["shipped", "cancelled"]);
    expect(nextStatuses("shipped")).toEqual(["delivered", "refused"]);
    for (const final of ["delivered", "refused", "cancelled"] as const)
      expect(nextStatuses(final)).toEqual([]);
  });

  it("says the same status is no move, and refuses every move it does not list", () => {
    const allowed = new Set([
      "new>confirmed",
      "new>cancelled",
      "confirmed>shipped",
      "confirmed>cancelled",
      "shipped>delivered",
      "shipped>refused",
    ]);
    for (const from of orderStatuses)
      for (const to of orderStatuses) {
        const expected = from === to ? "same" : allowed.has(`${from}>${to}`) ? "move" : "refused";
        expect(transition(from, to), `${from} → ${to}`).toBe(expected);
      }
  });
});

describe("the desk's search field", () => {
  it("reads order numbers, phones in any spacing or prefix, and address text", () => {
    expect(parseQuery("004321")).toEqual({ orderNumber: 4321, phoneDigits: "4321", text: null });
    expect(parseQuery("#4321").orderNumber).toBe(4321);
    expect(parseQuery("+995 555 12 34 56")).toEqual({
      orderNumber: null,
      phoneDigits: "555123456",
      text: null,
    });
    expect(parseQuery("(555) 123-456").phoneDigits).toBe("555123456");
    expect(parseQuery("995555123456").phoneDigits).toBe("555123456");
    // A whole number in any of the checkout's spellings (D30).
    expect(parseQuery("00995 555 123 456").phoneDigits).toBe("555123456");
    expect(parseQuery("0555 123 456").phoneDigits).toBe("555123456");
    expect(parseQuery("٥٥٥ ١٢٣ ٤٥٦")).toEqual({
      orderNumber: null,
      phoneDigits: "555123456",
      text: null,
    });
    expect(parseQuery("Rustaveli 12")).toEqual({
      orderNumber: null,
      phoneDigits: null,
      text: "Rustaveli 12",
    });
    expect(parseQuery("   ")).toEqual({ orderNumber: null, phoneDigits: null, text: null });
  });

  it("reads the list's address defensively and writes it back without defaults", () => {
    const filter = parseDeskFilter(
      new URLSearchParams("tab=shipped&q=%20555%20&from=2026-11-30&until=2026-11-01&page=3"),
    );
    expect(filter).toEqual({
      tab: "shipped",
      query: "555",
      from: { year: 2026, month: 11, day: 1 },
      until: { year: 2026, month: 11, day: 30 },
      delivery: "",
      tag: "",
      sort: "placed",
      page: 3,
    });
    const odd = parseDeskFilter(
      new URLSearchParams("tab=lost&from=31.12.26&page=-1&delivery=soon&sort=x"),
    );
    expect(odd).toEqual({
      tab: "new",
      query: "",
      from: null,
      until: null,
      delivery: "",
      tag: "",
      sort: "placed",
      page: 1,
    });
    expect(deskListHref(toFilterQuery(odd))).toBe("/desk");
    expect(deskListHref({ ...toFilterQuery(filter), page: 1 }, "/desk/export.csv")).toBe(
      "/desk/export.csv?tab=shipped&q=555&from=2026-11-01&until=2026-11-30",
    );
  });
});

describe("the CSV export's cells (D27)", () => {
  it("neutralises formulas and quotes what needs quoting", () => {
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("+995 555 123 456")).toBe("'+995 555 123 456");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@nino")).toBe("'@nino");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("Rustaveli 1, apt 2")).toBe('"Rustaveli 1, apt 2"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvRow(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("writes phones a spreadsheet shows as they are, and names the file by its filter and day", () => {
    expect(csvCell(csvPhone("+995 555 123 456"))).toBe("(+995) 555 123 456");
    expect(csvPhone("555123")).toBe("555123");
    expect(csvFileName(["confirmed", "delivery-2026-11-26", "", null], "2026-11-25")).toBe(
      "orders_confirmed_delivery-2026-11-26_2026-11-25.csv",
    );
    expect(csvFileName(["all", 'ნინო "x"/../'], "2026-11-25")).toBe("orders_all_x_2026-11-25.csv");
  });
});

describe("an order's stored facts in the reader's words", () => {
  it("names a product by its key in the reader's language, a product gone by its stored title", async () => {
    const item = { item_key: "body/hemor-cream", title: "Мазь от геморроя" };
    const seeded = await freshDatabase("titles");
    const { catalog } = await loadContent(seeded);
    await seeded.destroy();
    expect(itemTitle(item, catalog, "ka")).toBe("ჰემოროის საწინააღმდეგო მალამო");
    expect(itemTitle(item, catalog, "ar")).toBe("مرهم البواسير");
    expect(itemTitle({ item_key: "body/old-balm", title: "Старый бальзам" }, catalog, "en")).toBe(
      "Старый бальзам",
    );
  });

  it("names the order's language as the language switcher does", () => {
    expect(orderLanguage("ka")).toEqual({ name: "ქართული", lang: "ka" });
    expect(orderLanguage("am")).toEqual({ name: "Հայերեն", lang: "hy" });
    expect(orderLanguage("xx")).toEqual({ name: "xx", lang: null });
  });
});

describe("where a sign-in leads (next)", () => {
  it("back to the desk page the person was sent away from", () => {
    expect(deskReturnPath("/desk/orders/004321")).toBe("/desk/orders/004321");
    expect(deskReturnPath("/desk?tab=shipped&q=555")).toBe("/desk?tab=shipped&q=555");
    expect(deskReturnPath("/desk")).toBe("/desk");
  });

  it("to the list for anything that is not a desk page of this site", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/desk",
      "//evil.example/desk",
      "/\\evil.example/desk",
      "/catalog",
      "/desk/../cart",
      "/desk\\..\\cart",
      "/desk%2F..%2Fcart",
      "/deskevil",
      "/desk/sign-in",
      "/desk/sign-in/abc?next=/desk",
      "/desk/sign-out",
      "/desk/orders/1\r\nSet-Cookie: x=1",
    ])
      expect(deskReturnPath(next), String(next)).toBe("/desk");
  });

  it("is carried on a sign-in address, and left off for the list", () => {
    expect(withReturnPath("/desk/sign-in", "/desk/orders/004321")).toBe(
      "/desk/sign-in?next=%2Fdesk%2Forders%2F004321",
    );
    expect(withReturnPath("/desk/sign-in", "/desk")).toBe("/desk/sign-in");
  });
});

describe("contact links", () => {
  it("call, WhatsApp on the same number, Telegram only for a username", () => {
    expect(messengerLinks("+995 555 123 456", "@nino_g")).toEqual({
      call: "tel:+995555123456",
      whatsApp: "https://wa.me/995555123456",
      telegram: "https://t.me/nino_g",
    });
    expect(messengerLinks("+995 555 123 456", "t.me/nino_g").telegram).toBe("https://t.me/nino_g");
    expect(messengerLinks("+995 555 123 456", "WhatsApp please").telegram).toBeNull();
    expect(messengerLinks("+995 555 123 456", null).telegram).toBeNull();
  });
});

describe("with a database", () => {
  let db: Kysely<Database>;
  const NOW = Date.parse("2026-11-22T08:00:00Z");

  beforeEach(async () => {
    db = await freshDatabase("desk");
  });

  afterEach(async () => {
    await db.destroy();
  });

  let tokens = 0;
  async function order(
    options: { phone?: string; address?: string; at?: number; qty?: number } = {},
  ) {
    const result = await placeOrder(
      db,
      {
        values: {
          address: options.address ?? "Rustaveli 1",
          phone: options.phone ?? "+995 555 123 456",
          deliveryTime: "30.11.26",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: options.qty ?? 1 }],
        language: "ka",
        token: `desk-token-${String(++tokens).padStart(8, "0")}`,
        titleLanguage: "ru",
      },
      { now: options.at ?? NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order.order_number;
  }

  const nino = { name: "Nino", staffId: null };
  const move = (orderNumber: number, to: OrderStatus, at = NOW) =>
    changeOrderStatus(db, { orderNumber, to, actor: nino }, at, {
      deskChatIds: [],
      holdAfterRefusals: 2,
      phoneHashKey: PHONE_HASH_KEY,
      language: "ru",
    });

  describe("status changes", () => {
    it("record who, when, from and to, once; a refused move writes nothing", async () => {
      const number = await order();
      expect((await move(number, "delivered")).outcome).toBe("refused");
      expect((await move(number, "confirmed", NOW + 1000)).outcome).toBe("moved");
      expect((await move(number, "confirmed", NOW + 2000)).outcome).toBe("same");
      expect((await move(number, "shipped", NOW + 3000)).outcome).toBe("moved");
      expect((await move(99, "shipped")).outcome).toBe("notFound");
      const found = await getDeskOrder(db, number, PHONE_HASH_KEY);
      expect(found?.order.status).toBe("shipped");
      expect(
        found?.events.map((event) => [event.at, event.actor, event.from_status, event.to_status]),
      ).toEqual([
        ["2026-11-22T08:00:01.000Z", "Nino", "new", "confirmed"],
        ["2026-11-22T08:00:03.000Z", "Nino", "confirmed", "shipped"],
      ]);
    });

    it("keep private notes in the same timeline", async () => {
      const number = await order();
      expect(await addOrderNote(db, { orderNumber: number, actor: nino, note: "  " }, NOW)).toBe(
        false,
      );
      expect(
        await addOrderNote(db, { orderNumber: number, actor: nino, note: " Call after 6 " }, NOW),
      ).toBe(true);
      const found = await getDeskOrder(db, number, PHONE_HASH_KEY);
      expect(found?.events.map((event) => [event.kind, event.note])).toEqual([
        ["note", "Call after 6"],
      ]);
    });
  });

  describe("the list", () => {
    it("finds by number, by phone in any form, by address; tabs count and cash adds up", async () => {
      const first = await order({ phone: "+995 555 111 222", address: "Chavchavadze 5" });
      const second = await order({ phone: "+995 599 000 111", address: "Rustaveli 7", qty: 2 });
      const third = await order({ phone: "+995 555 111 222", address: "Pekini 1" });
      await move(second, "confirmed");
      await move(second, "shipped");
      await move(third, "cancelled");

      const list = (query: string, tab = "all") =>
        listDeskOrders(
          db,
          parseDeskFilter(new URLSearchParams({ q: query, tab })),
          NOW,
          PHONE_HASH_KEY,
        );
      const numbers = async (query: string, tab?: string) =>
        (await list(query, tab)).rows.map((row) => row.order.order_number);

      expect(await numbers(String(first).padStart(6, "0"))).toContain(first);
      expect(await numbers("555 11 12 22")).toEqual([third, first]);
      expect(await numbers("+995555111222")).toEqual([third, first]);
      expect(await numbers("rustaveli")).toEqual([second]);
      expect(await numbers("100%_")).toEqual([]);

      const everything = await list("");
      expect(everything.counts).toMatchObject({
        new: 1,
        shipped: 1,
        cancelled: 1,
        all: 3,
      });
      expect(everything.cashToCollect).toBe(20000);
      expect(everything.cashCollected).toBe(0);
      await move(second, "delivered");
      expect((await list("")).cashCollected).toBe(20000);
      expect(await numbers("", "new")).toEqual([first]);
    });

    it("limits by the shop's dates, in Tbilisi, and pages newest first", async () => {
      // 23:30 on 21 Nov in Tbilisi is still the 21st there, though the 21st ends at 20:00 UTC.
      const late21 = startOfShopDay({ year: 2026, month: 11, day: 22 }) - 30 * 60 * 1000;
      const early22 = startOfShopDay({ year: 2026, month: 11, day: 22 }) + 60 * 1000;
      const a = await order({ at: late21 });
      const b = await order({ at: early22 });
      const day = (date: string) =>
        listDeskOrders(
          db,
          parseDeskFilter(new URLSearchParams({ tab: "all", from: date, until: date })),
          NOW,
          PHONE_HASH_KEY,
        );
      expect((await day("2026-11-21")).rows.map((row) => row.order.order_number)).toEqual([a]);
      expect((await day("2026-11-22")).rows.map((row) => row.order.order_number)).toEqual([b]);

      for (let index = 0; index < 30; index++) await order({ at: NOW + index * 1000 });
      const page1 = await listDeskOrders(
        db,
        parseDeskFilter(new URLSearchParams("tab=all")),
        NOW,
        PHONE_HASH_KEY,
      );
      const page2 = await listDeskOrders(
        db,
        parseDeskFilter(new URLSearchParams("tab=all&page=2")),
        NOW,
        PHONE_HASH_KEY,
      );
      expect(page1.rows).toHaveLength(25);
      expect(page1.pageCount).toBe(2);
      expect(page2.rows).toHaveLength(7);
      expect(
        String(page1.rows[0]?.order.created_at) > String(page1.rows[1]?.order.created_at),
      ).toBe(true);
    });

    it("exports every order of the filter in batches, none twice", async () => {
      for (let index = 0; index < 12; index++) await order({ at: NOW + (index % 3) * 1000 });
      const seen: number[] = [];
      for await (const row of ordersForExport(
        db,
        parseDeskFilter(new URLSearchParams("tab=all")),
        NOW,
        5,
      ))
        seen.push(row.order.order_number);
      expect(seen).toHaveLength(12);
      expect(new Set(seen).size).toBe(12);
    });
  });

  describe("sign-in links and sessions (D23)", () => {
    it("a link signs in once, within 15 minutes, and only a hash is stored", async () => {
      const staff = await findOrCreateStaff(db, "Nino", NOW);
      const token = await createSignInLink(db, staff.id, NOW);
      const stored = await db.selectFrom("desk_sign_in_links").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(token);
      expect((await inspectSignInLink(db, token, NOW)).usable).toBe(true);
      const redeemed = await redeemSignInLink(db, { token, name: null, userAgent: "test" }, NOW);
      if (!redeemed.ok) throw new Error(redeemed.reason);
      expect(redeemed.staff.name).toBe("Nino");
      expect(await redeemSignInLink(db, { token, name: null, userAgent: "test" }, NOW)).toEqual({
        ok: false,
        reason: "used",
      });
      const late = await createSignInLink(db, staff.id, NOW);
      expect(
        await redeemSignInLink(
          db,
          { token: late, name: null, userAgent: "" },
          NOW + SIGN_IN_LINK_TTL_MS,
        ),
      ).toEqual({ ok: false, reason: "expired" });
      expect(
        JSON.stringify(await db.selectFrom("desk_sessions").selectAll().execute()),
      ).not.toContain(redeemed.sessionToken);
    });

    it("a chat's link asks for a name; two presses at once sign in one", async () => {
      const token = await createSignInLink(db, null, NOW);
      expect(await redeemSignInLink(db, { token, name: " ", userAgent: "" }, NOW)).toEqual({
        ok: false,
        reason: "name",
      });
      const both = await Promise.all([
        redeemSignInLink(db, { token, name: "Keti", userAgent: "" }, NOW),
        redeemSignInLink(db, { token, name: "Keti", userAgent: "" }, NOW),
      ]);
      expect(both.filter((result) => result.ok)).toHaveLength(1);
    });

    it("a session ends after 12 idle hours, after 7 days, at sign-out everywhere, when disabled", async () => {
      const staff = await findOrCreateStaff(db, "Nino", NOW);
      const signIn = async (at: number) => {
        const redeemed = await redeemSignInLink(
          db,
          { token: await createSignInLink(db, staff.id, at), name: null, userAgent: "" },
          at,
        );
        if (!redeemed.ok) throw new Error(redeemed.reason);
        return redeemed.sessionToken;
      };
      const idle = await signIn(NOW);
      expect(await readDeskSession(db, idle, NOW + SESSION_IDLE_MS - 1000)).not.toBeNull();
      // Being used keeps it alive, up to the absolute limit.
      let at = NOW;
      const busy = await signIn(NOW);
      while (at < NOW + SESSION_ABSOLUTE_MS - SESSION_IDLE_MS) {
        at += SESSION_IDLE_MS - 60_000;
        expect(await readDeskSession(db, busy, at)).not.toBeNull();
      }
      expect(await readDeskSession(db, busy, NOW + SESSION_ABSOLUTE_MS + 1000)).toBeNull();
      expect(await readDeskSession(db, idle, NOW + 2 * SESSION_IDLE_MS)).toBeNull();

      const one = await signIn(NOW);
      const two = await signIn(NOW);
      expect(one).not.toBe(two);
      await endAllSessions(db, staff.id);
      expect(await readDeskSession(db, one, NOW)).toBeNull();
      expect(await readDeskSession(db, two, NOW)).toBeNull();

      const three = await signIn(NOW);
      expect(await disableStaff(db, "Nino", NOW)).toBe(true);
      expect(await readDeskSession(db, three, NOW)).toBeNull();
      const link = await createSignInLink(db, staff.id, NOW);
      expect((await inspectSignInLink(db, link, NOW)).usable).toBe(false);
    });
  });
});
