import { type Kysely, PostgresAdapter, sql } from "kysely";

// The desk at a million orders (D88).
//
// Indexes, each for a page that read the whole of a table without it:
// - `orders (status, total)` in place of `orders (status)`: the desk's tab counts and its
//   cash sums are read from the index alone (the table's rows are never visited);
// - `handoffs (day, courier_id, outcome, amount)`: a day's hand-off and cash pages and the
//   reports' couriers, found by the day (the old index starts with the courier);
// - `order_events (staff_id, at)`: the desk's "Undo" offer looks for the reader's own
//   latest change, which walked every event back to the first when they had none lately.
//
// `report_days`: the reports' figures of one day, as the database added them up, and the
// desk's counts of its orders by status, kept until something they count changes (D88). Triggers mark a day changed (`stamp` + 1, the
// figures dropped) when an order of it changes how it counts (status, cash, language, source,
// zone, dates), when one of its lines or promotions changes, or when a hand-off of the day
// changes. A new order marks its days only if one of them is kept, which an order placed
// today never finds (the report reads the last days afresh every time): placing an order
// reads one entry of a small index and writes nothing more. A day counted in Tbilisi is
// marked with its neighbours (the UTC date ±1), so no time zone is needed here.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

/** The order columns the reports add up or choose by: a change to one marks its days. */
const COUNTED = [
  "status",
  "total",
  "delivery_fee",
  "discount",
  "not_home",
  "language",
  "source",
  "delivery_zone",
  "delivery_area",
  "delivery_date",
  "created_at",
];

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** SQLite: the days `row` (`old` or `new`) counts on, as rows of a select. */
function sqliteDays(created: string, delivery: string): string {
  return [
    `select 'placed' as basis, date(${created}, '-1 day') as day`,
    `select 'placed', date(${created})`,
    `select 'placed', date(${created}, '+1 day')`,
    `select 'delivery', coalesce(${delivery}, '')`,
  ].join(" union ");
}

function sqliteMark(days: string): string {
  return `insert into report_days (basis, day, stamp) select basis, day, 1 from (${days}) where day is not null
    on conflict (basis, day) do update set stamp = report_days.stamp + 1, figures = null, counts = null;`;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("report_days")
    .addColumn("basis", "text", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("stamp", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("figures", "text")
    .addColumn("counts", "text")
    .addPrimaryKeyConstraint("report_days_pk", ["basis", "day"])
    .execute();

  await db.schema.dropIndex("orders_status").execute();
  await db.schema.createIndex("orders_status").on("orders").columns(["status", "total"]).execute();
  await db.schema
    .createIndex("handoffs_day")
    .on("handoffs")
    .columns(["day", "courier_id", "outcome", "amount"])
    .execute();
  await db.schema
    .createIndex("order_events_staff_at")
    .on("order_events")
    .columns(["staff_id", "at"])
    .execute();

  if (isPostgres(db)) {
    await sql`create function report_days_mark(p_basis text, p_day text) returns void as $$
      begin
        if p_day is null then return; end if;
        insert into report_days (basis, day, stamp) values (p_basis, p_day, 1)
          on conflict on constraint report_days_pk
          do update set stamp = report_days.stamp + 1, figures = null, counts = null;
      end $$ language plpgsql`.execute(db);
    await sql`create function report_days_mark_order(created text, delivery text) returns void as $$
      declare utc date := left(created, 10)::date;
      begin
        perform report_days_mark('placed', to_char(utc - 1, 'YYYY-MM-DD'));
        perform report_days_mark('placed', to_char(utc, 'YYYY-MM-DD'));
        perform report_days_mark('placed', to_char(utc + 1, 'YYYY-MM-DD'));
        perform report_days_mark('delivery', coalesce(delivery, ''));
      end $$ language plpgsql`.execute(db);
    await sql`create function orders_report_days() returns trigger as $$
      begin
        perform report_days_mark_order(old.created_at, old.delivery_date);
        if tg_op = 'UPDATE' and (new.created_at is distinct from old.created_at
            or new.delivery_date is distinct from old.delivery_date) then
          perform report_days_mark_order(new.created_at, new.delivery_date);
        end if;
        return null;
      end $$ language plpgsql`.execute(db);
    // A new order marks its days only when one of them is kept: an order placed today finds
    // none (today is never kept), so placing reads one index entry and writes nothing more.
    await sql`create function orders_report_days_insert() returns trigger as $$
      declare utc date := left(new.created_at, 10)::date;
      begin
        if exists (select 1 from report_days where (figures is not null or counts is not null) and (
            (basis = 'placed' and day between to_char(utc - 1, 'YYYY-MM-DD') and to_char(utc + 1, 'YYYY-MM-DD'))
            or (basis = 'delivery' and day = new.delivery_date))) then
          perform report_days_mark_order(new.created_at, new.delivery_date);
        end if;
        return null;
      end $$ language plpgsql`.execute(db);
    await sql`create function order_parts_report_days() returns trigger as $$
      declare placed record;
      begin
        select created_at, delivery_date into placed from orders where id = old.order_id;
        if found then perform report_days_mark_order(placed.created_at, placed.delivery_date); end if;
        return null;
      end $$ language plpgsql`.execute(db);
    await sql`create function handoffs_report_days() returns trigger as $$
      begin
        if tg_op <> 'INSERT' then perform report_days_mark('handoffs', old.day); end if;
        if tg_op <> 'DELETE' then perform report_days_mark('handoffs', new.day); end if;
        return null;
      end $$ language plpgsql`.execute(db);
    await sql`create trigger orders_report_days after update of ${sql.raw(COUNTED.join(", "))} or delete on orders
      for each row execute function orders_report_days()`.execute(db);
    await sql`create trigger orders_report_days_insert after insert on orders
      for each row execute function orders_report_days_insert()`.execute(db);
    for (const table of ["order_items", "order_promotions"])
      await sql`create trigger ${sql.id(`${table}_report_days`)} after update or delete on ${sql.id(table)}
        for each row execute function order_parts_report_days()`.execute(db);
    await sql`create trigger handoffs_report_days after insert or update or delete on handoffs
      for each row execute function handoffs_report_days()`.execute(db);
    return;
  }

  const orderDays = (row: string) => sqliteDays(`${row}.created_at`, `${row}.delivery_date`);
  await sql
    .raw(`create trigger orders_report_days_update after update of ${COUNTED.join(", ")} on orders
      begin ${sqliteMark(`${orderDays("old")} union ${orderDays("new")}`)} end`)
    .execute(db);
  await sql
    .raw(`create trigger orders_report_days_insert after insert on orders
      when exists (select 1 from report_days where (figures is not null or counts is not null) and (
        (basis = 'placed' and day between date(new.created_at, '-1 day') and date(new.created_at, '+1 day'))
        or (basis = 'delivery' and day = new.delivery_date)))
      begin ${sqliteMark(orderDays("new"))} end`)
    .execute(db);
  await sql
    .raw(`create trigger orders_report_days_delete after delete on orders
      begin ${sqliteMark(orderDays("old"))} end`)
    .execute(db);
  const partDays = sqliteDays(
    "(select created_at from orders where id = old.order_id)",
    "(select delivery_date from orders where id = old.order_id)",
  );
  for (const table of ["order_items", "order_promotions"])
    for (const change of ["update", "delete"])
      await sql
        .raw(`create trigger ${table}_report_days_${change} after ${change} on ${table}
          begin ${sqliteMark(partDays)} end`)
        .execute(db);
  const handoffDay = (row: string) => `select 'handoffs' as basis, ${row}.day as day`;
  await sql
    .raw(`create trigger handoffs_report_days_insert after insert on handoffs
      begin ${sqliteMark(handoffDay("new"))} end`)
    .execute(db);
  await sql
    .raw(`create trigger handoffs_report_days_update after update on handoffs
      begin ${sqliteMark(`${handoffDay("old")} union ${handoffDay("new")}`)} end`)
    .execute(db);
  await sql
    .raw(`create trigger handoffs_report_days_delete after delete on handoffs
      begin ${sqliteMark(handoffDay("old"))} end`)
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists orders_report_days on orders`.execute(db);
    await sql`drop trigger if exists orders_report_days_insert on orders`.execute(db);
    await sql`drop trigger if exists order_items_report_days on order_items`.execute(db);
    await sql`drop trigger if exists order_promotions_report_days on order_promotions`.execute(db);
    await sql`drop trigger if exists handoffs_report_days on handoffs`.execute(db);
    for (const name of [
      "orders_report_days()",
      "orders_report_days_insert()",
      "order_parts_report_days()",
      "handoffs_report_days()",
      "report_days_mark_order(text, text)",
      "report_days_mark(text, text)",
    ])
      await sql.raw(`drop function if exists ${name}`).execute(db);
  } else {
    for (const name of [
      "orders_report_days_insert",
      "orders_report_days_update",
      "orders_report_days_delete",
      "order_items_report_days_update",
      "order_items_report_days_delete",
      "order_promotions_report_days_update",
      "order_promotions_report_days_delete",
      "handoffs_report_days_insert",
      "handoffs_report_days_update",
      "handoffs_report_days_delete",
    ])
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropIndex("order_events_staff_at").execute();
  await db.schema.dropIndex("handoffs_day").execute();
  await db.schema.dropIndex("orders_status").execute();
  await db.schema.createIndex("orders_status").on("orders").column("status").execute();
  await db.schema.dropTable("report_days").execute();
}
