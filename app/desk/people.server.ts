import { type Kysely, PostgresAdapter, sql } from "kysely";
import { type Actor, recordChanges } from "~/content/activity.server";
import { isoAt } from "~/platform/clock";
import type { Database, StaffRole } from "../../db/schema";
import { cleanStaffName, createSignInLink, endAllSessions, findOrCreateStaff } from "./auth.server";

/**
 * The people of the desk and what an owner may change about them (D31): a role, and
 * whether they may sign in at all. Two rules hold whatever happens at once: nobody locks
 * themselves out, and the shop always keeps an owner who can sign in.
 */
export const staffRoles = ["owner", "staff"] as const;

export function isStaffRole(value: unknown): value is StaffRole {
  return value === "owner" || value === "staff";
}

export interface Person {
  id: number;
  name: string;
  role: StaffRole;
  createdAt: string;
  lockedAt: string | null;
  /** When they last used the desk, if a session of theirs is still open. */
  lastSeenAt: string | null;
}

export async function listPeople(db: Kysely<Database>): Promise<Person[]> {
  const rows = await db
    .selectFrom("staff")
    .leftJoin("desk_sessions", "desk_sessions.staff_id", "staff.id")
    .select([
      "staff.id",
      "staff.name",
      "staff.role",
      "staff.created_at",
      "staff.disabled_at",
      sql<string | null>`max(desk_sessions.last_seen_at)`.as("last_seen_at"),
    ])
    .groupBy(["staff.id", "staff.name", "staff.role", "staff.created_at", "staff.disabled_at"])
    .orderBy("staff.name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    lockedAt: row.disabled_at,
    lastSeenAt: row.last_seen_at,
  }));
}

export type PersonChange = { role: StaffRole } | { locked: boolean };

export type PersonOutcome = "changed" | "same" | "notFound" | "self" | "lastOwner";

/**
 * Changes a person's role or lock, recorded in the trail. Refused, changing nothing: a
 * lock of oneself, and anything that would leave no owner able to sign in. The owners'
 * rows are locked first (PostgreSQL; SQLite writes one at a time), so two owners demoting
 * each other at the same moment cannot both succeed.
 */
export async function changePerson(
  db: Kysely<Database>,
  input: { id: number; change: PersonChange; actor: Actor; now: number },
): Promise<PersonOutcome> {
  const { id, change, actor, now } = input;
  if ("locked" in change && change.locked && id === actor.staffId) return "self";
  return db.transaction().execute(async (trx) => {
    let owners = trx
      .selectFrom("staff")
      .select("id")
      .where("role", "=", "owner")
      .where("disabled_at", "is", null);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) owners = owners.forUpdate();
    const ownerIds = (await owners.execute()).map((row) => row.id);
    const person = await trx
      .selectFrom("staff")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!person) return "notFound";
    const wasOwner = ownerIds.includes(id);
    const role = "role" in change ? change.role : person.role;
    const locked = "locked" in change ? change.locked : person.disabled_at !== null;
    if (role === person.role && locked === (person.disabled_at !== null)) return "same";
    const staysOwner = role === "owner" && !locked;
    if (wasOwner && !staysOwner && ownerIds.length <= 1) return "lastOwner";
    await trx
      .updateTable("staff")
      .set({ role, disabled_at: locked ? (person.disabled_at ?? isoAt(now)) : null })
      .where("id", "=", id)
      .execute();
    if (locked) await endAllSessions(trx, id);
    await recordChanges(trx, {
      actor,
      subject: { type: "staff", id: String(id) },
      now,
      changes: [
        { field: "role", before: person.role, after: role },
        {
          field: "locked",
          before: person.disabled_at === null ? "no" : "yes",
          after: locked ? "yes" : "no",
        },
      ],
    });
    return "changed";
  });
}

export type InviteOutcome =
  | {
      kind: "invited";
      person: { id: number; name: string; role: StaffRole };
      /** The one-time sign-in token, shown once to the owner who invited and never stored. */
      token: string;
      /** False when the name was already in the desk: a fresh link, the role untouched. */
      isNew: boolean;
    }
  | { kind: "badName" }
  | { kind: "locked"; name: string };

/**
 * An owner invites someone from the desk (D23, D31): a new person with the role chosen,
 * or someone already there who lost their way in, and a one-time sign-in link for them.
 * An existing person keeps their role (People changes roles, recorded as such); a person
 * who was locked out is refused, so a link is never a way around a lock. The new person
 * and the handed-out link are in the activity trail, with who did it.
 */
export async function invitePerson(
  db: Kysely<Database>,
  input: { name: string; role: StaffRole; actor: Actor; now: number },
): Promise<InviteOutcome> {
  const { actor, now } = input;
  const name = cleanStaffName(input.name);
  if (!name) return { kind: "badName" };
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("staff")
      .selectAll()
      .where("name", "=", name)
      .executeTakeFirst();
    if (before?.disabled_at) return { kind: "locked", name: before.name };
    const person = before ?? (await findOrCreateStaff(trx, name, now, input.role));
    const token = await createSignInLink(trx, person.id, now);
    await recordChanges(trx, {
      actor,
      subject: { type: "staff", id: String(person.id) },
      now,
      changes: [
        ...(before
          ? []
          : [
              { field: "created", before: null, after: person.name },
              { field: "role", before: null, after: person.role },
            ]),
        { field: "invited", before: null, after: "yes" },
      ],
    });
    return {
      kind: "invited",
      person: { id: person.id, name: person.name, role: person.role },
      token,
      isNew: !before,
    };
  });
}
