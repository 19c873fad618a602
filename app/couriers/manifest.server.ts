import type { Kysely } from "kysely";
import type { Catalog } from "~/catalog/model";
import type { LanguageCode } from "~/i18n/languages";
import { itemTitle } from "~/orders/order-words";
import type { Database } from "../../db/schema";
import { type CourierDay, courierDays, parseDay } from "./cash.server";

/**
 * A courier's manifest (D68): every parcel handed to them for a day, with the items named
 * in the reader's language and the cash to collect, and the total the courier must bring
 * back (parcels nobody was home for go out again another day and are left out of it).
 * Null when the address names no such courier's day.
 */
export async function readManifest(
  db: Kysely<Database>,
  catalog: Catalog,
  url: URL,
  language: LanguageCode,
): Promise<CourierDay | null> {
  const day = parseDay(url.searchParams.get("day"));
  const courierId = Number(url.searchParams.get("courier"));
  if (!day || !Number.isSafeInteger(courierId) || courierId <= 0) return null;
  const [entry] = await courierDays(db, day, courierId);
  if (!entry) return null;
  for (const parcel of entry.parcels)
    parcel.items = parcel.items.map((item) => ({
      ...item,
      title: itemTitle({ item_key: item.key, title: item.title }, catalog, language),
    }));
  return entry;
}
