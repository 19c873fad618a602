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
  /** Rows newer than this id: what changed after a page was read (`changesSince`). */
  after?: number;
  /** Only these fields: a page's own (a language's texts, a product's details). */
  fields?: FieldScope;
  limit?: number;
}

/** The fields a page edits: those starting with `prefix`, less those starting with `except`. */
export interface FieldScope {
  prefix?: string;
  except?: readonly string[];
}

export const ACTIVITY_PAGE = 50;

export async function listActivity(
  db: Kysely<Database>,
  { subject, staffId, before, after, fields, limit = ACTIVITY_PAGE }: ActivityFilter = {},
): Promise<ActivityRow[]> {
  let query = db.selectFrom("activity").selectAll().orderBy("id", "desc").limit(limit);
  if (subject) {
    query = query.where("subject_type", "=", subject.type).where("subject", "=", subject.id);
  }
  if (staffId !== undefined) query = query.where("staff_id", "=", staffId);
  if (before !== undefined) query = query.where("id", "<", before);
  if (after !== undefined) query = query.where("id", ">", after);
  const { prefix, except = [] } = fields ?? {};
  if (prefix) query = query.where("field", "like", `${prefix}%`);
  for (const field of except) query = query.where("field", "not like", `${field}%`);
  return query.execute();
}

/**
 * The trail's newest row id. An editing page carries it as its revision (read before the
 * values it shows), so a save can tell what was changed after the page was read.
 */
export async function activityMark(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("activity")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * What someone changed on a page's subject and fields after the page was read at
 * `revision`, newest first: a save from that page would overwrite it unseen, so it is
 * refused with these rows (no lost update). A save without a revision checks nothing.
 */
export async function changesSince(
  db: Kysely<Database>,
  subject: ActivitySubject,
  revision: number | undefined,
  fields?: FieldScope,
): Promise<ActivityRow[]> {
  if (revision === undefined) return [];
  return listActivity(db, { subject, after: revision, fields, limit: 20 });
}

/**
 * Whether two rows were written by one save: the same person, the same subject, the same
 * instant. A save records its fields with one `now` in one statement of its transaction,
 * so its rows are also next to each other in the trail.
 */
export function sameSave(a: ActivityRow, b: ActivityRow): boolean {
  return (
    a.at === b.at &&
    a.staff_id === b.staff_id &&
    a.actor === b.actor &&
    a.subject_type === b.subject_type &&
    a.subject === b.subject
  );
}

/** Rows (newest first) as saves: each a run of rows `sameSave` joins, newest first. */
export function groupSaves(rows: readonly ActivityRow[]): ActivityRow[][] {
  const saves: ActivityRow[][] = [];
  for (const row of rows) {
    const last = saves.at(-1);
    if (last?.[0] && sameSave(last[0], row)) last.push(row);
    else saves.push([row]);
  }
  return saves;
}

/** How many rows a page of saves reads at a time: a product's launch writes dozens. */
const SAVES_BATCH = 200;

/**
 * A page of the trail counted in saves, not rows, newest first: a save is never split
 * across two pages. `older`: the id the next page reads before, or null on the last page.
 */
export async function listSaves(
  db: Kysely<Database>,
  filter: ActivityFilter = {},
): Promise<{ saves: ActivityRow[][]; older: number | null }> {
  const limit = filter.limit ?? ACTIVITY_PAGE;
  const saves: ActivityRow[][] = [];
  let before = filter.before;
  for (;;) {
    const rows = await listActivity(db, { ...filter, before, limit: SAVES_BATCH });
    for (const save of groupSaves(rows)) {
      const last = saves.at(-1);
      if (last?.[0] && save[0] && sameSave(last[0], save[0])) last.push(...save);
      else if (saves.length === limit) return { saves, older: last?.at(-1)?.id ?? null };
      else saves.push(save);
    }
    const oldest = rows.at(-1);
    if (rows.length < SAVES_BATCH || !oldest) return { saves, older: null };
    before = oldest.id;
  }
}
