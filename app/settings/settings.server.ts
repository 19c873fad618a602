import type { Kysely } from "kysely";
import { type Actor, type FieldChange, recordChanges } from "~/content/activity.server";
import { bumpRevision } from "~/content/store.server";
import type { Database } from "../../db/schema";
import type { SettingsSection } from "./form";
import { type ShopSettings, readSettings } from "./model";

function shown(value: string | number | boolean | null): string | null {
  if (value === null) return null;
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}

/**
 * Saves one section of the settings (D31): in one transaction the new value, a trail row
 * for each field that changed (its value before is read inside the transaction) and the
 * revision every process watches. Returns whether anything changed.
 */
export async function saveSettings<S extends SettingsSection>(
  db: Kysely<Database>,
  input: { section: S; value: ShopSettings[S]; actor: Actor; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("shop_settings").selectAll().execute();
    const before = readSettings(rows)[input.section] as unknown as Record<
      string,
      string | number | boolean | null
    >;
    const after = input.value as unknown as Record<string, string | number | boolean | null>;
    const changes: FieldChange[] = Object.keys(after).map((key) => ({
      field: `${input.section}.${key}`,
      before: shown(before[key] ?? null),
      after: shown(after[key] ?? null),
    }));
    const stored = await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "settings", id: input.section },
      changes,
      now: input.now,
    });
    if (stored === 0) return false;
    await trx
      .insertInto("shop_settings")
      .values({ key: input.section, value: JSON.stringify(input.value) })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet({ value: JSON.stringify(input.value) }),
      )
      .execute();
    await bumpRevision(trx);
    return true;
  });
}
