import type { Kysely } from "kysely";
import { type Actor, changesSince, recordChanges } from "~/content/activity.server";
import { normalizePhone } from "~/phone/phone";
import { isoAt } from "~/platform/clock";
import type { Courier, Database } from "../../db/schema";

import { COURIER_NAME_MAX } from "./model";

export { COURIER_NAME_MAX };

export type CourierProblem = "name" | "phone" | "notFound" | "stale";

export interface CourierInput {
  name: string;
  phone: string;
  active: boolean;
}

/** Every courier, the active ones first, each by name. */
export function listCouriers(db: Kysely<Database>): Promise<Courier[]> {
  return db.selectFrom("couriers").selectAll().orderBy("active", "desc").orderBy("name").execute();
}

function checked(input: CourierInput): { name: string; phone: string } | CourierProblem {
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name || name.length > COURIER_NAME_MAX) return "name";
  const phone = normalizePhone(input.phone);
  if (!phone) return "phone";
  return { name, phone };
}

/**
 * Adds a courier (owners, D68) or changes one: name, phone (a Georgian number in any
 * spelling, kept as +995 …) and whether they take parcels now. Couriers never sign in.
 * Each changed field is in the activity trail with before → after.
 */
export async function saveCourier(
  db: Kysely<Database>,
  input: CourierInput & {
    id: number | null;
    actor: Actor;
    /** The revision the owner's page was read at: a later change to this courier refuses. */
    revision?: number;
  },
  now: number,
): Promise<{ ok: true; id: number } | { ok: false; problem: CourierProblem }> {
  const fields = checked(input);
  if (typeof fields === "string") return { ok: false, problem: fields };
  return db.transaction().execute(async (trx) => {
    const before = input.id
      ? await trx.selectFrom("couriers").selectAll().where("id", "=", input.id).executeTakeFirst()
      : null;
    if (input.id && !before) return { ok: false, problem: "notFound" } as const;
    const subject = { type: "courier" as const, id: String(input.id) };
    if (before && (await changesSince(trx, subject, input.revision)).length > 0)
      return { ok: false, problem: "stale" } as const;
    const row = { name: fields.name, phone: fields.phone, active: input.active ? 1 : 0 };
    if (before) await trx.updateTable("couriers").set(row).where("id", "=", before.id).execute();
    const id = before
      ? before.id
      : (
          await trx
            .insertInto("couriers")
            .values({ ...row, created_at: isoAt(now) })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
    const yesNo = (value: number | undefined) =>
      value === undefined ? null : value ? "active" : "inactive";
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "courier", id: String(id) },
      changes: [
        { field: "name", before: before?.name ?? null, after: row.name },
        { field: "phone", before: before?.phone ?? null, after: row.phone },
        { field: "active", before: yesNo(before?.active), after: yesNo(row.active) },
      ],
      now,
    });
    return { ok: true, id } as const;
  });
}
