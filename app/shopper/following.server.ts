import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** The chats following an order in Telegram (issue 24). */
export async function followingChats(db: Db, orderId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("shopper_chats")
    .select("chat_id")
    .where("order_id", "=", orderId)
    .orderBy("linked_at")
    .execute();
  return rows.map((row) => row.chat_id);
}
