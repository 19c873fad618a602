import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { statusCounts } from "~/couriers/report-days.server";
import { type ReportRange, buildReport } from "~/couriers/reports.server";
import { defaultZones } from "~/delivery/zones";
import { csvStream } from "~/desk/csv-stream.server";
import { listDeskOrders } from "~/desk/orders.server";
import { parseDeskFilter } from "~/desk/search";
import { phoneKey } from "~/phone/phone-key.server";
import { addDays, shopToday } from "~/platform/calendar";
import { type DatabaseTarget, createDatabase } from "../../db/connection";
import type { Database } from "../../db/schema";
import { RealOrdersError, generateOrders } from "../../scripts/orders-generator";
import { freshTarget } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";
import { referenceReport } from "./support/report-reference";

/** Hundreds of generated orders and a report per range: seconds on PostgreSQL under load. */
const SLOW = 30_000;

/** The shop's clock for these tests: the generated orders end on this day. */
const NOW = Date.parse("2026-11-20T11:00:00.000Z");
const TODAY = shopToday(NOW);

let db: Kysely<Database> | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function generated(
  count: number,
  seed: number,
  days = 60,
): Promise<{ target: DatabaseTarget; db: Kysely<Database> }> {
  const target = await freshTarget("generated");
  await generateOrders(target, { count, now: NOW, phoneHashKey: PHONE_HASH_KEY, days, seed });
  db = createDatabase(target);
  return { target, db };
}

describe("the order generator (D88)", () => {
  it(
    "writes orders as the shop does: unique numbers, the phone's hash, items, events, couriers",
    { timeout: SLOW },
    async () => {
      const { db } = await generated(400, 1);
      const orders = await db.selectFrom("orders").selectAll().execute();
      expect(orders).toHaveLength(400);
      expect(new Set(orders.map((order) => order.order_number)).size).toBe(400);
      expect(new Set(orders.map((order) => order.submission_token)).size).toBe(400);
      expect(new Set(orders.map((order) => order.track_token)).size).toBe(400);
      for (const order of orders) {
        expect(Date.parse(order.created_at)).toBeLessThanOrEqual(NOW);
        expect(Date.parse(order.created_at)).toBeGreaterThan(NOW - 61 * 86_400_000);
        expect(order.phone_key).toBe(phoneKey(order.phone, PHONE_HASH_KEY));
        expect(order.phone).toMatch(/^\+995 5\d\d \d{3} \d{3}$/);
        expect(order.delivery_time).toMatch(/^\d\d\.\d\d\.\d\d$/);
        expect(order.total).toBe(
          (
            await db
              .selectFrom("order_items")
              .select((eb) => eb.fn.sum<number>("subtotal").as("goods"))
              .where("order_id", "=", order.id)
              .executeTakeFirstOrThrow()
          ).goods *
            1 -
            order.discount +
            order.delivery_fee,
        );
      }
      // The last day is the clock's today, and the orders to confirm are the newest.
      expect(orders.some((order) => order.created_at.startsWith("2026-11-20"))).toBe(true);
      const statuses = new Set(orders.map((order) => order.status));
      for (const status of ["new", "confirmed", "delivered", "refused", "cancelled"])
        expect(statuses).toContain(status);
      expect(new Set(orders.map((order) => order.language)).size).toBeGreaterThanOrEqual(6);
      // Phones come back: fewer phones than orders, and some phone with three or more.
      const byPhone = new Map<string, number>();
      for (const order of orders)
        byPhone.set(order.phone_key ?? "", (byPhone.get(order.phone_key ?? "") ?? 0) + 1);
      expect(byPhone.size).toBeLessThan(300);
      expect(Math.max(...byPhone.values())).toBeGreaterThanOrEqual(3);
      // The catalogue's products, an event per change, a hand-off per parcel that went out.
      const catalogue = new Set(
        (await db.selectFrom("products").select(["product_group", "slug"]).execute()).map(
          (product) => `${product.product_group}/${product.slug}`,
        ),
      );
      for (const item of await db.selectFrom("order_items").select("item_key").execute())
        expect(catalogue).toContain(item.item_key);
      const delivered = orders.find((order) => order.status === "delivered");
      const events = await db
        .selectFrom("order_events")
        .select(["to_status"])
        .where("order_id", "=", delivered?.id ?? 0)
        .where("kind", "=", "status")
        .orderBy("id")
        .execute();
      expect(events.map((event) => event.to_status)).toEqual(["confirmed", "shipped", "delivered"]);
      const withCourier = orders.filter((order) =>
        ["shipped", "delivered", "refused"].includes(order.status),
      );
      for (const order of withCourier) expect(order.courier_id).not.toBeNull();
      const handoffs = await db.selectFrom("handoffs").select("order_id").execute();
      expect(new Set(handoffs.map((one) => one.order_id)).size).toBe(withCourier.length);
      const days = await db.selectFrom("courier_days").selectAll().execute();
      expect(days.length).toBeGreaterThan(0);
    },
  );

  it("adds to a database that has orders only when forced", { timeout: SLOW }, async () => {
    const { target, db } = await generated(50, 2);
    await expect(
      generateOrders(target, { count: 10, now: NOW, phoneHashKey: PHONE_HASH_KEY, seed: 3 }),
    ).rejects.toBeInstanceOf(RealOrdersError);
    await generateOrders(target, {
      count: 10,
      now: NOW,
      phoneHashKey: PHONE_HASH_KEY,
      seed: 3,
      force: true,
    });
    const numbers = await db.selectFrom("orders").select("order_number").execute();
    expect(numbers).toHaveLength(60);
    expect(new Set(numbers.map((row) => row.order_number)).size).toBe(60);
  });
});

describe("the reports, added up by the database (D88)", () => {
  const titles = (key: string) => (key === "body/hemor-cream" ? "Hemorrhoid cream" : null);
  const places = { zones: [...defaultZones], language: "en" };
  const ranges: ReportRange[] = [
    { from: addDays(TODAY, -29), to: TODAY, by: "placed" },
    { from: addDays(TODAY, -29), to: TODAY, by: "delivery" },
    { from: addDays(TODAY, -70), to: addDays(TODAY, 5), by: "placed" },
    { from: addDays(TODAY, -70), to: addDays(TODAY, 5), by: "delivery" },
    { from: TODAY, to: TODAY, by: "placed" },
  ];

  async function expectSameReports(database: Kysely<Database>) {
    for (const range of ranges) {
      const fromSums = await buildReport(database, range, titles, places, NOW);
      expect(fromSums).toEqual(await referenceReport(database, range, titles, places));
    }
  }

  it(
    "give the same numbers as reading every order, kept days included, after changes too",
    { timeout: SLOW },
    async () => {
      const { db } = await generated(900, 4);
      await expectSameReports(db);
      // Kept days now: the same again.
      expect(
        Number(
          (
            await db
              .selectFrom("report_days")
              .select((eb) => eb.fn.countAll<number>().as("kept"))
              .where("figures", "is not", null)
              .executeTakeFirstOrThrow()
          ).kept,
        ),
      ).toBeGreaterThan(50);
      await expectSameReports(db);

      // Changes on kept days: a delivered order refused, another's cash corrected, a line
      // changed, a parcel reported otherwise, an order placed on an old day, one deleted.
      const old = await db
        .selectFrom("orders")
        .selectAll()
        .where("status", "=", "delivered")
        .where("created_at", "<", "2026-10-20")
        .orderBy("id")
        .limit(3)
        .execute();
      const [first, second, third] = old;
      if (!first || !second || !third) throw new Error("The generator made no old orders.");
      await db
        .updateTable("orders")
        .set({ status: "refused" })
        .where("id", "=", first.id)
        .execute();
      await db
        .updateTable("orders")
        .set({ total: second.total + 700, delivery_fee: second.delivery_fee + 700 })
        .where("id", "=", second.id)
        .execute();
      await db
        .updateTable("order_items")
        .set({ qty: 5, subtotal: 50_000 })
        .where("order_id", "=", third.id)
        .execute();
      await db
        .updateTable("handoffs")
        .set({ outcome: "refused" })
        .where("order_id", "=", first.id)
        .execute();
      await db
        .insertInto("orders")
        .values({
          order_number: 99_999_999,
          address: "Rustaveli 1",
          phone: "+995 555 000 111",
          delivery_time: "01.10.26",
          delivery_date: "2026-10-01",
          total: 10_000,
          positions: 1,
          language: "ka",
          submission_token: "late-import",
          created_at: "2026-09-30T10:00:00.000Z",
          status: "delivered",
        })
        .execute();
      await expectSameReports(db);
      const gone = old[0];
      await db
        .deleteFrom("handoffs")
        .where("order_id", "=", gone?.id ?? 0)
        .execute();
      await db
        .deleteFrom("order_events")
        .where("order_id", "=", gone?.id ?? 0)
        .execute();
      await db
        .deleteFrom("order_items")
        .where("order_id", "=", gone?.id ?? 0)
        .execute();
      await db
        .deleteFrom("order_promotions")
        .where("order_id", "=", gone?.id ?? 0)
        .execute();
      await db
        .deleteFrom("promotion_uses")
        .where("order_id", "=", gone?.id ?? 0)
        .execute();
      await db
        .deleteFrom("orders")
        .where("id", "=", gone?.id ?? 0)
        .execute();
      await expectSameReports(db);
    },
  );

  it(
    "keep no figures worked out while an order of the day changed",
    { timeout: SLOW },
    async () => {
      const { db } = await generated(200, 5);
      const range: ReportRange = {
        from: addDays(TODAY, -20),
        to: addDays(TODAY, -10),
        by: "placed",
      };
      await buildReport(db, range, titles, places, NOW);
      // A change marks the day: its figures go and its stamp moves on.
      const order = await db
        .selectFrom("orders")
        .select(["id", "created_at"])
        .where("created_at", ">=", "2026-11-05")
        .where("created_at", "<", "2026-11-06")
        .where("status", "=", "delivered")
        .executeTakeFirstOrThrow();
      const before = await db
        .selectFrom("report_days")
        .selectAll()
        .where("basis", "=", "placed")
        .where("day", "=", "2026-11-05")
        .executeTakeFirstOrThrow();
      expect(before.figures).not.toBeNull();
      await db
        .updateTable("orders")
        .set({ status: "refused" })
        .where("id", "=", order.id)
        .execute();
      const after = await db
        .selectFrom("report_days")
        .selectAll()
        .where("basis", "=", "placed")
        .where("day", "=", "2026-11-05")
        .executeTakeFirstOrThrow();
      expect(after.figures).toBeNull();
      expect(Number(after.stamp)).toBeGreaterThan(Number(before.stamp));
      // The depersonalising sweep changes nothing the reports count: no day is marked.
      await sql`update orders set address = '', phone = '' where id = ${order.id}`.execute(db);
      await buildReport(db, range, titles, places, NOW);
      const kept = await db
        .selectFrom("report_days")
        .select("figures")
        .where("basis", "=", "placed")
        .where("day", "=", "2026-11-05")
        .executeTakeFirstOrThrow();
      expect(kept.figures).not.toBeNull();
      await db.updateTable("orders").set({ address: "" }).where("id", "=", order.id).execute();
      const still = await db
        .selectFrom("report_days")
        .select("figures")
        .where("basis", "=", "placed")
        .where("day", "=", "2026-11-05")
        .executeTakeFirstOrThrow();
      expect(still.figures).not.toBeNull();
    },
  );
});

describe("the desk's tab counts from kept days (D88)", () => {
  async function direct(database: Kysely<Database>) {
    const rows = await database
      .selectFrom("orders")
      .select((eb) => [
        "status",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.sum<number>("total").as("total"),
      ])
      .groupBy("status")
      .execute();
    return new Map(
      rows.map((row) => [row.status, { orders: Number(row.orders), total: Number(row.total) }]),
    );
  }

  it(
    "count every order by status as a count of the table does, before and after changes",
    { timeout: SLOW },
    async () => {
      const { db } = await generated(500, 6);
      expect(await statusCounts(db, TODAY)).toEqual(await direct(db));
      // Kept now; the same from the kept rows.
      const kept = await db
        .selectFrom("report_days")
        .select("day")
        .where("counts", "is not", null)
        .execute();
      expect(kept.length).toBeGreaterThan(40);
      expect(await statusCounts(db, TODAY)).toEqual(await direct(db));
      const old = await db
        .selectFrom("orders")
        .select(["id", "total"])
        .where("status", "=", "delivered")
        .where("created_at", "<", "2026-10-25")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      await db.updateTable("orders").set({ status: "refused" }).where("id", "=", old.id).execute();
      await db
        .insertInto("orders")
        .values({
          order_number: 99_999_998,
          address: "Rustaveli 2",
          phone: "+995 555 000 112",
          delivery_time: "02.10.26",
          delivery_date: "2026-10-02",
          total: 12_000,
          positions: 1,
          language: "ru",
          submission_token: "late-import-2",
          created_at: "2026-10-01T10:00:00.000Z",
          status: "delivered",
        })
        .execute();
      expect(await statusCounts(db, TODAY)).toEqual(await direct(db));
      // The desk's list shows them.
      const list = await listDeskOrders(
        db,
        parseDeskFilter(new URLSearchParams()),
        NOW,
        PHONE_HASH_KEY,
      );
      const counted = await direct(db);
      expect(list.counts.delivered).toBe(counted.get("delivered")?.orders);
      expect(list.cashCollected).toBe(counted.get("delivered")?.total);
    },
  );
});

describe("the CSV stream (D88)", () => {
  /** Rows read as better-sqlite3 reads them through Kysely: in promises alone. */
  async function* rowsOf(count: number, read: { rows: number }) {
    for (let index = 0; index < count; index += 1) {
      await Promise.resolve();
      read.rows += 1;
      yield { number: index, text: `Row ${index}, "quoted"` };
    }
  }

  const head = "\uFEFFnumber,text\r\n";
  const row = (value: { number: number; text: string }) =>
    `${value.number},"${value.text.replace(/"/g, '""')}"\r\n`;

  it("gives the same bytes as a row a chunk did, and the head before any row is read", async () => {
    const read = { rows: 0 };
    let done = false;
    const stream = csvStream(rowsOf(450, read), {
      head,
      row,
      done: async () => {
        done = true;
      },
    });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(first.value)).toBe(head);
    expect(read.rows).toBeLessThanOrEqual(1);
    const second = await reader.read();
    expect(read.rows).toBeLessThan(450);
    expect(new TextDecoder().decode(second.value).split("\r\n")).toHaveLength(201);
    const chunks = [first.value, second.value];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
    }
    const bytes = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk ?? [])));
    let before = head;
    for (let index = 0; index < 450; index += 1)
      before += row({ number: index, text: `Row ${index}, "quoted"` });
    expect(bytes.equals(Buffer.from(before))).toBe(true);
    expect(done).toBe(true);
  });

  it("reaches the client over HTTP before the last row is read", async () => {
    const read = { rows: 0 };
    const total = 20_000;
    let readAll = 0;
    const server = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/csv; charset=utf-8" });
      // As Remix's express adapter sends a loader's stream.
      void writeReadableStreamToWritable(
        csvStream(rowsOf(total, read), {
          head,
          row,
          done: async () => {
            readAll = performance.now();
          },
        }),
        response,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const reader = response.body?.getReader();
      const first = await reader?.read();
      const firstAt = performance.now();
      const rowsWhenFirst = read.rows;
      let bytes = first?.value?.length ?? 0;
      for (;;) {
        const next = await reader?.read();
        if (!next || next.done) break;
        bytes += next.value.length;
      }
      expect(rowsWhenFirst).toBeLessThan(total / 10);
      expect(firstAt).toBeLessThan(readAll);
      expect(bytes).toBeGreaterThan(total * 10);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
