import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";

// The shopper follows the order in Telegram. Each order gets a second random token (192
// bits, base64url: 32 characters of A-Z a-z 0-9 _ -, inside the 64 a deep link's start
// payload may carry), so a shared t.me link never opens the order's private page. A chat
// that pressed Start on that link is linked to the order until it sends /stop; the
// outbox carries the messages it is sent. Those are about an order too, one per status
// change (each named by a topic), so the outbox's "one row per order and chat" now holds
// for the order's own message (no topic) only, on both engines.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("orders").addColumn("chat_token", "text").execute();
  const orders = await db.selectFrom("orders").select("id").execute();
  for (const { id } of orders as Array<{ id: number }>)
    await db
      .updateTable("orders")
      .set({ chat_token: randomBytes(24).toString("base64url") })
      .where("id", "=", id)
      .execute();
  await db.schema
    .createIndex("orders_chat_token")
    .on("orders")
    .column("chat_token")
    .unique()
    .execute();

  await db.schema
    .createTable("shopper_chats")
    .addColumn("order_id", "integer", (col) =>
      col.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("chat_id", "text", (col) => col.notNull())
    .addColumn("linked_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("shopper_chats_pk", ["order_id", "chat_id"])
    .execute();
  await db.schema.createIndex("shopper_chats_chat").on("shopper_chats").column("chat_id").execute();

  await db.schema.dropIndex("notifications_order_chat").execute();
  await sql`create unique index notifications_order_chat on notifications (order_id, chat_id) where topic is null`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  // The shopper's messages go with the chats they were for.
  await db
    .deleteFrom("notifications")
    .where("order_id", "is not", null)
    .where("topic", "is not", null)
    .execute();
  await db.schema.dropIndex("notifications_order_chat").execute();
  await db.schema
    .createIndex("notifications_order_chat")
    .on("notifications")
    .columns(["order_id", "chat_id"])
    .unique()
    .execute();
  await db.schema.dropTable("shopper_chats").execute();
  await db.schema.dropIndex("orders_chat_token").execute();
  await db.schema.alterTable("orders").dropColumn("chat_token").execute();
}
