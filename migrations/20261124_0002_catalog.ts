import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type OnModifyForeignAction,
  PostgresAdapter,
  sql,
} from "kysely";
import seed from "./20261124_0002_catalog.json";

// The owner runs the shop (D31, D32): staff become owners or staff; the catalogue, its
// texts in nine languages, its photos and the shop's settings move into the database,
// seeded with exactly what the shop showed before (the JSON beside this file is frozen
// with it, copied from the dictionaries of 2026-11-24); one revision number that every
// process watches; and the append-only trail of every change an owner makes.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function idColumn(db: AnyDb) {
  return isPostgres(db)
    ? (["serial", (col: ColumnDefinitionBuilder) => col.primaryKey()] as const)
    : (["integer", (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement()] as const);
}

const cascade: OnModifyForeignAction = "cascade";
const SEEDED_AT = "2026-11-24T00:00:00.000Z";

export async function up(db: AnyDb): Promise<void> {
  const [idType, idBuilder] = idColumn(db);
  const bytesType = isPostgres(db) ? "bytea" : "blob";

  // Everyone who could use the desk before roles existed ran the whole shop.
  await db.schema
    .alterTable("staff")
    .addColumn("role", "text", (col) =>
      col.notNull().defaultTo("staff").check(sql`role in ('owner', 'staff')`),
    )
    .execute();
  await db.updateTable("staff").set({ role: "owner" }).execute();

  await db.schema
    .createTable("products")
    .addColumn("id", idType, idBuilder)
    .addColumn("product_group", "text", (col) =>
      col.notNull().check(sql`product_group in ('face', 'body', 'suncare')`),
    )
    .addColumn("slug", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('draft', 'coming_soon', 'on_sale', 'sold_out', 'hidden')`),
    )
    .addColumn("price", "integer")
    .addColumn("volume_ml", "integer")
    // Null: the shop does not count this product's stock.
    .addColumn("stock", "integer", (col) => col.check(sql`stock is null or stock >= 0`))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("line", "text")
    // JSON: the keys of related products; the survey's percentages, one an advantage.
    .addColumn("related", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("survey", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("products_group_slug", ["product_group", "slug"])
    .execute();

  await db.schema
    .createTable("product_texts")
    .addColumn("product_id", "integer", (col) =>
      col.notNull().references("products.id").onDelete(cascade),
    )
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("short", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("ingredients", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("usage", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("warnings", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("advantages", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("photo_alt", "text", (col) => col.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("product_texts_pk", ["product_id", "language"])
    .execute();

  await db.schema
    .createTable("product_photos")
    .addColumn("id", idType, idBuilder)
    .addColumn("product_id", "integer", (col) =>
      col.notNull().references("products.id").onDelete(cascade),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    // A drawing shipped with the shop ("/images/…") or the stem of an upload's files.
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("product_photos_product")
    .on("product_photos")
    .columns(["product_id", "position"])
    .execute();

  // An uploaded photo's encodings, in the database so every worker and machine serves them.
  await db.schema
    .createTable("photo_files")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("photo_id", "integer", (col) =>
      col.notNull().references("product_photos.id").onDelete(cascade),
    )
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("bytes", bytesType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("photo_files_photo").on("photo_files").column("photo_id").execute();

  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();

  // Bumped in the transaction of every change shoppers see; each process watches it.
  await db.schema
    .createTable("content_revision")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("revision", "integer", (col) => col.notNull())
    .execute();
  await db.insertInto("content_revision").values({ id: 1, revision: 1 }).execute();

  await db.schema
    .createTable("activity")
    .addColumn("id", idType, idBuilder)
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("staff_id", "integer", (col) => col.references("staff.id"))
    .addColumn("actor", "text", (col) => col.notNull())
    // What changed: "product" (its key), "settings" (a section), "staff" (an id).
    .addColumn("subject_type", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("field", "text", (col) => col.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  await db.schema
    .createIndex("activity_subject")
    .on("activity")
    .columns(["subject_type", "subject", "id"])
    .execute();
  await db.schema
    .createIndex("activity_staff")
    .on("activity")
    .columns(["staff_id", "id"])
    .execute();

  for (const product of seed.products) {
    const { id } = await db
      .insertInto("products")
      .values({
        product_group: product.group,
        slug: product.slug,
        status: product.status,
        price: product.price,
        volume_ml: product.volume_ml,
        stock: product.stock,
        position: product.position,
        line: product.line,
        related: JSON.stringify(product.related),
        survey: JSON.stringify(product.survey),
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("product_texts")
      .values(
        Object.entries(product.texts).map(([language, texts]) => ({
          product_id: id,
          language,
          ...texts,
        })),
      )
      .execute();
    await db
      .insertInto("product_photos")
      .values(
        product.photos.map((photo, index) => ({
          product_id: id,
          position: index + 1,
          source: photo.src,
          width: photo.width,
          height: photo.height,
          created_at: SEEDED_AT,
        })),
      )
      .execute();
  }
  await db
    .insertInto("shop_settings")
    .values(
      Object.entries(seed.settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("activity").execute();
  await db.schema.dropTable("content_revision").execute();
  await db.schema.dropTable("shop_settings").execute();
  await db.schema.dropTable("photo_files").execute();
  await db.schema.dropTable("product_photos").execute();
  await db.schema.dropTable("product_texts").execute();
  await db.schema.dropTable("products").execute();
  await db.schema.alterTable("staff").dropColumn("role").execute();
}
