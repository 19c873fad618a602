import type { Kysely } from "kysely";
import type { Catalog } from "~/catalog/model";
import type { DeliveryZone } from "~/delivery/zones";
import type { LanguageCode } from "~/i18n/languages";
import { itemTitle } from "~/orders/order-words";
import type { Database } from "../../db/schema";
import { type CourierDay, type Parcel, courierDays, parseDay } from "./cash.server";
import { type PlaceGroup, byPlace, sumOf } from "./places";

export interface Manifest extends CourierDay {
  /**
   * The parcels to take out (not those nobody was home for) by zone, in the owner's order,
   * each sorted by address, with the cash the zone's parcels come to (D84).
   */
  groups: Array<PlaceGroup<Parcel> & { cash: number }>;
}

/**
 * A courier's manifest (D68): every parcel handed to them for a day, with the items named
 * in the reader's language and the cash to collect (goods and delivery), by zone then
 * address, and the total the courier must bring back (parcels nobody was home for go out
 * again another day and are left out of it). Null when the address names no such day.
 */
export async function readManifest(
  db: Kysely<Database>,
  catalog: Catalog,
  zones: readonly DeliveryZone[],
  url: URL,
  language: LanguageCode,
): Promise<Manifest | null> {
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
  const out = entry.parcels.filter((parcel) => parcel.outcome !== "not_home");
  const groups = byPlace(out, zones, language).map((group) => ({
    ...group,
    cash: sumOf(group.items, (parcel) => parcel.amount),
  }));
  return { ...entry, groups };
}
