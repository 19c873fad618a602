import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { recordChanges } from "~/content/activity.server";
import { isoAt } from "~/platform/clock";
import type { Database, Staff, StaffRole } from "../../db/schema";
import { STAFF_NAME_MAX } from "./limits";

/** A sign-in link works this long after it is made, and once (D23). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and this long after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Last-seen is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** A new secret: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored instead of a token: a leaked table signs nobody in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A person's name as the desk shows it: one line, trimmed, at most 60 characters. */
export function cleanStaffName(raw: string): string | null {
  const name = raw.replace(/\s+/g, " ").trim().slice(0, STAFF_NAME_MAX);
  return name.length > 0 ? name : null;
}

/** The staff member of this name, created (with this role) when there is none yet. */
export async function findOrCreateStaff(
  db: Kysely<Database>,
  name: string,
  now: number,
  role: StaffRole = "staff",
): Promise<Staff> {
  await db
    .insertInto("staff")
    .values({ name, created_at: isoAt(now), disabled_at: null, role })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  return db.selectFrom("staff").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
}

/**
 * A one-time sign-in link's token. With a staff member it signs that person in; without
 * one (a link sent to the desk chats) whoever opens it gives their name.
 */
export async function createSignInLink(
  db: Kysely<Database>,
  staffId: number | null,
  now: number,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto("desk_sign_in_links")
    .values({
      token_hash: hashToken(token),
      staff_id: staffId,
      created_at: isoAt(now),
      expires_at: isoAt(now + SIGN_IN_LINK_TTL_MS),
      used_at: null,
    })
    .execute();
  return token;
}

export type LinkState =
  | { usable: true; staff: Staff | null }
  | { usable: false; reason: "unknown" | "used" | "expired" | "disabled" };

/** What a link would do if used now; it is not used up by looking (GET never signs in). */
export async function inspectSignInLink(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<LinkState> {
  if (token.length > 200) return { usable: false, reason: "unknown" };
  const link = await db
    .selectFrom("desk_sign_in_links")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!link) return { usable: false, reason: "unknown" };
  if (link.used_at !== null) return { usable: false, reason: "used" };
  if (link.expires_at <= isoAt(now)) return { usable: false, reason: "expired" };
  if (link.staff_id === null) return { usable: true, staff: null };
  const staff = await db
    .selectFrom("staff")
    .selectAll()
    .where("id", "=", link.staff_id)
    .executeTakeFirstOrThrow();
  if (staff.disabled_at !== null) return { usable: false, reason: "disabled" };
  return { usable: true, staff };
}

export type Redemption =
  | { ok: true; sessionToken: string; staff: Staff }
  | { ok: false; reason: "unknown" | "used" | "expired" | "disabled" | "name" };

/**
 * Uses a link up and starts a new session (a new id at every sign-in). The link is
 * claimed by a conditional update, so two presses at once sign in only one of them.
 */
export async function redeemSignInLink(
  db: Kysely<Database>,
  input: { token: string; name: string | null; userAgent: string },
  now: number,
): Promise<Redemption> {
  const state = await inspectSignInLink(db, input.token, now);
  if (!state.usable) return { ok: false, reason: state.reason };
  const name = state.staff ? null : cleanStaffName(input.name ?? "");
  if (!state.staff && !name) return { ok: false, reason: "name" };

  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("desk_sign_in_links")
      .set({ used_at: isoAt(now) })
      .where("token_hash", "=", hashToken(input.token))
      .where("used_at", "is", null)
      .where("expires_at", ">", isoAt(now))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1)
      return { ok: false as const, reason: "used" as const };
    const staff = state.staff ?? (await findOrCreateStaff(trx, name ?? "", now));
    if (staff.disabled_at !== null) return { ok: false as const, reason: "disabled" as const };
    const sessionToken = await startSession(trx, staff.id, input.userAgent, now);
    return { ok: true as const, sessionToken, staff };
  });
}

/**
 * A new session for a staff member, however they signed in (a link or a passkey): a new
 * id every time (D23). Returns the cookie's token; only its hash is stored.
 */
export async function startSession(
  db: Kysely<Database>,
  staffId: number,
  userAgent: string,
  now: number,
): Promise<string> {
  const sessionToken = newToken();
  await db
    .insertInto("desk_sessions")
    .values({
      token_hash: hashToken(sessionToken),
      staff_id: staffId,
      created_at: isoAt(now),
      last_seen_at: isoAt(now),
      user_agent: userAgent.slice(0, 300),
    })
    .execute();
  return sessionToken;
}

export interface DeskSession {
  tokenHash: string;
  staff: Staff;
}

/**
 * The session a cookie's token belongs to, if it still holds: not idle for 12 hours,
 * not older than 7 days, its staff member not disabled. An ended session is deleted.
 */
export async function readDeskSession(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<DeskSession | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("desk_sessions")
    .innerJoin("staff", "staff.id", "desk_sessions.staff_id")
    .select([
      "desk_sessions.created_at as session_created_at",
      "desk_sessions.last_seen_at",
      "staff.id",
      "staff.name",
      "staff.created_at",
      "staff.disabled_at",
      "staff.role",
    ])
    .where("desk_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const idleSince = Date.parse(row.last_seen_at);
  const created = Date.parse(row.session_created_at);
  if (
    row.disabled_at !== null ||
    now - idleSince > SESSION_IDLE_MS ||
    now - created > SESSION_ABSOLUTE_MS ||
    created > now + 60_000
  ) {
    await db.deleteFrom("desk_sessions").where("token_hash", "=", tokenHash).execute();
    return null;
  }
  if (now - idleSince > TOUCH_EVERY_MS) {
    await db
      .updateTable("desk_sessions")
      .set({ last_seen_at: isoAt(now) })
      .where("token_hash", "=", tokenHash)
      .execute();
  }
  return {
    tokenHash,
    staff: {
      id: row.id,
      name: row.name,
      created_at: row.created_at,
      disabled_at: null,
      role: row.role,
    },
  };
}

/** Ends this session. */
export async function endSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("desk_sessions").where("token_hash", "=", tokenHash).execute();
}

/** Ends every session of a staff member, on every device. */
export async function endAllSessions(db: Kysely<Database>, staffId: number): Promise<void> {
  await db.deleteFrom("desk_sessions").where("staff_id", "=", staffId).execute();
}

/** Stops a staff member from signing in, and signs them out everywhere. */
export async function disableStaff(
  db: Kysely<Database>,
  name: string,
  now: number,
): Promise<boolean> {
  const staff = await db
    .selectFrom("staff")
    .selectAll()
    .where("name", "=", name)
    .executeTakeFirst();
  if (!staff) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("staff")
      .set({ disabled_at: isoAt(now) })
      .where("id", "=", staff.id)
      .execute();
    await endAllSessions(trx, staff.id);
  });
  return true;
}

/**
 * The role given by whoever runs `desk:invite` on the server: they hold the machine, so no
 * rule of the desk applies; the change is recorded all the same, as done from there.
 */
export async function setRoleFromCommandLine(
  db: Kysely<Database>,
  staff: Staff,
  role: StaffRole,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("staff").set({ role }).where("id", "=", staff.id).execute();
    await recordChanges(trx, {
      actor: { staffId: null, name: COMMAND_LINE },
      subject: { type: "staff", id: String(staff.id) },
      now,
      changes: [{ field: "role", before: staff.role, after: role }],
    });
  });
}

/** How the trail names a change made with `npm run desk:invite` on the server. */
export const COMMAND_LINE = "npm run desk:invite";
