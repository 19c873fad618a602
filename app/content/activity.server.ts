import type { Kysely } from "kysely";
import { isoAt } from "~/platform/clock";
import type { ActivityRow, ActivitySubjectType, Database } from "../../db/schema";

/**
 * The trail of every change an owner makes (D31): who, when, which field, the value before
 * and after. Rows are only ever added; nothing in the shop updates or deletes them.
 */
export interface Actor {
  /** Null for a change made on the server itself (`npm run desk:invite`). */
  staffId: number | null;
  name: string;
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

export interface ActivitySubject {
  type: ActivitySubjectType;
  /** The product's key, the settings' section, the staff member's id. */
  id: string;
}

/** Keeps only what changed: a field saved with the value it had is no change at all. */
export function changedFields(changes: readonly FieldChange[]): FieldChange[] {
  return changes.filter((change) => (change.before ?? "") !== (change.after ?? ""));
}

/**
 * Records the changes that really changed something, inside the change's own transaction
 * (so a change and its record are stored together or not at all). Returns how many.
 */
export async function recordChanges(
  trx: Kysely<Database>,
  {
    actor,
    subject,
    changes,
    now,
  }: {
    actor: Actor;
    subject: ActivitySubject;
    changes: readonly FieldChange[];
    now: number;
  },
): Promise<number> {
  const rows = changedFields(changes).map((change) => ({
    at: isoAt(now),
    staff_id: actor.staffId,
    actor: actor.name,
    subject_type: subject.type,
    subject: subject.id,
    field: change.field,
    before: change.before,
    after: change.after,
  }));
  if (rows.length > 0) await trx.insertInto("activity").values(rows).execute();
  return rows.length;
}

export interface ActivityFilter {
  subject?: ActivitySubject;
  staffId?: number;
  /** Rows older than this id (the next page); newest first. */
  before?: number;
  limit?: number;
}

export const ACTIVITY_PAGE = 50;

export async function listActivity(
  db: Kysely<Database>,
  { subject, staffId, before, limit = ACTIVITY_PAGE }: ActivityFilter = {},
): Promise<ActivityRow[]> {
  let query = db.selectFrom("activity").selectAll().orderBy("id", "desc").limit(limit);
  if (subject) {
    query = query.where("subject_type", "=", subject.type).where("subject", "=", subject.id);
  }
  if (staffId !== undefined) query = query.where("staff_id", "=", staffId);
  if (before !== undefined) query = query.where("id", "<", before);
  return query.execute();
}
