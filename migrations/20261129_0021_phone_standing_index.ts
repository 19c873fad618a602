import type { Kysely } from "kysely";

// How a phone's orders ended (the refusals the chat message and the desk count, D35) is a
// count by status of the orders with the phone's keyed hash. Indexed by the hash alone,
// each of those orders was read from the table, so a number that orders often made every
// new order of it slower (issue 40). The hash and the status together answer the count
// from the index; the index on the hash alone is a prefix of it and goes.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("orders_phone_key_status")
    .on("orders")
    .columns(["phone_key", "status"])
    .execute();
  await db.schema.dropIndex("orders_phone_key").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex("orders_phone_key").on("orders").column("phone_key").execute();
  await db.schema.dropIndex("orders_phone_key_status").execute();
}
