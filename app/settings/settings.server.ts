import type { Kysely } from "kysely";
import { priceText } from "~/catalog/product-form";
import {
  type Actor,
  type FieldChange,
  changesSince,
  recordChanges,
} from "~/content/activity.server";
import { bumpRevision } from "~/content/store.server";
import type { Database } from "../../db/schema";
import { type SettingsSection, smsNumberText } from "./form";
import { type MessagesSettings, type ShopSettings, readSettings, smsMessages } from "./model";

type Stored = string | number | boolean | null | readonly string[];

/** A value as the trail writes it: a flag as on/off, a list (languages) comma-separated. */
function shown(value: Stored): string | null {
  if (value === null) return null;
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/**
 * A section's fields as the trail writes them. The messages section is written field by
 * field in the reader's terms: a box a message, the segment's cost as GEL ("0.04"), the
 * numbers as people write them.
 */
function trailValues(section: SettingsSection, value: unknown): Record<string, string | null> {
  if (section === "messages") {
    const messages = value as MessagesSettings;
    return {
      ...Object.fromEntries(
        smsMessages.map((message) => [`sms.${message}`, shown(messages.sms[message])]),
      ),
      segmentPrice: priceText(messages.segmentPrice),
      askCode: messages.askCode,
      notifyEmails: shown(messages.notifyEmails),
      notifyPhones: shown(messages.notifyPhones.map(smsNumberText)),
    };
  }
  const fields = value as Record<string, Stored>;
  return Object.fromEntries(Object.keys(fields).map((key) => [key, shown(fields[key] ?? null)]));
}

/** The settings as stored now (an owner's page reads them so, not from memory). */
export async function readStoredSettings(db: Kysely<Database>): Promise<ShopSettings> {
  return readSettings(await db.selectFrom("shop_settings").selectAll().execute());
}

/**
 * Saves one section of the settings (D31): in one transaction the new value, a trail row
 * for each field that changed (its value before is read inside the transaction) and the
 * revision every process watches. Says whether anything changed, or that the section was
 * changed after the owner's page was read at `revision` (then nothing is saved).
 */
export async function saveSettings<S extends SettingsSection>(
  db: Kysely<Database>,
  input: { section: S; value: ShopSettings[S]; actor: Actor; now: number; revision?: number },
): Promise<"saved" | "unchanged" | "stale"> {
  return db.transaction().execute(async (trx) => {
    const subject = { type: "settings" as const, id: input.section };
    if ((await changesSince(trx, subject, input.revision)).length > 0) return "stale";
    const rows = await trx.selectFrom("shop_settings").selectAll().execute();
    const before = trailValues(input.section, readSettings(rows)[input.section]);
    const after = trailValues(input.section, input.value);
    const changes: FieldChange[] = Object.keys(after).map((key) => ({
      field: `${input.section}.${key}`,
      before: before[key] ?? null,
      after: after[key] ?? null,
    }));
    const stored = await recordChanges(trx, {
      actor: input.actor,
      subject,
      changes,
      now: input.now,
    });
    if (stored === 0) return "unchanged";
    await trx
      .insertInto("shop_settings")
      .values({ key: input.section, value: JSON.stringify(input.value) })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet({ value: JSON.stringify(input.value) }),
      )
      .execute();
    await bumpRevision(trx);
    return "saved";
  });
}
