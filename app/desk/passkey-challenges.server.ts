import type { Kysely } from "kysely";
import { isoAt } from "~/platform/clock";
import type { Database, PasskeyChallengePurpose } from "../../db/schema";
import { hashToken, newToken } from "./auth.server";

/** A passkey challenge can be answered this long after it is handed out, and once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * Keeps a challenge the server handed out. Returns the random id for the browser's
 * cookie; the database holds only its hash, so a leaked table answers nothing. Expired
 * challenges nobody answered are swept on the way.
 */
export async function storePasskeyChallenge(
  db: Kysely<Database>,
  input: { purpose: PasskeyChallengePurpose; staffId: number | null; challenge: string },
  now: number,
): Promise<string> {
  await db.deleteFrom("desk_passkey_challenges").where("expires_at", "<=", isoAt(now)).execute();
  const id = newToken();
  await db
    .insertInto("desk_passkey_challenges")
    .values({
      id_hash: hashToken(id),
      purpose: input.purpose,
      staff_id: input.staffId,
      challenge: input.challenge,
      expires_at: isoAt(now + PASSKEY_CHALLENGE_TTL_MS),
    })
    .execute();
  return id;
}

export interface TakenChallenge {
  challenge: string;
  staffId: number | null;
}

/**
 * The challenge of this id and purpose, used up by asking: a replayed answer finds
 * nothing. Only the caller whose delete removed the row gets it, so two answers at
 * once cannot both pass; an expired one is removed and refused.
 */
export async function takePasskeyChallenge(
  db: Kysely<Database>,
  id: string,
  purpose: PasskeyChallengePurpose,
  now: number,
): Promise<TakenChallenge | null> {
  if (id.length === 0 || id.length > 100) return null;
  const idHash = hashToken(id);
  const row = await db
    .selectFrom("desk_passkey_challenges")
    .selectAll()
    .where("id_hash", "=", idHash)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) return null;
  const deleted = await db
    .deleteFrom("desk_passkey_challenges")
    .where("id_hash", "=", idHash)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return null;
  if (row.expires_at <= isoAt(now)) return null;
  return { challenge: row.challenge, staffId: row.staff_id };
}
