import { type DeliveryZone, zoneName } from "~/delivery/zones";

/**
 * The courier's day by place (D84): the hand-off, the manifest, the cash page and the
 * reports group parcels by the zone their order went to, in the owner's order of the zones,
 * and sort them by address within it. Pure: the same rule on every page.
 */

/** Where an order goes, as it was stored: the zone's id and its name then (the snapshot). */
export interface Placed {
  zone: string | null;
  area: string | null;
}

export interface Place {
  /** The same for every order of one zone (or one area no zone of today's knows). */
  key: string;
  /** The zone's name in the reader's language, else the order's stored area, else "—". */
  name: string;
  /** The zone's place in the owner's list; areas no zone knows come after, none at all last. */
  rank: number;
}

export const NO_PLACE = "—";

/** The place of one order among today's zones, named in `language`. */
export function placeOf(order: Placed, zones: readonly DeliveryZone[], language: string): Place {
  const index = order.zone === null ? -1 : zones.findIndex((zone) => zone.id === order.zone);
  const zone = zones[index];
  if (zone) return { key: `zone:${zone.id}`, name: zoneName(zone, language), rank: index };
  if (order.area)
    return { key: `area:${order.zone ?? order.area}`, name: order.area, rank: zones.length };
  return { key: "", name: NO_PLACE, rank: zones.length + 1 };
}

export interface PlaceGroup<T> extends Place {
  items: T[];
}

/**
 * `items` grouped by place (zones in the owner's order, then areas no zone knows by name,
 * then orders with none), each group sorted by address as the reader's language sorts it
 * (house numbers as numbers); equal addresses keep their order.
 */
export function byPlace<T extends Placed & { address: string }>(
  items: readonly T[],
  zones: readonly DeliveryZone[],
  language: string,
): Array<PlaceGroup<T>> {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: "base" });
  const groups = new Map<string, PlaceGroup<T>>();
  for (const item of items) {
    const place = placeOf(item, zones, language);
    const group = groups.get(place.key) ?? { ...place, items: [] };
    group.items.push(item);
    groups.set(place.key, group);
  }
  const sorted = [...groups.values()].sort(
    (a, b) => a.rank - b.rank || collator.compare(a.name, b.name),
  );
  for (const group of sorted) group.items.sort((a, b) => collator.compare(a.address, b.address));
  return sorted;
}

/** What each group adds up to, by `amount`. */
export function sumOf<T>(items: readonly T[], amount: (item: T) => number): number {
  return items.reduce((total, item) => total + amount(item), 0);
}
