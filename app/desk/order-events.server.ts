import type { TFunction } from "i18next";
import { eventNote } from "~/orders/event-note";
import { formatShopDateTime } from "~/platform/calendar";
import type { OrderEvent } from "../../db/schema";
import type { TimelineEvent } from "./Timeline";

/** An order's events as its timeline shows them: the time in the reader's words, notes too. */
export function timelineEvents(
  events: readonly OrderEvent[],
  t: TFunction,
  locale: string,
): TimelineEvent[] {
  return events.map((event) => ({
    id: event.id,
    at: formatShopDateTime(Date.parse(event.at), locale),
    actor: event.actor,
    kind: event.kind,
    from: event.from_status,
    to: event.to_status,
    note: eventNote(event, t),
    undo: event.undoes !== null,
  }));
}
