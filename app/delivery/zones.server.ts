import type { Kysely } from "kysely";
import { type Actor, changesSince, recordChanges } from "~/content/activity.server";
import { bumpRevision } from "~/content/store.server";
import type { Database } from "../../db/schema";
import { type Change, weekChanges, withZone, zoneChanges, zoneId } from "./zone-form";
import { type DeliveryWeek, type DeliveryZone, readWeek, readZones } from "./zones";

/**
 * The owner's saves of the delivery zones and the week (D84), each one transaction: the
 * stale check (a change to the same zone, or to the week, after the page was read refuses
 * the save: no lost update), the rows, a trail row for each changed field, before → after,
 * and the content revision every process watches, so the checkout changes at once.
 */
export type SaveOutcome =
  | { kind: "saved"; id: string }
  | { kind: "unchanged" }
  | { kind: "stale" }
  | { kind: "refused"; error: "lastOn" | "tooMany" | "used" };

const ZONES = { type: "settings", id: "zones" } as const;
const WEEK = { type: "settings", id: "week" } as const;

async function stored(trx: Kysely<Database>, key: "zones" | "week"): Promise<unknown> {
  const row = await trx
    .selectFrom("shop_settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  try {
    return row ? JSON.parse(row.value) : null;
  } catch {
    return null;
  }
}

export async function readStoredZones(db: Kysely<Database>): Promise<DeliveryZone[]> {
  const value = (await stored(db, "zones")) as { list?: unknown } | null;
  return readZones(value?.list);
}

export async function readStoredWeek(db: Kysely<Database>): Promise<DeliveryWeek> {
  return readWeek(await stored(db, "week"));
}

async function write(
  trx: Kysely<Database>,
  key: "zones" | "week",
  value: unknown,
  record: { actor: Actor; now: number; changes: Change[] },
): Promise<boolean> {
  const subject = key === "zones" ? ZONES : WEEK;
  if ((await recordChanges(trx, { ...record, subject })) === 0) return false;
  const text = JSON.stringify(value);
  await trx
    .insertInto("shop_settings")
    .values({ key, value: text })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: text }))
    .execute();
  await bumpRevision(trx);
  return true;
}

interface Save {
  actor: Actor;
  now: number;
  /** The revision the owner's page was read at; undefined checks nothing. */
  revision?: number;
}

/**
 * Saves one zone as its card posted it; `zone.id` null adds a new one, its id made from
 * its Russian name. At least one zone stays on.
 */
export async function saveZone(
  db: Kysely<Database>,
  input: Save & { zone: Omit<DeliveryZone, "id"> & { id: string | null } },
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const zones = await readStoredZones(trx);
    const { id: asked } = input.zone;
    if (asked !== null) {
      const fields = { prefix: `zones.${asked}.` };
      if ((await changesSince(trx, ZONES, input.revision, fields)).length > 0)
        return { kind: "stale" };
    }
    const before = zones.find((one) => one.id === asked) ?? null;
    if (asked !== null && !before) return { kind: "stale" };
    const id =
      asked ??
      zoneId(
        input.zone.names.ru ?? "",
        zones.map((one) => one.id),
      );
    const zone = { ...input.zone, id };
    const next = withZone(zones, id, zone);
    if (next.refused) return { kind: "refused", error: next.refused };
    const changes = zoneChanges(id, before, zone);
    const saved = await write(trx, "zones", { list: next.zones }, { ...input, changes });
    return saved ? { kind: "saved", id } : { kind: "unchanged" };
  });
}

/** Deletes a zone no order names; one that orders use is switched off instead, never deleted. */
export async function deleteZone(
  db: Kysely<Database>,
  input: Save & { id: string },
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const fields = { prefix: `zones.${input.id}.` };
    if ((await changesSince(trx, ZONES, input.revision, fields)).length > 0)
      return { kind: "stale" };
    const zones = await readStoredZones(trx);
    const before = zones.find((one) => one.id === input.id);
    if (!before) return { kind: "unchanged" };
    const used = await trx
      .selectFrom("orders")
      .select("id")
      .where("delivery_zone", "=", input.id)
      .limit(1)
      .executeTakeFirst();
    if (used) return { kind: "refused", error: "used" };
    const next = withZone(zones, input.id, null);
    if (next.refused) return { kind: "refused", error: next.refused };
    const changes = zoneChanges(input.id, before, null);
    await write(trx, "zones", { list: next.zones }, { ...input, changes });
    return { kind: "saved", id: input.id };
  });
}

/** Saves the shop-wide week: cut-off hour, holidays, minimum order. */
export async function saveWeek(
  db: Kysely<Database>,
  input: Save & { week: DeliveryWeek },
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    if ((await changesSince(trx, WEEK, input.revision)).length > 0) return { kind: "stale" };
    const before = await readStoredWeek(trx);
    const changes = weekChanges(before, input.week);
    const saved = await write(trx, "week", input.week, { ...input, changes });
    return saved ? { kind: "saved", id: "week" } : { kind: "unchanged" };
  });
}

/** The zones orders name: switched off, never deleted. */
export async function zonesInUse(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("orders")
    .select("delivery_zone")
    .distinct()
    .where("delivery_zone", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.delivery_zone ? [row.delivery_zone] : []));
}
