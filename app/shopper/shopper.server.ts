import type { Kysely } from "kysely";
import { type Actor, changeOrderStatus } from "~/orders/change-status.server";
import type { ChatSettings } from "~/orders/message.server";
import type { Database } from "../../db/schema";
import { isTrackToken } from "./tracking";

/** The shopper acting on their own order, as the desk's timeline names them. */
export const SHOPPER_ACTOR: Actor = { name: "shopper", staffId: null };

export type ShopperCancel = "cancelled" | "same" | "tooLate" | "notFound";

/**
 * The shopper cancels their order from its private page (D33), while it is new or
 * confirmed: through the one status change, as "shopper", so the desk and the chats see
 * who did it. Once shipped it is the courier's; nothing changes.
 */
export async function cancelByShopper(
  db: Kysely<Database>,
  token: string | undefined,
  now: number,
  chat: ChatSettings,
): Promise<ShopperCancel> {
  if (!isTrackToken(token)) return "notFound";
  const order = await db
    .selectFrom("orders")
    .select(["order_number", "status"])
    .where("track_token", "=", token)
    .executeTakeFirst();
  if (!order) return "notFound";
  if (order.status === "cancelled") return "same";
  if (order.status !== "new" && order.status !== "confirmed") return "tooLate";
  const change = await changeOrderStatus(
    db,
    {
      orderNumber: order.order_number,
      to: "cancelled",
      actor: SHOPPER_ACTOR,
      systemNote: { key: "cancelReason.byShopper", values: {} },
    },
    now,
    chat,
  );
  if (change.outcome === "moved") return "cancelled";
  if (change.outcome === "same") return "same";
  return "tooLate";
}
