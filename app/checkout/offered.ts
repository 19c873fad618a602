import type { DeliveryOffer, ZoneOffer } from "~/delivery/days";

/** The area chosen among the zones offered (D84); with only one, that one whatever is asked. */
export function offeredZone(offer: DeliveryOffer, area: string | null): ZoneOffer | null {
  if (offer.zones.length === 1) return offer.zones[0] ?? null;
  return offer.zones.find((zone) => zone.id === area) ?? null;
}
