import { type Kysely, sql } from "kysely";

// The daily retention sweep (D35) looks for orders still holding a person's data whose
// keeping time is over. It read every final order that still held it, each with its
// status events: at a million orders a second and a half of one process's time a batch
// (issue 40). An order turns final after it was placed, so only orders placed before the
// keeping time began can be due: an index of the orders that still hold personal data, by
// when they were placed, gives the sweep exactly those, and shrinks as the sweep works.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("orders_personal_created")
    .on("orders")
    .column("created_at")
    .where(sql.ref("depersonalised_at"), "is", null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("orders_personal_created").execute();
}
