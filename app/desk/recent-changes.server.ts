import type { Kysely } from "kysely";
import { UNDO_WINDOW_MS } from "~/orders/status";
import { isoAt } from "~/platform/clock";
import type { Database, OrderStatus } from "../../db/schema";

/** The status changes a person made at one moment (one press, or one bulk action). */
export interface RecentChange {
  eventIds: number[];
  numbers: number[];
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * A person's latest status change, still undoable by them alone: their newest change
 * (an undo used it up, so nothing older is offered in its place), made within the undo
 * window, and still the latest change of each order it moved. A bulk action is one change
 * of several orders: its events share the action's id. Null when there is none.
 */
export async function latestUndoableChange(
  db: Kysely<Database>,
  staffId: number,
  now: number,
): Promise<RecentChange | null> {
  const since = isoAt(now - UNDO_WINDOW_MS);
  const last = await db
    .selectFrom("order_events")
    .select(["id", "undoes", "action_id"])
    .where("staff_id", "=", staffId)
    .where("kind", "=", "status")
    .where("at", ">=", since)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  // Their last press was an Undo: the change it named is used up, and an older change of
  // theirs (on another order, perhaps) is not offered instead.
  if (!last || last.undoes !== null) return null;
  const mine = await db
    .selectFrom("order_events as e")
    .innerJoin("orders as o", "o.id", "e.order_id")
    .select([
      "e.id",
      "e.at",
      "e.action_id",
      "e.from_status",
      "e.to_status",
      "o.order_number",
      "o.status",
    ])
    .where("e.staff_id", "=", staffId)
    .where("e.kind", "=", "status")
    .where("e.undoes", "is", null)
    .where("e.at", ">=", since)
    // Still the order's latest status change.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("order_events as later")
            .select("later.id")
            .whereRef("later.order_id", "=", "e.order_id")
            .where("later.kind", "=", "status")
            .whereRef("later.id", ">", "e.id"),
        ),
      ),
    )
    .orderBy("e.id", "desc")
    .limit(100)
    .execute();
  const newest = mine[0];
  if (!newest?.from_status || !newest.to_status) return null;
  // The newest change still standing must be the person's last one, or it is not theirs to
  // undo from the list: an order they moved since was moved again by someone else.
  const sameAction =
    last.action_id !== null ? newest.action_id === last.action_id : newest.id === last.id;
  if (!sameAction) return null;
  // One action's events share its id; events from before actions had ids, their instant
  // and their move.
  const group = mine.filter(
    (row) =>
      (newest.action_id !== null
        ? row.action_id === newest.action_id
        : row.action_id === null &&
          row.at === newest.at &&
          row.from_status === newest.from_status &&
          row.to_status === newest.to_status) && row.status === row.to_status,
  );
  if (group.length === 0) return null;
  return {
    eventIds: group.map((row) => row.id),
    numbers: group.map((row) => row.order_number),
    from: newest.from_status,
    to: newest.to_status,
  };
}
