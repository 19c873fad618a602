import type { TFunction } from "i18next";
import type { Catalog } from "~/catalog/model";
import type { DeliveryZone } from "~/delivery/zones";
import type { LanguageCode } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import { eventNote } from "~/orders/event-note";
import { deliveryTitle, lineTitle } from "~/orders/order-words";
import { formatShopDateTime } from "~/platform/calendar";
import type { OrderEvent } from "../../db/schema";
import type { TimelineEvent } from "./Timeline";

/**
 * An order's events as its timeline shows them: the time as the desk writes it, notes in
 * the reader's words, products named in the reader's language.
 */
export function timelineEvents(
  events: readonly OrderEvent[],
  t: TFunction,
  language: LanguageCode,
  catalog: Catalog,
  zones: ReadonlyArray<Pick<DeliveryZone, "id" | "names">> = [],
): TimelineEvent[] {
  const name = lineTitle(catalog, language);
  const nameDelivery = deliveryTitle(zones, language, t);
  return events.map((event) => ({
    id: event.id,
    at: formatShopDateTime(Date.parse(event.at), language),
    actor: event.actor,
    kind: event.kind,
    from: event.from_status,
    to: event.to_status,
    note: eventNote(event, t, name, nameDelivery, (tetri) => formatPrice(tetri, language)),
    undo: event.undoes !== null,
  }));
}
