import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// Promotions (D86): a code (percentage or amount off the goods, a minimum, dates, a use
// limit, once per phone, which products, whether it combines with automatic prices), an
// automatic quantity price per product ("2 or more: 90 GEL each") and a sale price until a
// date. An order keeps what it was charged as a snapshot: each item's regular price beside
// the price charged, the code and its discount on the order, and one row a promotion that
// took part with its amount. A use of a code is a row; a cancelled or refused order gives
// it back (`released_at`), an undone cancellation takes it again.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

/** An engine-numbered integer primary key: `serial` on PostgreSQL, rowid on SQLite. */
function idColumn(db: AnyDb) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? (["serial", (col: ColumnDefinitionBuilder) => col.primaryKey()] as const)
    : (["integer", (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement()] as const);
}

export async function up(db: AnyDb): Promise<void> {
  const [idType, idBuilder] = idColumn(db);
  await db.schema
    .createTable("promotions")
    .addColumn("id", idType, idBuilder)
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("code", "text")
    .addColumn("percent", "integer")
    .addColumn("amount", "integer")
    .addColumn("min_goods", "integer")
    .addColumn("starts_on", "text")
    .addColumn("ends_on", "text")
    .addColumn("use_limit", "integer")
    .addColumn("once_per_phone", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("combines", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("products", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("product_key", "text")
    .addColumn("min_qty", "integer")
    .addColumn("price", "integer")
    .addColumn("active", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("promotions_code").on("promotions").column("code").unique().execute();

  await db.schema
    .createTable("promotion_uses")
    .addColumn("id", idType, idBuilder)
    .addColumn("promotion_id", "integer", (column) => column.notNull().references("promotions.id"))
    .addColumn("order_id", "integer", (column) => column.notNull().references("orders.id"))
    .addColumn("phone_key", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("released_at", "text")
    .execute();
  await db.schema
    .createIndex("promotion_uses_order")
    .on("promotion_uses")
    .columns(["promotion_id", "order_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("promotion_uses_phone")
    .on("promotion_uses")
    .columns(["promotion_id", "phone_key"])
    .execute();

  await db.schema
    .createTable("order_promotions")
    .addColumn("id", idType, idBuilder)
    .addColumn("order_id", "integer", (column) => column.notNull().references("orders.id"))
    .addColumn("promotion_id", "integer", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("code", "text")
    .addColumn("amount", "integer", (column) => column.notNull())
    // The promotion's rule as it stood (JSON): a correction prices by it, not today's.
    .addColumn("rule", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("order_promotions_order")
    .on("order_promotions")
    .column("order_id")
    .execute();
  await db.schema
    .createIndex("order_promotions_promotion")
    .on("order_promotions")
    .column("promotion_id")
    .execute();

  await db.schema.alterTable("orders").addColumn("promo_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discount", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("order_items").addColumn("regular_price", "integer").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("regular_price").execute();
  await db.schema.alterTable("orders").dropColumn("discount").execute();
  await db.schema.alterTable("orders").dropColumn("promo_code").execute();
  await db.schema.dropTable("order_promotions").execute();
  await db.schema.dropTable("promotion_uses").execute();
  await db.schema.dropTable("promotions").execute();
}
