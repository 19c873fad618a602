import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { disableStaff, findOrCreateStaff, hashToken } from "~/desk/auth.server";
import {
  PASSKEY_CHALLENGE_TTL_MS,
  storePasskeyChallenge,
  takePasskeyChallenge,
} from "~/desk/passkey-challenges.server";
import {
  PASSKEY_SIGN_INS_PER_CLIENT,
  PASSKEY_SIGN_IN_WINDOW_MS,
  beginPasskeyRegistration,
  beginPasskeySignIn,
  cleanPasskeyName,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  relyingPartyAt,
  removePasskey,
} from "~/desk/passkeys.server";
import { createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";

const T0 = Date.parse("2026-11-23T09:00:00.000Z");
const rp = relyingPartyAt("https://shop.example", "Kolkhida");

let db: Kysely<Database>;

beforeEach(async () => {
  db = createDatabase(join(mkdtempSync(join(tmpdir(), "shop-passkeys-")), "shop.sqlite"));
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.destroy();
});

async function addStoredPasskey(staffId: number, id: string, name = "Laptop") {
  await db
    .insertInto("desk_passkeys")
    .values({
      id,
      staff_id: staffId,
      public_key: "AQID",
      counter: 0,
      transports: "internal,hybrid",
      name,
      created_at: new Date(T0).toISOString(),
      last_used_at: null,
    })
    .execute();
}

describe("the passkey challenge store", () => {
  it("gives a challenge back once: a replay finds nothing", async () => {
    const id = await storePasskeyChallenge(
      db,
      { purpose: "sign-in", staffId: null, challenge: "c-1" },
      T0,
    );
    expect(await takePasskeyChallenge(db, id, "sign-in", T0 + 1000)).toEqual({
      challenge: "c-1",
      staffId: null,
    });
    expect(await takePasskeyChallenge(db, id, "sign-in", T0 + 2000)).toBeNull();
  });

  it("refuses a challenge 5 minutes after it was handed out, and uses it up anyway", async () => {
    const late = await storePasskeyChallenge(
      db,
      { purpose: "sign-in", staffId: null, challenge: "late" },
      T0,
    );
    expect(
      await takePasskeyChallenge(db, late, "sign-in", T0 + PASSKEY_CHALLENGE_TTL_MS),
    ).toBeNull();
    const justInTime = await storePasskeyChallenge(
      db,
      { purpose: "sign-in", staffId: null, challenge: "in time" },
      T0,
    );
    expect(
      await takePasskeyChallenge(db, justInTime, "sign-in", T0 + PASSKEY_CHALLENGE_TTL_MS - 1),
    ).toEqual({ challenge: "in time", staffId: null });
    expect(await db.selectFrom("desk_passkey_challenges").selectAll().execute()).toEqual([]);
  });

  it("keeps each challenge for its purpose and person, and only a hash of its id", async () => {
    const staff = await findOrCreateStaff(db, "Nino", T0);
    const id = await storePasskeyChallenge(
      db,
      { purpose: "register", staffId: staff.id, challenge: "r-1" },
      T0,
    );
    const [row] = await db.selectFrom("desk_passkey_challenges").selectAll().execute();
    expect(row?.id_hash).toBe(hashToken(id));
    expect(JSON.stringify(row)).not.toContain(id);
    // A registration challenge does not sign anybody in, and stays for its own step.
    expect(await takePasskeyChallenge(db, id, "sign-in", T0)).toBeNull();
    expect(await takePasskeyChallenge(db, "", "register", T0)).toBeNull();
    expect(await takePasskeyChallenge(db, "x".repeat(500), "register", T0)).toBeNull();
    expect(await takePasskeyChallenge(db, id, "register", T0)).toEqual({
      challenge: "r-1",
      staffId: staff.id,
    });
  });

  it("sweeps challenges nobody answered when the next one is handed out", async () => {
    await storePasskeyChallenge(db, { purpose: "sign-in", staffId: null, challenge: "old" }, T0);
    await storePasskeyChallenge(
      db,
      { purpose: "sign-in", staffId: null, challenge: "new" },
      T0 + PASSKEY_CHALLENGE_TTL_MS,
    );
    const left = await db.selectFrom("desk_passkey_challenges").select("challenge").execute();
    expect(left).toEqual([{ challenge: "new" }]);
  });
});

describe("desk passkeys", () => {
  it("take the relying party from the shop's public address", () => {
    expect(relyingPartyAt("https://shop.example", "Kolkhida")).toEqual({
      id: "shop.example",
      origin: "https://shop.example",
      name: "Kolkhida",
    });
    expect(relyingPartyAt("http://localhost:3000", "K").id).toBe("localhost");
  });

  it("keep a name on one line, at most 60 characters, and never an empty one", () => {
    expect(cleanPasskeyName("  Nino's\n phone ")).toBe("Nino's phone");
    expect(cleanPasskeyName("x".repeat(80))).toHaveLength(60);
    expect(cleanPasskeyName(" \t ")).toBeNull();
  });

  it("offer registration for this shop, without the person's existing passkeys again", async () => {
    const staff = await findOrCreateStaff(db, "Nino", T0);
    await addStoredPasskey(staff.id, "cred-1");
    const { options, challengeId } = await beginPasskeyRegistration(db, staff, rp, T0);
    expect(options.rp).toEqual({ id: "shop.example", name: "Kolkhida" });
    expect(options.user.name).toBe("Nino");
    expect(options.authenticatorSelection?.residentKey).toBe("required");
    expect(options.authenticatorSelection?.userVerification).toBe("preferred");
    expect(options.excludeCredentials?.map((credential) => credential.id)).toEqual(["cred-1"]);
    expect(await takePasskeyChallenge(db, challengeId, "register", T0)).toEqual({
      challenge: options.challenge,
      staffId: staff.id,
    });
  });

  it("refuse to add a passkey on another person's challenge, or without a name", async () => {
    const nino = await findOrCreateStaff(db, "Nino", T0);
    const giorgi = await findOrCreateStaff(db, "Giorgi", T0);
    const { challengeId } = await beginPasskeyRegistration(db, nino, rp, T0);
    const input = { challengeId, response: JSON.stringify({ id: "x" }), name: "Phone" };
    expect(await finishPasskeyRegistration(db, nino, { ...input, name: " " }, rp, T0)).toEqual({
      ok: false,
      reason: "name",
    });
    expect(await finishPasskeyRegistration(db, giorgi, input, rp, T0)).toEqual({
      ok: false,
      reason: "expired",
    });
    // The attempt used the challenge up: the rightful person must start again.
    expect(await finishPasskeyRegistration(db, nino, input, rp, T0)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await listPasskeys(db, nino.id)).toEqual([]);
  });

  it("refuse a sign-in by a disabled member, an unknown passkey, a replay or a forged answer", async () => {
    const staff = await findOrCreateStaff(db, "Tamar", T0);
    await addStoredPasskey(staff.id, "cred-tamar");
    const answer = (id: string) => JSON.stringify({ id, rawId: id, type: "public-key" });
    const signIn = async (response: string) => {
      const ceremony = await beginPasskeySignIn(db, rp, "client", T0);
      const challengeId = ceremony?.challengeId ?? "";
      return finishPasskeySignIn(db, { challengeId, response, userAgent: "test" }, rp, T0);
    };

    expect(await signIn(answer("cred-tamar"))).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn(answer("cred-nobody"))).toEqual({ ok: false, reason: "unknown" });
    expect(await signIn("not json")).toEqual({ ok: false, reason: "invalid" });

    const challengeId = (await beginPasskeySignIn(db, rp, "client", T0))?.challengeId ?? "";
    const input = { challengeId, response: answer("cred-tamar"), userAgent: "test" };
    await finishPasskeySignIn(db, input, rp, T0);
    expect(await finishPasskeySignIn(db, input, rp, T0)).toEqual({ ok: false, reason: "expired" });

    await disableStaff(db, "Tamar", T0);
    expect(await signIn(answer("cred-tamar"))).toEqual({ ok: false, reason: "disabled" });
    expect(await db.selectFrom("desk_sessions").selectAll().execute()).toEqual([]);
  });

  it("hand a client at most 20 sign-in challenges a quarter of an hour", async () => {
    for (let attempt = 0; attempt < PASSKEY_SIGN_INS_PER_CLIENT; attempt++)
      expect(await beginPasskeySignIn(db, rp, "busy", T0 + attempt)).not.toBeNull();
    expect(await beginPasskeySignIn(db, rp, "busy", T0 + 100)).toBeNull();
    expect(await beginPasskeySignIn(db, rp, "other", T0 + 100)).not.toBeNull();
    expect(
      await beginPasskeySignIn(db, rp, "busy", T0 + PASSKEY_SIGN_IN_WINDOW_MS + 1),
    ).not.toBeNull();
  });

  it("list and remove only a person's own passkeys", async () => {
    const nino = await findOrCreateStaff(db, "Nino", T0);
    const giorgi = await findOrCreateStaff(db, "Giorgi", T0);
    await addStoredPasskey(nino.id, "cred-nino", "Nino's phone");
    await addStoredPasskey(giorgi.id, "cred-giorgi", "Giorgi's laptop");
    expect((await listPasskeys(db, nino.id)).map((passkey) => passkey.name)).toEqual([
      "Nino's phone",
    ]);
    expect(await removePasskey(db, nino.id, "cred-giorgi")).toBe(false);
    expect(await listPasskeys(db, giorgi.id)).toHaveLength(1);
    expect(await removePasskey(db, nino.id, "cred-nino")).toBe(true);
    expect(await listPasskeys(db, nino.id)).toEqual([]);
  });
});
