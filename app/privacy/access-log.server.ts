import type { Kysely, Selectable } from "kysely";
import { formatOrderNumber } from "~/orders/order-number";
import { isoAt } from "~/platform/clock";
import type { AccessAction, AccessLogTable, Database } from "../../db/schema";

/** Order numbers kept in one entry; a longer read (a big export) keeps its count. */
export const NUMBERS_KEPT = 200;
/** Entries on one page of the log. */
export const ACCESS_PAGE = 100;

export type AccessEntry = Selectable<AccessLogTable>;

/**
 * Records that a staff member read orders (D35): who, when, what and which. Append-only:
 * nothing in the shop changes an entry, and the database refuses to.
 */
export async function recordAccess(
  db: Kysely<Database>,
  input: {
    staff: { id: number; name: string };
    action: AccessAction;
    orderNumbers: readonly number[];
    now: number;
  },
): Promise<void> {
  const numbers = [...new Set(input.orderNumbers)];
  await db
    .insertInto("access_log")
    .values({
      at: isoAt(input.now),
      staff_id: input.staff.id,
      actor: input.staff.name,
      action: input.action,
      orders: numbers.slice(0, NUMBERS_KEPT).map(formatOrderNumber).join(","),
      count: numbers.length,
    })
    .execute();
}

/**
 * One person's reads, recorded as they happen: the desk's guard hands one out with every
 * session (`shop.desk.requireStaff`), so a desk page that shows an order's personal data
 * records it with the session it was allowed by.
 */
export interface AccessRecorder {
  record(action: AccessAction, orderNumbers: readonly number[]): Promise<void>;
}

export function accessRecorder(
  db: Kysely<Database>,
  staff: { id: number; name: string },
  now: () => number,
): AccessRecorder {
  return {
    record: (action, orderNumbers) => recordAccess(db, { staff, action, orderNumbers, now: now() }),
  };
}

/** The newest entries first, optionally of one person or about one order; paged by id. */
export async function readAccessLog(
  db: Kysely<Database>,
  filter: { actor?: string | null; orderNumber?: number | null; before?: number | null },
): Promise<{ entries: AccessEntry[]; more: boolean }> {
  let query = db
    .selectFrom("access_log")
    .selectAll()
    .orderBy("id", "desc")
    .limit(ACCESS_PAGE + 1);
  if (filter.actor) query = query.where("actor", "=", filter.actor);
  if (filter.before) query = query.where("id", "<", filter.before);
  if (filter.orderNumber) {
    const shown = formatOrderNumber(filter.orderNumber);
    query = query.where((eb) =>
      eb.or([
        eb("orders", "=", shown),
        eb("orders", "like", `${shown},%`),
        eb("orders", "like", `%,${shown}`),
        eb("orders", "like", `%,${shown},%`),
      ]),
    );
  }
  const rows = await query.execute();
  return { entries: rows.slice(0, ACCESS_PAGE), more: rows.length > ACCESS_PAGE };
}

/** Who appears in the log, for its filter. */
export async function accessActors(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("access_log")
    .select("actor")
    .distinct()
    .orderBy("actor")
    .execute();
  return rows.map((row) => row.actor);
}
