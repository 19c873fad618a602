import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listActivity } from "~/content/activity.server";
import {
  findOrCreateStaff,
  inspectSignInLink,
  redeemSignInLink,
  setRoleFromCommandLine,
} from "~/desk/auth.server";
import { changePerson, invitePerson, listPeople } from "~/desk/people.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

const NOW = Date.parse("2026-11-24T09:00:00Z");

let db: Kysely<Database>;
beforeEach(async () => {
  db = await freshDatabase("people");
});
afterEach(async () => {
  await db.destroy();
});

async function person(name: string, role: "owner" | "staff") {
  const staff = await findOrCreateStaff(db, name, NOW, role);
  return { id: staff.id, actor: { staffId: staff.id, name } };
}

describe("people of the desk (D31)", () => {
  it("invites new people as staff unless told otherwise, recorded when the command changes a role", async () => {
    const nino = await findOrCreateStaff(db, "Nino", NOW);
    expect(nino.role).toBe("staff");
    await setRoleFromCommandLine(db, nino, "owner", NOW);
    expect((await listPeople(db)).map(({ name, role }) => [name, role])).toEqual([
      ["Nino", "owner"],
    ]);
    const [row] = await listActivity(db, { subject: { type: "staff", id: String(nino.id) } });
    expect(row).toMatchObject({
      actor: "npm run desk:invite",
      field: "role",
      before: "staff",
      after: "owner",
    });
  });

  it("changes a role and locks someone out, ending their sessions; never oneself, never the last owner", async () => {
    const owner = await person("Tamar", "owner");
    const giorgi = await person("Giorgi", "staff");
    await db
      .insertInto("desk_sessions")
      .values({
        token_hash: "h",
        staff_id: giorgi.id,
        created_at: "2026-11-24T08:00:00.000Z",
        last_seen_at: "2026-11-24T08:00:00.000Z",
        user_agent: "test",
      })
      .execute();
    const change = (
      id: number,
      by: typeof owner,
      to: Parameters<typeof changePerson>[1]["change"],
    ) => changePerson(db, { id, change: to, actor: by.actor, now: NOW });

    expect(await change(owner.id, owner, { locked: true })).toBe("self");
    expect(await change(owner.id, owner, { role: "staff" })).toBe("lastOwner");
    expect(await change(giorgi.id, owner, { locked: true })).toBe("changed");
    expect(await db.selectFrom("desk_sessions").selectAll().execute()).toEqual([]);
    expect(await change(giorgi.id, owner, { role: "owner" })).toBe("changed");
    // A locked owner signs nobody in: Tamar is still the last owner who can.
    expect(await change(owner.id, owner, { role: "staff" })).toBe("lastOwner");
    expect(await change(giorgi.id, owner, { locked: false })).toBe("changed");
    expect(await change(owner.id, owner, { role: "staff" })).toBe("changed");
    const trail = await listActivity(db, { staffId: owner.id });
    expect(
      trail.map(({ subject, field, before, after }) => [subject, field, before, after]),
    ).toEqual([
      [String(owner.id), "role", "owner", "staff"],
      [String(giorgi.id), "locked", "yes", "no"],
      [String(giorgi.id), "role", "staff", "owner"],
      [String(giorgi.id), "locked", "no", "yes"],
    ]);
  });

  it("lets only one of two owners demoting each other at once succeed", async () => {
    const tamar = await person("Tamar", "owner");
    const nino = await person("Nino", "owner");
    const results = await Promise.all([
      changePerson(db, { id: nino.id, change: { role: "staff" }, actor: tamar.actor, now: NOW }),
      changePerson(db, { id: tamar.id, change: { role: "staff" }, actor: nino.actor, now: NOW }),
    ]);
    expect(results.sort()).toEqual(["changed", "lastOwner"]);
    const owners = (await listPeople(db)).filter((one) => one.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("lets an owner invite someone from the desk: a one-time link, the person and the link in the trail", async () => {
    const tamar = await person("Tamar", "owner");
    const invited = await invitePerson(db, {
      name: "  Nino   Beridze ",
      role: "owner",
      actor: tamar.actor,
      now: NOW,
    });
    if (invited.kind !== "invited") throw new Error(invited.kind);
    expect(invited.person).toMatchObject({ name: "Nino Beridze", role: "owner" });
    expect(invited.isNew).toBe(true);
    // The token is stored hashed only, and signs exactly this person in, once.
    const stored = await db.selectFrom("desk_sign_in_links").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(invited.token);
    expect(await inspectSignInLink(db, invited.token, NOW + 60_000)).toMatchObject({
      usable: true,
      staff: { name: "Nino Beridze" },
    });
    const redeem = (at: number) =>
      redeemSignInLink(db, { token: invited.token, name: null, userAgent: "test" }, at);
    expect(await redeem(NOW + 60_000)).toMatchObject({
      ok: true,
      staff: { name: "Nino Beridze", role: "owner" },
    });
    expect(await redeem(NOW + 61_000)).toEqual({ ok: false, reason: "used" });

    // Invited again: a fresh link, the role untouched (People changes roles).
    const again = await invitePerson(db, {
      name: "Nino Beridze",
      role: "staff",
      actor: tamar.actor,
      now: NOW + 120_000,
    });
    expect(again).toMatchObject({ kind: "invited", isNew: false, person: { role: "owner" } });

    const trail = await listActivity(db, { staffId: tamar.id });
    expect(trail.map(({ actor, field, before, after }) => [actor, field, before, after])).toEqual([
      ["Tamar", "invited", null, "yes"],
      ["Tamar", "invited", null, "yes"],
      ["Tamar", "role", null, "owner"],
      ["Tamar", "created", null, "Nino Beridze"],
    ]);
  });

  it("refuses an invitation without a name, and one for a person who is locked out", async () => {
    const tamar = await person("Tamar", "owner");
    const giorgi = await person("Giorgi", "staff");
    await changePerson(db, {
      id: giorgi.id,
      change: { locked: true },
      actor: tamar.actor,
      now: NOW,
    });
    const invite = (name: string) =>
      invitePerson(db, { name, role: "staff", actor: tamar.actor, now: NOW });
    expect(await invite("   ")).toEqual({ kind: "badName" });
    expect(await invite("Giorgi")).toEqual({ kind: "locked", name: "Giorgi" });
    expect(await db.selectFrom("desk_sign_in_links").selectAll().execute()).toEqual([]);
    expect((await listPeople(db)).map((one) => one.name)).toEqual(["Giorgi", "Tamar"]);
  });
});
