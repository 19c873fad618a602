import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Kysely } from "kysely";
import { isoAt } from "~/platform/clock";
import { PASSKEY_SIGN_IN_WINDOW_MS } from "~/platform/limits";
import { hitThrottle } from "~/platform/throttle.server";
import type { Database, Staff } from "../../db/schema";
import { startSession } from "./auth.server";
import { PASSKEY_NAME_MAX } from "./limits";
import {
  PASSKEY_CHALLENGE_TTL_MS,
  storePasskeyChallenge,
  takePasskeyChallenge,
} from "./passkey-challenges.server";

/**
 * Who the passkeys belong to (D29): the shop's public address. The id is its host name,
 * the origin the one address a browser's answer must come from.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  /** The shop's name, shown by some authenticators. */
  name: string;
}

export function relyingPartyAt(origin: string, name: string): RelyingParty {
  const url = new URL(origin);
  return { id: url.hostname, origin: url.origin, name };
}

/** A passkey's name as the desk shows it: one line, trimmed, at most 60 characters. */
export function cleanPasskeyName(raw: string): string | null {
  const name = raw.replace(/\s+/g, " ").trim().slice(0, PASSKEY_NAME_MAX);
  return name.length > 0 ? name : null;
}

function transportsOf(stored: string): string[] {
  return stored.split(",").filter(Boolean);
}

/** What the browser sent back, read from a form field: JSON of an object with an id. */
function parseResponse<T extends { id: string }>(raw: string): T | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const id = (value as { id?: unknown }).id;
    return typeof id === "string" && id.length > 0 && id.length <= 1400 ? (value as T) : null;
  } catch {
    return null;
  }
}

export interface PasskeyListItem {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A staff member's own passkeys, oldest first. */
export function listPasskeys(db: Kysely<Database>, staffId: number): Promise<PasskeyListItem[]> {
  return db
    .selectFrom("desk_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("staff_id", "=", staffId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Removes one of this staff member's passkeys; another person's is never touched. */
export async function removePasskey(
  db: Kysely<Database>,
  staffId: number,
  passkeyId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("desk_passkeys")
    .where("id", "=", passkeyId)
    .where("staff_id", "=", staffId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface PasskeyCeremony<T> {
  options: T;
  /** The random id for the browser's cookie, naming the challenge kept server-side. */
  challengeId: string;
}

/**
 * The options for adding a passkey on this device: discoverable (so signing in needs no
 * name), user verification preferred, none of this person's passkeys again.
 */
export async function beginPasskeyRegistration(
  db: Kysely<Database>,
  staff: Staff,
  rp: RelyingParty,
  now: number,
): Promise<PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>> {
  const existing = await db
    .selectFrom("desk_passkeys")
    .select(["id", "transports"])
    .where("staff_id", "=", staff.id)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: staff.name,
    userDisplayName: staff.name,
    // Stable per person, so one authenticator keeps one passkey of theirs for this shop.
    userID: new TextEncoder().encode(`desk-staff-${staff.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: transportsOf(passkey.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const challengeId = await storePasskeyChallenge(
    db,
    { purpose: "register", staffId: staff.id, challenge: options.challenge },
    now,
  );
  return { options, challengeId };
}

export type PasskeyRegistration =
  | { ok: true }
  | { ok: false; reason: "name" | "expired" | "invalid" };

/**
 * Keeps a new passkey once the library has checked the answer: its challenge (ours,
 * unused, not expired, handed to this person), origin and relying party id.
 */
export async function finishPasskeyRegistration(
  db: Kysely<Database>,
  staff: Staff,
  input: { challengeId: string; response: string; name: string },
  rp: RelyingParty,
  now: number,
): Promise<PasskeyRegistration> {
  const name = cleanPasskeyName(input.name);
  if (!name) return { ok: false, reason: "name" };
  const challenge = await takePasskeyChallenge(db, input.challengeId, "register", now);
  if (!challenge || challenge.staffId !== staff.id) return { ok: false, reason: "expired" };
  const response = parseResponse<RegistrationResponseJSON>(input.response);
  if (!response) return { ok: false, reason: "invalid" };
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verification.verified) return { ok: false, reason: "invalid" };
  const { credential } = verification.registrationInfo;
  const inserted = await db
    .insertInto("desk_passkeys")
    .values({
      id: credential.id,
      staff_id: staff.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(","),
      name,
      created_at: isoAt(now),
      last_used_at: null,
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows) !== 1) return { ok: false, reason: "invalid" };
  return { ok: true };
}

/** A client may start this many passkey sign-ins in the window: each keeps a row. */
export const PASSKEY_SIGN_INS_PER_CLIENT = 20;
export { PASSKEY_SIGN_IN_WINDOW_MS };

/**
 * The options for signing in with a passkey: any of this shop's, the browser lets one
 * pick. Null when this client asked too often (counted in the database, D28).
 */
export async function beginPasskeySignIn(
  db: Kysely<Database>,
  rp: RelyingParty,
  client: string,
  now: number,
): Promise<PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON> | null> {
  const throttle = await hitThrottle(
    db,
    `desk-passkey:${client}`,
    PASSKEY_SIGN_INS_PER_CLIENT,
    PASSKEY_SIGN_IN_WINDOW_MS,
    now,
  );
  if (!throttle.ok) return null;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const challengeId = await storePasskeyChallenge(
    db,
    { purpose: "sign-in", staffId: null, challenge: options.challenge },
    now,
  );
  return { options, challengeId };
}

export type PasskeySignIn =
  | { ok: true; sessionToken: string; staff: Staff }
  | { ok: false; reason: "expired" | "unknown" | "invalid" | "disabled" };

/**
 * Signs in with a passkey: the answer must sign our unused challenge for this origin and
 * relying party with a passkey we keep, of a staff member who is not disabled, with a
 * signature counter that moved on (the library's check against cloned authenticators).
 * Then a new session starts exactly as with a link.
 */
export async function finishPasskeySignIn(
  db: Kysely<Database>,
  input: { challengeId: string; response: string; userAgent: string },
  rp: RelyingParty,
  now: number,
): Promise<PasskeySignIn> {
  const challenge = await takePasskeyChallenge(db, input.challengeId, "sign-in", now);
  if (!challenge) return { ok: false, reason: "expired" };
  const response = parseResponse<AuthenticationResponseJSON>(input.response);
  if (!response) return { ok: false, reason: "invalid" };
  const passkey = await db
    .selectFrom("desk_passkeys")
    .selectAll()
    .where("id", "=", response.id)
    .executeTakeFirst();
  if (!passkey) return { ok: false, reason: "unknown" };
  const staff = await db
    .selectFrom("staff")
    .selectAll()
    .where("id", "=", passkey.staff_id)
    .executeTakeFirstOrThrow();
  if (staff.disabled_at !== null) return { ok: false, reason: "disabled" };
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verification.verified) return { ok: false, reason: "invalid" };

  return db.transaction().execute(async (trx) => {
    // Conditional on the counter read above: of two answers at once, one signs in.
    const used = await trx
      .updateTable("desk_passkeys")
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: isoAt(now) })
      .where("id", "=", passkey.id)
      .where("counter", "=", passkey.counter)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1)
      return { ok: false as const, reason: "invalid" as const };
    const sessionToken = await startSession(trx, staff.id, input.userAgent, now);
    return { ok: true as const, sessionToken, staff };
  });
}
