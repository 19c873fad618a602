import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import type { OrderStatus } from "../../db/schema";
import type { DeskOutcome } from "./outcome.server";

export interface RecentChangeView {
  numbers: string[];
  /** `orderNumber:eventId`, one per order, as the undo form posts them. */
  changes: string[];
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * What the last action did (moved, named what stayed), and the person's latest change
 * with its Undo button while they may still undo it alone (ten minutes). Focus moves to
 * it when an action's outcome appears, so a screen reader reads what happened.
 */
export function DoneNotice({
  outcome,
  recent,
}: {
  outcome: DeskOutcome | null;
  recent: RecentChangeView | null;
}) {
  const { t } = useTranslation("desk");
  const notice = useFocusOnAnswer<HTMLDivElement>(outcome);
  if (!outcome && !recent) return null;
  const kept = outcome?.kept ?? [];
  return (
    <div ref={notice} tabIndex={-1} className="desk-done">
      {outcome ? (
        <p>
          {outcome.kind === "moved" && outcome.to
            ? t("done.moved", { count: outcome.count, status: t(`status.${outcome.to}`) })
            : t(`done.${outcome.kind}`, { count: outcome.count })}
        </p>
      ) : null}
      {kept.length > 0 ? (
        <ul className="desk-done__kept">
          {kept.map((order) => (
            <li key={order.number}>
              {order.status
                ? t("done.keptAs", {
                    number: order.number,
                    status: t(`status.${order.status}`),
                  })
                : t("done.kept", { number: order.number })}
            </li>
          ))}
        </ul>
      ) : null}
      {recent ? (
        <Form method="post" preventScrollReset className="desk-done__undo">
          <input type="hidden" name="intent" value="undo" />
          {recent.changes.map((change) => (
            <input key={change} type="hidden" name="change" value={change} />
          ))}
          <span>
            {recent.numbers.length === 1
              ? t("done.lastOne", {
                  number: recent.numbers[0],
                  from: t(`status.${recent.from}`),
                  to: t(`status.${recent.to}`),
                })
              : t("done.lastMany", {
                  count: recent.numbers.length,
                  from: t(`status.${recent.from}`),
                  to: t(`status.${recent.to}`),
                })}
            {recent.numbers.length > 1 ? (
              <>
                {" "}
                <bdi>{t("done.orders", { numbers: recent.numbers.join(", ") })}</bdi>
              </>
            ) : null}
          </span>
          <button type="submit" className="desk-button">
            {t("done.undo")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
