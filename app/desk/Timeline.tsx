import { useTranslation } from "react-i18next";
import { actorLabel } from "~/orders/order-words";
import type { OrderEvent, OrderStatus } from "../../db/schema";

/** One event of an order's timeline, as `timelineEvents` writes it for the reader. */
export interface TimelineEvent {
  id: number;
  at: string;
  actor: string;
  kind: OrderEvent["kind"];
  from: OrderStatus | null;
  to: OrderStatus | null;
  note: string | null;
  undo: boolean;
}

/** The events of an order's timeline, each a list item: when, who, what (and its note). */
export function TimelineEvents({ events }: { events: readonly TimelineEvent[] }) {
  const { t } = useTranslation("desk");
  return (
    <>
      {events.map((event) => (
        <li key={event.id}>
          <span className="desk-timeline__at">{event.at}</span>{" "}
          <span className="desk-timeline__actor">{actorLabel(event.actor, t)}</span>{" "}
          {event.kind === "status" && event.from && event.to
            ? t(event.undo ? "order.undoEvent" : "order.movedEvent", {
                from: t(`status.${event.from}`),
                to: t(`status.${event.to}`),
              })
            : t("order.noteEvent")}
          {event.note ? <q className="desk-timeline__note">{event.note}</q> : null}
        </li>
      ))}
    </>
  );
}
