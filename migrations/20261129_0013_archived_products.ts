import { type Kysely, PostgresAdapter, sql } from "kysely";

// A product that orders name cannot be deleted (its orders, slips and reports still name
// it), so the owner archives it: a status like hidden, which shoppers never see, that the
// desk's product list also sets aside until it is restored. Only the status's CHECK
// widens. SQLite cannot alter a CHECK, so its table is rebuilt as SQLite's documentation
// prescribes (foreign keys off, new table, copy, drop, rename, check): its texts and
// photos keep their rows and their ties.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

const BEFORE = ["draft", "coming_soon", "on_sale", "sold_out", "hidden"];
const AFTER = [...BEFORE, "archived"];

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const checkOf = (statuses: readonly string[]) =>
  sql.raw(`status in (${statuses.map((status) => `'${status}'`).join(", ")})`);

async function allowStatuses(db: AnyDb, statuses: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table products drop constraint products_status_check`.execute(db);
    await sql`alter table products add constraint products_status_check check (${checkOf(statuses)})`.execute(
      db,
    );
    return;
  }
  // SQLite runs migrations outside a transaction, so the pragma takes effect here.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.schema
      .createTable("products_rebuilt")
      .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
      .addColumn("product_group", "text", (col) =>
        col.notNull().check(sql`product_group in ('face', 'body', 'suncare')`),
      )
      .addColumn("slug", "text", (col) => col.notNull())
      .addColumn("status", "text", (col) => col.notNull().check(checkOf(statuses)))
      .addColumn("price", "integer")
      .addColumn("volume_ml", "integer")
      .addColumn("stock", "integer", (col) => col.check(sql`stock is null or stock >= 0`))
      .addColumn("position", "integer", (col) => col.notNull())
      .addColumn("line", "text")
      .addColumn("related", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("survey", "text", (col) => col.notNull().defaultTo("[]"))
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addUniqueConstraint("products_group_slug", ["product_group", "slug"])
      .execute();
    await sql`insert into products_rebuilt select id, product_group, slug, status, price, volume_ml, stock, position, line, related, survey, created_at, updated_at from products`.execute(
      db,
    );
    await sql`drop table products`.execute(db);
    await sql`alter table products_rebuilt rename to products`.execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error("products: a text or photo lost its product");
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  await allowStatuses(db, AFTER);
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .updateTable("products")
    .set({ status: "hidden" })
    .where("status", "=", "archived")
    .execute();
  await allowStatuses(db, BEFORE);
}
