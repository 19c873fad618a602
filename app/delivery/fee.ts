import type { DeliveryWeek, DeliveryZone } from "./zones";

// The money of delivery (D84), apart from the zones' other rules and with no imports of
// its own: the cart and the checkout's summary run it in the browser on first load.

/** What delivery to `zone` costs for goods of `goods` tetri: its fee, or nothing from `freeFrom`. */
export function deliveryFee(zone: Pick<DeliveryZone, "fee" | "freeFrom">, goods: number): number {
  return zone.freeFrom !== null && goods >= zone.freeFrom ? 0 : zone.fee;
}

/** The zones a shopper may choose, in the owner's order. */
export function openZones(zones: readonly DeliveryZone[]): DeliveryZone[] {
  return zones.filter((zone) => zone.on);
}

/** The zone the cart speaks of: the cheapest one open (the first of equals). */
export function cheapestZone(zones: readonly DeliveryZone[]): DeliveryZone | null {
  let cheapest: DeliveryZone | null = null;
  for (const zone of openZones(zones)) if (!cheapest || zone.fee < cheapest.fee) cheapest = zone;
  return cheapest;
}

/** What the cart says about delivery for goods of `goods` tetri; null: nothing (it is free). */
export type DeliveryHint =
  | { kind: "from"; fee: number }
  | { kind: "freeFrom"; freeFrom: number; missing: number }
  | { kind: "free" };

export function deliveryHint(zones: readonly DeliveryZone[], goods: number): DeliveryHint | null {
  const zone = cheapestZone(zones);
  if (!zone || zone.fee === 0) return null;
  if (zone.freeFrom === null) return { kind: "from", fee: zone.fee };
  if (goods >= zone.freeFrom) return { kind: "free" };
  return { kind: "freeFrom", freeFrom: zone.freeFrom, missing: zone.freeFrom - goods };
}

/** How many tetri the goods lack to reach the minimum order; 0 when they reach it. */
export function missingForMinimum(week: Pick<DeliveryWeek, "minimum">, goods: number): number {
  return week.minimum === null ? 0 : Math.max(0, week.minimum - goods);
}

/** The zone with this id among the open ones; with one open zone, that one whatever is asked. */
export function chosenZone(zones: readonly DeliveryZone[], id: string | null): DeliveryZone | null {
  const open = openZones(zones);
  if (open.length === 1) return open[0] ?? null;
  return open.find((zone) => zone.id === id) ?? null;
}
