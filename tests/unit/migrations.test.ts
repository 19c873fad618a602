import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/connection";
import { createMigrator, migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";

let db: Kysely<Database> | undefined;

const ALL_TABLES = [
  "access_log",
  "activity",
  "backup_copies",
  "backup_runs",
  "blocked_phones",
  "content_revision",
  "courier_days",
  "couriers",
  "desk_passkey_challenges",
  "desk_passkeys",
  "desk_sessions",
  "desk_sign_in_links",
  "handoffs",
  "leases",
  "message_stops",
  "notifications",
  "order_events",
  "order_items",
  "order_promotions",
  "orders",
  "phone_codes",
  "photo_files",
  "privacy_requests",
  "privacy_sweeps",
  "product_photos",
  "product_texts",
  "products",
  "promotion_uses",
  "promotions",
  "report_days",
  "reviews",
  "shop_settings",
  "shopper_chats",
  "staff",
  "telegram_updates",
  "testimonial_texts",
  "testimonials",
  "throttle_hits",
];

afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

function freshDatabase(): Kysely<Database> {
  db = createDatabase(join(mkdtempSync(join(tmpdir(), "shop-db-")), "nested", "shop.sqlite"));
  return db;
}

async function tableNames(database: Kysely<Database>): Promise<string[]> {
  const tables = await database.introspection.getTables();
  return tables.map((table) => table.name).sort();
}

describe("migrations", () => {
  it("give a fresh database every table, in a folder created on demand", async () => {
    const database = freshDatabase();
    await migrateToLatest(database);
    expect(await tableNames(database)).toEqual(ALL_TABLES);

    const orders = (await database.introspection.getTables()).find((t) => t.name === "orders");
    expect(orders?.columns.map((column) => column.name)).toEqual([
      "id",
      "order_number",
      "address",
      "phone",
      "messenger",
      "email",
      "delivery_time",
      "total",
      "positions",
      "language",
      "submission_token",
      "created_at",
      "status",
      "name",
      "delivery_date",
      "calls",
      "last_call_at",
      "taken_by",
      "pinned_note",
      "tags",
      "courier_id",
      "not_home",
      "source",
      "medium",
      "campaign",
      "track_token",
      "chat_token",
      "phone_key",
      "depersonalised_at",
      "delivery_zone",
      "delivery_area",
      "delivery_fee",
      "promo_code",
      "discount",
    ]);
  });

  it("give orders placed before the shopper could follow them both private tokens", async () => {
    const database = freshDatabase();
    await createMigrator(database).migrateTo("20261125_0002_couriers");
    for (const number of [444444, 444445])
      await sql`insert into orders (order_number, address, phone, delivery_time, total, positions, language, submission_token, created_at)
        values (${number}, 'A', '+995 555 123 456', '03.12.26', 10000, 1, 'ka', ${`old-${number}`}, '2026-11-20T10:00:00.000Z')`.execute(
        database,
      );
    await migrateToLatest(database);
    const rows = await database
      .selectFrom("orders")
      .select(["track_token", "chat_token"])
      .execute();
    const tokens = rows.flatMap((row) => [row.track_token, row.chat_token]);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(4);
  });

  it("let the outbox carry messages about no order, keeping every row it had", async () => {
    const database = freshDatabase();
    const migrator = createMigrator(database);
    await migrator.migrateTo("20261125_0001_day_orders");
    await sql`insert into orders (order_number, address, phone, delivery_time, total, positions, language, submission_token, created_at)
      values (333333, 'A', '+995 555 123 456', '03.12.26', 10000, 1, 'ru', 'old-token-3', '2026-11-20T10:00:00.000Z')`.execute(
      database,
    );
    await sql`insert into notifications (order_id, chat_id, text, status, message_id, revision)
      values (1, '-100', 'Order 333333', 'sent', 77, 2)`.execute(database);
    await migrateToLatest(database);
    expect(
      await database
        .selectFrom("notifications")
        .select(["order_id", "chat_id", "text", "status", "message_id", "revision", "topic"])
        .execute(),
    ).toEqual([
      {
        order_id: 1,
        chat_id: "-100",
        text: "Order 333333",
        status: "sent",
        message_id: 77,
        revision: 2,
        topic: null,
      },
    ]);
    const row = { chat_id: "-100", text: "Weekly", topic: "weekly:2026-11-30" };
    await database
      .insertInto("notifications")
      .values({ ...row, order_id: null })
      .execute();
    // One message a topic and chat; an order's row still belongs to a real order.
    await expect(
      database
        .insertInto("notifications")
        .values({ ...row, order_id: null })
        .execute(),
    ).rejects.toThrow();
    await expect(
      database
        .insertInto("notifications")
        .values({ chat_id: "-100", text: "x", order_id: 999 })
        .execute(),
    ).rejects.toThrow();
    // And back: the couriers' tables go, the rows stay.
    await migrator.migrateTo("20261125_0001_day_orders");
    expect(await tableNames(database)).not.toContain("handoffs");
    expect(await database.selectFrom("notifications").select("id").execute()).toHaveLength(1);
  });

  it("start orders placed before the desk existed as new, with no events", async () => {
    const database = freshDatabase();
    const migrator = createMigrator(database);
    await migrator.migrateTo("20261122_0001_orders");
    await sql`insert into orders (order_number, address, phone, delivery_time, total, positions, language, submission_token, created_at)
      values (111111, 'A', '+995 555 123 456', '01.02.26', 10000, 1, 'ru', 'old-token', '2026-11-20T10:00:00.000Z')`.execute(
      database,
    );
    await migrateToLatest(database);
    const order = await database.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
    expect(order.status).toBe("new");
    await expect(
      sql`update orders set status = 'lost' where id = ${order.id}`.execute(database),
    ).rejects.toThrow(/CHECK/);
  });

  it("give every order placed before an ISO delivery date, no calls, no name", async () => {
    const database = freshDatabase();
    const migrator = createMigrator(database);
    await migrator.migrateTo("20261124_0002_catalog");
    await sql`insert into orders (order_number, address, phone, delivery_time, total, positions, language, submission_token, created_at)
      values (222222, 'A', '+995 555 123 456', '03.12.26', 10000, 1, 'ru', 'old-token-2', '2026-11-20T10:00:00.000Z')`.execute(
      database,
    );
    await migrateToLatest(database);
    const order = await database
      .selectFrom("orders")
      .select(["delivery_date", "calls", "name", "tags", "pinned_note"])
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      delivery_date: "2026-12-03",
      calls: 0,
      name: null,
      tags: "",
      pinned_note: null,
    });
  });

  it("give order events a note key and values, keeping the notes written before", async () => {
    const database = freshDatabase();
    const migrator = createMigrator(database);
    await migrator.migrateTo("20261123_0004_outbox_claim");
    await sql`insert into orders (order_number, address, phone, delivery_time, total, positions, language, submission_token, created_at)
      values (111111, 'A', '+995 555 123 456', '01.02.26', 10000, 1, 'ru', 'old-token', '2026-11-20T10:00:00.000Z')`.execute(
      database,
    );
    await sql`insert into order_events (order_id, at, actor, kind, from_status, to_status, note)
      values (1, '2026-11-21T10:00:00.000Z', 'system', 'status', 'new', 'cancelled', 'Не подтверждён за 24 ч. — отменён автоматически')`.execute(
      database,
    );
    await migrateToLatest(database);
    const columns = (await database.introspection.getTables())
      .find((table) => table.name === "order_events")
      ?.columns.map((column) => [column.name, column.dataType.toLowerCase(), column.isNullable]);
    expect(columns).toEqual(
      expect.arrayContaining([
        ["note", "text", true],
        ["note_key", "text", true],
        ["note_values", "text", true],
      ]),
    );
    const [before] = await database.selectFrom("order_events").selectAll().execute();
    expect(before).toMatchObject({
      note: "Не подтверждён за 24 ч. — отменён автоматически",
      note_key: null,
      note_values: null,
    });
    await database
      .insertInto("order_events")
      .values({
        order_id: 1,
        at: "2026-11-22T10:00:00.000Z",
        actor: "system",
        staff_id: null,
        kind: "status",
        from_status: "new",
        to_status: "cancelled",
        note: null,
        note_key: "chat.expiredNote",
        note_values: '{"hours":24}',
      })
      .execute();
    const after = await database.selectFrom("order_events").selectAll().orderBy("id").execute();
    expect(after[1]).toMatchObject({ note_key: "chat.expiredNote", note_values: '{"hours":24}' });

    // And back: the step down removes both columns and keeps the rows.
    await migrator.migrateTo("20261123_0004_outbox_claim");
    const reverted = (await database.introspection.getTables()).find(
      (table) => table.name === "order_events",
    );
    expect(reverted?.columns.map((column) => column.name)).not.toContain("note_key");
    expect(reverted?.columns.map((column) => column.name)).not.toContain("note_values");
    expect(await database.selectFrom("order_events").select("id").execute()).toHaveLength(2);
  });

  it("rewrite corrections stored as text to product keys where every title names one product", async () => {
    const database = freshDatabase();
    const migrator = createMigrator(database);
    await migrator.migrateTo("20261129_0011_event_actions");
    await database
      .insertInto("orders")
      .values({
        order_number: 333333,
        address: "A",
        phone: "+995 555 123 456",
        name: null,
        messenger: null,
        email: null,
        delivery_time: "01.12.26",
        total: 20000,
        positions: 1,
        language: "ka",
        submission_token: "old-token-3",
      })
      .execute();
    const { id } = await database.selectFrom("orders").select("id").executeTakeFirstOrThrow();
    await database
      .insertInto("order_items")
      .values({
        order_id: id,
        item_key: "body/hemor-cream",
        title: "Мазь от геморроя",
        qty: 2,
        price: 10000,
        subtotal: 20000,
      })
      .execute();
    const note = (values: Record<string, string>) => ({
      order_id: id,
      at: "2026-11-28T10:00:00.000Z",
      actor: "Nino",
      staff_id: null,
      kind: "note" as const,
      from_status: null,
      to_status: null,
      note: null,
      note_key: "event.edited.items",
      note_values: JSON.stringify(values),
    });
    await database
      .insertInto("order_events")
      .values([
        // A line the order still has, and one it no longer has, named by another language's title.
        note({ before: "Мазь от геморроя × 3; Burn cream × 1", after: "Мазь от геморроя × 2" }),
        note({ before: "—", after: "Крем от ожогов × 1" }),
        // A product the catalogue never had: left as stored, and read so.
        note({ before: "Old balm × 1", after: "Мазь от геморроя × 2" }),
      ])
      .execute();
    await database
      .updateTable("product_texts")
      .set({ title: "Burn cream" })
      .where("language", "=", "en")
      .where("product_id", "=", (eb) =>
        eb
          .selectFrom("products")
          .select("id")
          .where("product_group", "=", "body")
          .where("slug", "=", "burn-cream"),
      )
      .execute();
    await migrateToLatest(database);
    const values = async () =>
      (await database.selectFrom("order_events").select("note_values").orderBy("id").execute()).map(
        (row) => JSON.parse(row.note_values ?? ""),
      );
    const hemor = (qty: number) => ({ key: "body/hemor-cream", qty, title: "Мазь от геморроя" });
    expect(await values()).toEqual([
      {
        before: [hemor(3), { key: "body/burn-cream", qty: 1, title: "Burn cream" }],
        after: [hemor(2)],
      },
      { before: [], after: [{ key: "body/burn-cream", qty: 1, title: "Крем от ожогов" }] },
      { before: "Old balm × 1", after: "Мазь от геморроя × 2" },
    ]);

    // And back: text again, by the titles stored.
    await migrator.migrateTo("20261129_0011_event_actions");
    expect((await values())[0]).toEqual({
      before: "Мазь от геморроя × 3; Burn cream × 1",
      after: "Мазь от геморроя × 2",
    });
    expect((await values())[1]).toEqual({ before: "—", after: "Крем от ожогов × 1" });
  });

  it("change nothing when run twice", async () => {
    const database = freshDatabase();
    const first = await migrateToLatest(database);
    expect(first.results?.map((result) => result.status)).toEqual(
      first.results?.map(() => "Success"),
    );
    const second = await migrateToLatest(database);
    expect(second.results).toEqual([]);
    expect(await tableNames(database)).toEqual(ALL_TABLES);
  });

  it("open the database durable: WAL, synchronous FULL, foreign keys on", async () => {
    const database = freshDatabase();
    const pragma = async (name: string) =>
      (await sql.raw(`pragma ${name}`).execute(database)).rows[0] as Record<string, unknown>;
    expect(Object.values(await pragma("journal_mode"))[0]).toBe("wal");
    expect(Object.values(await pragma("synchronous"))[0]).toBe(2);
    expect(Object.values(await pragma("foreign_keys"))[0]).toBe(1);
  });

  it("keep order numbers and submission tokens unique and items tied to their order", async () => {
    const database = freshDatabase();
    await migrateToLatest(database);
    const order = {
      order_number: 123,
      address: "Rustaveli 1",
      phone: "+995 555 123 456",
      name: null,
      messenger: null,
      email: null,
      delivery_time: "01.02.26",
      total: 10000,
      positions: 1,
      language: "ru",
      submission_token: "token-1",
    };
    await database.insertInto("orders").values(order).execute();
    await expect(
      database
        .insertInto("orders")
        .values({ ...order, submission_token: "token-2" })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      database
        .insertInto("orders")
        .values({ ...order, order_number: 124 })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      database
        .insertInto("order_items")
        .values({ order_id: 999, item_key: "x", title: "x", qty: 1, price: 1, subtotal: 1 })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});
