import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";
import seed from "./20261125_0005_reviews.json";

// Reviews from people who bought (D34). A review belongs to one order and one product of
// it (one per product per order), is written through the order's private link, and waits
// for an owner: pending, published or rejected, with who decided and when. The eight
// reviews the home page showed from the code become testimonials the owner edits, hides
// or removes, their texts in nine languages as they were (copied once into the JSON
// beside this file); testimonials are never "verified" and never reach structured data.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

interface SeedTestimonial {
  position: number;
  rating: number;
  avatar: string;
  texts: Record<string, { name: string; role: string; text: string }>;
}

function engine(db: AnyDb) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    idType: postgres ? ("serial" as const) : ("integer" as const),
    id: (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
  };
}

export async function up(db: AnyDb): Promise<void> {
  const { idType, id } = engine(db);
  await db.schema
    .createTable("reviews")
    .addColumn("id", idType, id)
    .addColumn("order_id", "integer", (col) =>
      col.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("item_key", "text", (col) => col.notNull())
    .addColumn("rating", "integer", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("author", "text")
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("reason", "text")
    .addColumn("reply", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .execute();
  await db.schema
    .createIndex("reviews_order_item")
    .on("reviews")
    .columns(["order_id", "item_key"])
    .unique()
    .execute();
  await db.schema.createIndex("reviews_status").on("reviews").columns(["status", "id"]).execute();

  await db.schema
    .createTable("testimonials")
    .addColumn("id", idType, id)
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("rating", "integer", (col) => col.notNull())
    .addColumn("avatar", "text")
    .addColumn("hidden", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("testimonial_texts")
    .addColumn("testimonial_id", "integer", (col) =>
      col.notNull().references("testimonials.id").onDelete("cascade"),
    )
    .addColumn("language", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("testimonial_texts_pk", ["testimonial_id", "language"])
    .execute();

  for (const testimonial of seed as SeedTestimonial[]) {
    const row = await db
      .insertInto("testimonials")
      .values({
        position: testimonial.position,
        rating: testimonial.rating,
        avatar: testimonial.avatar,
        hidden: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("testimonial_texts")
      .values(
        Object.entries(testimonial.texts).map(([language, text]) => ({
          testimonial_id: row.id,
          language,
          ...text,
        })),
      )
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("testimonial_texts").execute();
  await db.schema.dropTable("testimonials").execute();
  await db.schema.dropTable("reviews").execute();
}
