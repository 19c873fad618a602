import type { Kysely } from "kysely";

// Depersonalising an order now removes the messages sent to the shopper's Telegram chat
// (they name the chat), where it used to keep them without their text. Orders
// depersonalised before lose theirs here. Nothing comes back on the way down.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const depersonalised = db
    .selectFrom("orders")
    .select("id")
    .where("depersonalised_at", "is not", null);
  await db
    .deleteFrom("notifications")
    .where("topic", "is not", null)
    .where("order_id", "in", depersonalised)
    .execute();
  await db.deleteFrom("shopper_chats").where("order_id", "in", depersonalised).execute();
}

export async function down(): Promise<void> {}
