import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCatalog } from "~/content/store.server";
import { formatAge } from "~/desk/age";
import { findOrCreateStaff } from "~/desk/auth.server";
import { listDeskOrders } from "~/desk/orders.server";
import { latestUndoableChange } from "~/desk/recent-changes.server";
import { deskListHref, parseDeskFilter, parseQuery, toFilterQuery } from "~/desk/search";
import { fixedT } from "~/i18n/instance.server";
import {
  changeOrderStatus,
  changeOrderStatuses,
  latestStatusEvent,
  recordNoAnswer,
  saveOrderLabels,
  undoStatusChange,
} from "~/orders/change-status.server";
import { correctOrder, orderChangesSince, orderRevision } from "~/orders/edit.server";
import { eventNote } from "~/orders/event-note";
import { parseLineQuantity } from "~/orders/fields";
import { parseTags } from "~/orders/labels";
import { lineTitle } from "~/orders/order-words";
import { placeOrder } from "~/orders/place.server";
import { UNDO_WINDOW_MS, cancellationNote, undoRight } from "~/orders/status";
import type { Database, OrderStatus } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const NOW = Date.parse("2026-11-22T08:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const chat = {
  deskChatIds: [],
  holdAfterRefusals: 2,
  phoneHashKey: PHONE_HASH_KEY,
  language: "ru" as const,
};

describe("the queue's words and rules", () => {
  it("says how long an order has waited in the reader's language", () => {
    expect(formatAge(12 * MINUTE + 5_000, "en")).toBe("12 min");
    expect(formatAge(5 * HOUR, "en")).toBe("5 hr");
    expect(formatAge(3 * 24 * HOUR, "en")).toBe("3 days");
    expect(formatAge(12 * MINUTE, "ka")).toBe("12 წთ");
    expect(formatAge(-5_000, "en")).toBe("0 min");
  });

  it("needs a reason to cancel, and words for Other", () => {
    expect(cancellationNote("fakeOrder", "")).toEqual({
      key: "cancelReason.fakeOrder",
      note: null,
    });
    expect(cancellationNote("other", "  moved abroad ")).toEqual({
      key: "cancelReason.other",
      note: "moved abroad",
    });
    expect(cancellationNote("other", "   ")).toBeNull();
    expect(cancellationNote(null, "because")).toBeNull();
    expect(cancellationNote("bored", "")).toBeNull();
  });

  it("lets the person undo alone for ten minutes, then only an owner with a note", () => {
    const event = { at: new Date(NOW).toISOString(), staffId: 7, undoes: null };
    const staff = { staffId: 7, owner: false };
    expect(undoRight(event, staff, NOW + UNDO_WINDOW_MS)).toBe("alone");
    expect(undoRight(event, staff, NOW + UNDO_WINDOW_MS + 1)).toBe("none");
    expect(undoRight(event, { staffId: 8, owner: false }, NOW)).toBe("none");
    expect(undoRight(event, { staffId: 8, owner: true }, NOW)).toBe("withNote");
    expect(undoRight(event, { staffId: 7, owner: true }, NOW + HOUR)).toBe("withNote");
    expect(undoRight({ ...event, undoes: 3 }, { staffId: 7, owner: true }, NOW)).toBe("none");
  });

  it("reads tags as the staff type them: words, lower case, no repeats, a few at most", () => {
    expect(parseTags(" VIP, wholesale #vip  fragile!")).toEqual(["vip", "wholesale", "fragile"]);
    expect(parseTags("ძვირფასი   კლიენტი")).toEqual(["ძვირფასი", "კლიენტი"]);
    expect(parseTags("a b c d e f g h")).toHaveLength(6);
    expect(parseTags("  ")).toEqual([]);
  });

  it("finds phones written with 00995, 995 or a trunk 0, whole or in part", () => {
    expect(parseQuery("00995 599 12").phoneDigits).toBe("59912");
    expect(parseQuery("0599 12").phoneDigits).toBe("59912");
    expect(parseQuery("995599").phoneDigits).toBe("599");
    expect(parseQuery("0599 000 111").phoneDigits).toBe("599000111");
    expect(parseQuery("anna@example.ge").text).toBe("anna@example.ge");
  });

  it("finds an order's number and phone typed in Arabic-Indic or Persian digits", () => {
    expect(parseQuery("#٠٠٤٣٢١")).toMatchObject({ orderNumber: 4321, text: null });
    expect(parseQuery("٠٥٩٩ ١٢")).toMatchObject({ phoneDigits: "59912", text: null });
    expect(parseQuery("۵۹۹۰۰۰۱۱۱").phoneDigits).toBe("599000111");
    // Words are looked for as typed.
    expect(parseQuery("شارع ١٢")).toMatchObject({ orderNumber: null, text: "شارع ١٢" });
  });

  it("reads an order form's quantity in any script's digits, and refuses what is not one", () => {
    expect(parseLineQuantity("3")).toBe(3);
    expect(parseLineQuantity(" ٣ ")).toBe(3);
    expect(parseLineQuantity("۱۲")).toBe(12);
    expect(parseLineQuantity("")).toBe(0);
    expect(parseLineQuantity("٠")).toBe(0);
    for (const typed of ["abc", "٣x", "-1", "2.5", "1e3"])
      expect(parseLineQuantity(typed), typed).toBeNull();
  });

  it("searches every status unless a tab narrows it, and opens on the queue", () => {
    expect(parseDeskFilter(new URLSearchParams("")).tab).toBe("new");
    expect(parseDeskFilter(new URLSearchParams("q=anna")).tab).toBe("all");
    expect(parseDeskFilter(new URLSearchParams("delivery=tomorrow")).tab).toBe("all");
    expect(parseDeskFilter(new URLSearchParams("q=anna&tab=shipped")).tab).toBe("shipped");
    expect(parseDeskFilter(new URLSearchParams("deliveryOn=2026-11-30")).delivery).toBe(
      "2026-11-30",
    );
    const filter = toFilterQuery(parseDeskFilter(new URLSearchParams("q=anna&sort=delivery")));
    expect(deskListHref(filter)).toBe("/desk?q=anna&sort=delivery");
    expect(deskListHref({ ...filter, tab: "new" })).toBe("/desk?tab=new&q=anna&sort=delivery");
  });
});

describe("a day's orders, in the database", () => {
  let db: Kysely<Database>;

  beforeEach(async () => {
    db = await freshDatabase("day");
    // Two people of the desk: their ids are 1 and 2.
    expect((await findOrCreateStaff(db, "Nino", NOW)).id).toBe(nino.staffId);
    expect((await findOrCreateStaff(db, "Giorgi", NOW)).id).toBe(giorgi.staffId);
  });

  afterEach(async () => {
    await db.destroy();
  });

  let tokens = 0;
  async function order(
    options: {
      at?: number;
      phone?: string;
      name?: string | null;
      email?: string | null;
      messenger?: string | null;
      delivery?: string;
      qty?: number;
    } = {},
  ) {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          phone: options.phone ?? "+995 555 123 456",
          deliveryTime: options.delivery ?? "30.11.26",
          name: null,
          messenger: options.messenger ?? null,
          email: options.email ?? null,
        },
        cart: [{ key: "body/hemor-cream", qty: options.qty ?? 1 }],
        language: "ka",
        token: `day-token-${String(++tokens).padStart(12, "0")}`,
        titleLanguage: "ru",
      },
      { now: options.at ?? NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!result.ok) throw new Error(result.error);
    if (options.name)
      await db
        .updateTable("orders")
        .set({ name: options.name })
        .where("id", "=", result.placed.order.id)
        .execute();
    return result.placed.order.order_number;
  }

  const nino = { name: "Nino", staffId: 1 };
  const giorgi = { name: "Giorgi", staffId: 2 };
  const move = (orderNumber: number, to: OrderStatus, at = NOW, actor = nino) =>
    changeOrderStatus(db, { orderNumber, to, actor }, at, chat);
  const status = async (orderNumber: number) =>
    (
      await db
        .selectFrom("orders")
        .select("status")
        .where("order_number", "=", orderNumber)
        .executeTakeFirstOrThrow()
    ).status;
  const list = async (params: string, now = NOW) =>
    (
      await listDeskOrders(db, parseDeskFilter(new URLSearchParams(params)), now, PHONE_HASH_KEY)
    ).rows.map((row) => row.order.order_number);

  it("queues new orders oldest first; one nobody answered waits an hour below the rest", async () => {
    const first = await order({ at: NOW - 3 * HOUR });
    const second = await order({ at: NOW - 2 * HOUR });
    const third = await order({ at: NOW - HOUR });
    await move(third, "confirmed");
    const fourth = await order({ at: NOW - 30 * MINUTE });
    expect(await list("")).toEqual([first, second, fourth]);

    expect(await recordNoAnswer(db, { orderNumber: first, actor: nino }, NOW, chat)).toBe(
      "recorded",
    );
    // Giorgi presses too, within the minute: still one call.
    expect(
      await recordNoAnswer(db, { orderNumber: first, actor: giorgi }, NOW + 20_000, chat),
    ).toBe("same");
    expect(await list("", NOW + MINUTE)).toEqual([second, fourth, first]);
    expect(await list("", NOW + HOUR + MINUTE)).toEqual([first, second, fourth]);
    await recordNoAnswer(db, { orderNumber: first, actor: nino }, NOW + 2 * HOUR, chat);
    const row = await db
      .selectFrom("orders")
      .select(["calls", "last_call_at"])
      .where("order_number", "=", first)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ calls: 2, last_call_at: new Date(NOW + 2 * HOUR).toISOString() });
    const notes = await db
      .selectFrom("order_events")
      .select(["note_key", "note_values"])
      .where("kind", "=", "note")
      .orderBy("id")
      .execute();
    expect(notes).toEqual([
      { note_key: "event.noAnswer", note_values: '{"count":1}' },
      { note_key: "event.noAnswer", note_values: '{"count":2}' },
    ]);
    expect(await recordNoAnswer(db, { orderNumber: third, actor: nino }, NOW, chat)).toBe("notNew");
  });

  it("finds by name, e-mail and messenger across every status, and by delivery date", async () => {
    const anna = await order({ name: "Anna Beridze", delivery: "23.11.26" });
    const mail = await order({ email: "levan@example.ge", delivery: "24.11.26" });
    const handle = await order({ messenger: "@tamar_k", delivery: "23.11.26" });
    await move(anna, "confirmed");
    await move(handle, "cancelled");
    expect(await list("q=beridze")).toEqual([anna]);
    expect(await list("q=LEVAN@")).toEqual([mail]);
    expect(await list("q=%40tamar")).toEqual([handle]);
    // 08:00 UTC on 22 Nov is the 22nd in Tbilisi: tomorrow is the 23rd.
    expect((await list("delivery=tomorrow")).sort()).toEqual([anna, handle].sort());
    expect(await list("delivery=tomorrow&tab=confirmed")).toEqual([anna]);
    expect(await list("delivery=2026-11-24")).toEqual([mail]);
    expect(await list("delivery=today")).toEqual([]);
    const byDelivery = await list("tab=all&sort=delivery");
    expect(byDelivery.at(-1)).toBe(mail);
  });

  it("keeps a pinned note and tags as events, and finds orders by a tag", async () => {
    const a = await order();
    const b = await order();
    expect(
      await saveOrderLabels(
        db,
        { orderNumber: a, actor: nino, pinned: " Call 30 min before ", tags: ["vip", "va_p"] },
        NOW,
        chat,
      ),
    ).toBe(true);
    await saveOrderLabels(
      db,
      { orderNumber: b, actor: nino, pinned: "", tags: ["vaxp"] },
      NOW,
      chat,
    );
    expect(await list("tag=vip")).toEqual([a]);
    // An underscore in a tag is a letter, not LIKE's wildcard.
    expect(await list("tag=va_p")).toEqual([a]);
    const stored = await db
      .selectFrom("orders")
      .select(["pinned_note", "tags"])
      .where("order_number", "=", a)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ pinned_note: "Call 30 min before", tags: " vip va_p " });
    const events = await db
      .selectFrom("order_events")
      .select(["note_key", "note_values"])
      .orderBy("id")
      .execute();
    expect(events.slice(0, 2)).toEqual([
      { note_key: "event.pinned", note_values: '{"before":"—","after":"Call 30 min before"}' },
      { note_key: "event.tags", note_values: '{"before":"—","after":"vip va_p"}' },
    ]);
    // Saved again unchanged: no new event.
    await saveOrderLabels(
      db,
      { orderNumber: a, actor: nino, pinned: "Call 30 min before", tags: ["vip", "va_p"] },
      NOW,
      chat,
    );
    expect(await db.selectFrom("order_events").select("id").execute()).toHaveLength(3);
  });

  it("moves many orders each by the rule, and names the one that could not move", async () => {
    const a = await order();
    const b = await order();
    const c = await order();
    await move(c, "cancelled");
    const results = await changeOrderStatuses(
      db,
      { orderNumbers: [a, b, c, a], to: "confirmed", actor: nino },
      NOW,
      chat,
    );
    expect(results.map((result) => [result.orderNumber, result.change.outcome])).toEqual([
      [a, "moved"],
      [b, "moved"],
      [c, "refused"],
    ]);
    expect(await status(c)).toBe("cancelled");
    const recent = await latestUndoableChange(db, nino.staffId, NOW + MINUTE);
    expect(recent).toMatchObject({ numbers: [b, a], from: "new", to: "confirmed" });
    expect(await latestUndoableChange(db, nino.staffId, NOW + UNDO_WINDOW_MS + 1)).toBeNull();
  });

  it("keeps two actions apart even when they share their instant and their move", async () => {
    const [a, b, c] = [await order(), await order(), await order()];
    const confirm = (orderNumbers: number[]) =>
      changeOrderStatuses(db, { orderNumbers, to: "confirmed", actor: nino }, NOW, chat);
    await confirm([a, b]);
    await confirm([c]);
    // Undo names the latest action's one order, not the three confirmed in that millisecond.
    expect(await latestUndoableChange(db, nino.staffId, NOW + MINUTE)).toMatchObject({
      numbers: [c],
    });
    const ids = await db
      .selectFrom("order_events")
      .select("action_id")
      .where("kind", "=", "status")
      .orderBy("id")
      .execute();
    const [first, second, third] = ids.map((row) => row.action_id);
    expect(first).toBe(second);
    expect(third).not.toBe(first);
    expect(third).toEqual(expect.any(String));
  });

  it("never counts one move twice when two people press at once", async () => {
    const number = await order();
    const [one, two] = await Promise.all([
      move(number, "confirmed", NOW, nino),
      move(number, "confirmed", NOW, giorgi),
    ]);
    expect([one.outcome, two.outcome].sort()).toEqual(["moved", "same"]);
    const events = await db.selectFrom("order_events").select("id").execute();
    expect(events).toHaveLength(1);
  });

  describe("a correction", () => {
    const setStock = (stock: number | null) =>
      db
        .updateTable("products")
        .set({ stock })
        .where("product_group", "=", "body")
        .where("slug", "=", "hemor-cream")
        .execute();
    const values = {
      address: "Rustaveli 1, apt 4",
      phone: "+995 555 123 456",
      deliveryTime: "01.12.26",
      name: "Nino",
      messenger: null,
      email: null,
    };
    const correct = (orderNumber: number, qty: number) =>
      correctOrder(
        db,
        {
          orderNumber,
          actor: nino,
          values,
          quantities: new Map([["body/hemor-cream", qty]]),
        },
        NOW,
        chat,
      );

    it("refuses a correction from a page read before another correction or a move", async () => {
      await setStock(10);
      const number = await order({ qty: 1 });
      const read = await orderRevision(db, number);
      const correctFrom = (qty: number, revision: number) =>
        correctOrder(
          db,
          {
            orderNumber: number,
            actor: nino,
            values,
            quantities: new Map([["body/hemor-cream", qty]]),
            revision,
          },
          NOW,
          chat,
        );
      expect((await correctFrom(2, read)).outcome).toBe("saved");
      // A second page read before it would put the quantity back: refused, nothing changed.
      expect((await correctFrom(3, read)).outcome).toBe("stale");
      const changes = await orderChangesSince(db, number, read);
      expect(changes.map((event) => event.note_key)).toContain("event.edited.items");
      expect((await correctFrom(3, await orderRevision(db, number))).outcome).toBe("saved");
      // A move made since refuses too.
      const before = await orderRevision(db, number);
      await move(number, "confirmed", NOW + MINUTE);
      expect((await correctFrom(1, before)).outcome).toBe("stale");
    });

    it("changes fields and quantities at the price ordered, moves the stock, records each change", async () => {
      await setStock(5);
      const number = await order({ qty: 1 });
      await db.updateTable("products").set({ price: 12000 }).execute();
      const result = await correct(number, 3);
      expect(result.outcome).toBe("saved");
      const stored = await db
        .selectFrom("orders")
        .selectAll()
        .where("order_number", "=", number)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        address: "Rustaveli 1, apt 4",
        name: "Nino",
        delivery_time: "01.12.26",
        delivery_date: "2026-12-01",
        total: 30000,
      });
      const stock = await db
        .selectFrom("products")
        .select("stock")
        .where("slug", "=", "hemor-cream")
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(2);
      const events = await db.selectFrom("order_events").select("note_key").orderBy("id").execute();
      expect(events.map((event) => event.note_key)).toEqual([
        "event.edited.address",
        "event.edited.name",
        "event.edited.deliveryDate",
        "event.edited.items",
      ]);
      expect((await correct(number, 3)).outcome).toBe("same");
    });

    it("keeps the lines by product, so a correction made in Russian reads in the reader's language", async () => {
      await setStock(5);
      // Placed with Russian titles, corrected while the chats speak Russian.
      const number = await order({ qty: 3 });
      expect((await correct(number, 2)).outcome).toBe("saved");
      const event = await db
        .selectFrom("order_events")
        .select(["note", "note_key", "note_values"])
        .where("note_key", "=", "event.edited.items")
        .executeTakeFirstOrThrow();
      // Stored as keys and quantities, not as Russian text.
      expect(JSON.parse(event.note_values ?? "")).toEqual({
        before: [{ key: "body/hemor-cream", qty: 3, title: expect.any(String) }],
        after: [{ key: "body/hemor-cream", qty: 2, title: expect.any(String) }],
      });
      const catalog = await loadCatalog(db);
      const title = (language: "ka" | "ar" | "ru") =>
        catalog.products.find((product) => product.key === "body/hemor-cream")?.texts[language]
          ?.title ?? "";
      const read = (language: "ka" | "ar" | "ru", from = catalog) =>
        eventNote(event, fixedT(language, "desk"), lineTitle(from, language));
      expect(title("ka")).not.toBe(title("ru"));
      expect(read("ka")).toBe(
        fixedT("ka", "desk")("event.edited.items", {
          before: `${title("ka")} × 3`,
          after: `${title("ka")} × 2`,
        }),
      );
      expect(read("ar")).toContain(`${title("ar")} × 2`);
      expect(read("ar")).not.toContain(title("ru"));
      // A product the catalogue no longer has is named as the order stored it.
      const gone = { ...catalog, products: [] };
      expect(read("ka", gone)).toContain(`${title("ru")} × 3`);
    });

    it("reads a correction stored before lines had keys as it was stored", () => {
      const old = {
        note: null,
        note_key: "event.edited.items",
        note_values: JSON.stringify({ before: "Крем × 3", after: "Крем × 2" }),
      };
      expect(eventNote(old, fixedT("ka", "desk"), () => "never")).toContain("Крем × 3 → Крем × 2");
    });

    it("refuses too few jars, no lines, or an order already shipped, changing nothing", async () => {
      await setStock(1);
      const number = await order({ qty: 1 });
      expect(await correct(number, 3)).toEqual({
        outcome: "stock",
        key: "body/hemor-cream",
        left: 0,
      });
      expect((await correct(number, 0)).outcome).toBe("empty");
      const unchanged = await db
        .selectFrom("orders")
        .select(["address", "total"])
        .where("order_number", "=", number)
        .executeTakeFirstOrThrow();
      expect(unchanged).toEqual({ address: "Rustaveli 1", total: 10000 });
      await move(number, "confirmed");
      await move(number, "shipped");
      expect(await correct(number, 1)).toEqual({ outcome: "notEditable", status: "shipped" });
    });
  });

  describe("undo", () => {
    const undo = (
      orderNumber: number,
      eventId: number,
      options: { at?: number; actor?: typeof nino; owner?: boolean; note?: string } = {},
    ) =>
      undoStatusChange(
        db,
        {
          orderNumber,
          eventId,
          actor: options.actor ?? nino,
          owner: options.owner ?? false,
          note: options.note ?? null,
        },
        options.at ?? NOW + MINUTE,
        chat,
      );
    const latestId = async (orderNumber: number) => {
      const { id } = await db
        .selectFrom("orders")
        .select("id")
        .where("order_number", "=", orderNumber)
        .executeTakeFirstOrThrow();
      return (await latestStatusEvent(db, id))?.id ?? 0;
    };

    it("offers nothing once the person's Undo is used, never an older change on another order", async () => {
      const [a, b] = [await order(), await order()];
      await move(a, "confirmed", NOW);
      await move(b, "cancelled", NOW + 1000);
      const offered = await latestUndoableChange(db, nino.staffId, NOW + MINUTE);
      expect(offered).toMatchObject({ numbers: [b], from: "new", to: "cancelled" });
      expect((await undo(b, await latestId(b))).outcome).toBe("undone");
      // The Undo is used up: the confirmation of the other order is not offered in its place.
      expect(await latestUndoableChange(db, nino.staffId, NOW + 2 * MINUTE)).toBeNull();
      expect(await status(a)).toBe("confirmed");
      // Nor when someone else moved the person's last order since.
      await move(a, "shipped", NOW + 3 * MINUTE, nino);
      await move(a, "delivered", NOW + 4 * MINUTE, giorgi);
      expect(await latestUndoableChange(db, nino.staffId, NOW + 5 * MINUTE)).toBeNull();
    });
    const setStock = (stock: number | null) =>
      db
        .updateTable("products")
        .set({ stock })
        .where("product_group", "=", "body")
        .where("slug", "=", "hemor-cream")
        .execute();
    const stock = async () =>
      (
        await db
          .selectFrom("products")
          .select("stock")
          .where("product_group", "=", "body")
          .where("slug", "=", "hemor-cream")
          .executeTakeFirstOrThrow()
      ).stock;

    it("puts a mis-cancelled order back, its jars taken again, as an event of its own", async () => {
      await setStock(5);
      const number = await order({ qty: 2 });
      await move(number, "cancelled");
      expect(await stock()).toBe(5);
      const cancelled = await latestId(number);
      expect((await undo(number, cancelled)).outcome).toBe("undone");
      expect(await status(number)).toBe("new");
      expect(await stock()).toBe(3);
      const events = await db
        .selectFrom("order_events")
        .select(["from_status", "to_status", "undoes", "actor"])
        .orderBy("id")
        .execute();
      expect(events).toEqual([
        { from_status: "new", to_status: "cancelled", undoes: null, actor: "Nino" },
        { from_status: "cancelled", to_status: "new", undoes: cancelled, actor: "Nino" },
      ]);
      // The undo is not undone in turn, and the old change is no longer the latest.
      expect((await undo(number, await latestId(number))).outcome).toBe("forbidden");
      expect((await undo(number, cancelled)).outcome).toBe("changed");
    });

    it("refuses when the jars a cancellation gave back were ordered since, changing nothing", async () => {
      await setStock(2);
      const number = await order({ qty: 2 });
      await move(number, "cancelled");
      await order({ qty: 2 });
      expect((await undo(number, await latestId(number))).outcome).toBe("stock");
      expect(await status(number)).toBe("cancelled");
      expect(await stock()).toBe(0);
    });

    it("is for the person within ten minutes; then for an owner who writes why", async () => {
      const number = await order();
      await move(number, "confirmed");
      const id = await latestId(number);
      expect((await undo(number, id, { actor: giorgi })).outcome).toBe("forbidden");
      const late = NOW + UNDO_WINDOW_MS + MINUTE;
      expect((await undo(number, id, { at: late })).outcome).toBe("forbidden");
      expect((await undo(number, id, { at: late, actor: giorgi, owner: true })).outcome).toBe(
        "needsNote",
      );
      expect(await status(number)).toBe("confirmed");
      const done = await undo(number, id, {
        at: late,
        actor: giorgi,
        owner: true,
        note: "Customer called back",
      });
      expect(done.outcome).toBe("undone");
      expect(await status(number)).toBe("new");
    });

    it("undoes once when two people press Undo at once", async () => {
      const number = await order();
      await move(number, "confirmed");
      const id = await latestId(number);
      const results = await Promise.all([
        undo(number, id),
        undo(number, id, { actor: giorgi, owner: true, note: "same time" }),
      ]);
      expect(results.map((result) => result.outcome).sort()).toEqual(["changed", "undone"]);
      const undos = await db
        .selectFrom("order_events")
        .select("id")
        .where("undoes", "is not", null)
        .execute();
      expect(undos).toHaveLength(1);
    });
  });
});
