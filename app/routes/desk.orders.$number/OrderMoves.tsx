import { Form, Link } from "@remix-run/react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX } from "~/orders/note";
import { asksTwice } from "~/orders/status";
import type { Intent } from "./actions.server";
import type { OrderView } from "./view.server";

/** The moves allowed now (Cancel and Refused asked once more on their own page), a call nobody answered, and the undo of the latest change. */
export function OrderMoves({
  order,
  moveForm,
  typedFor,
}: {
  order: OrderView;
  moveForm: Ref<HTMLFormElement>;
  typedFor: (intent: Intent) => string;
}) {
  const { t } = useTranslation("desk");
  return (
    <>
      {order.next.length > 0 ? (
        <Form
          ref={moveForm}
          method="post"
          preventScrollReset
          className="desk-actions"
          aria-labelledby="desk-actions-title"
        >
          <h2 id="desk-actions-title">{t("order.actions")}</h2>
          <input type="hidden" name="intent" value="move" />
          {order.calls > 0 ? (
            <p className="desk-order__calls">{t("list.calls", { count: order.calls })}</p>
          ) : null}
          <p className="desk-field">
            <label htmlFor="status-note">{t("order.statusNote")}</label>
            <input
              id="status-note"
              name="note"
              maxLength={NOTE_MAX}
              defaultValue={typedFor("move")}
            />
          </p>
          <p className="desk-actions__buttons">
            {order.next
              .filter((status) => !asksTwice(status))
              .map((status) => (
                <button
                  key={status}
                  type="submit"
                  name="to"
                  value={status}
                  className="desk-button desk-button--primary"
                >
                  {status === "confirmed" ? t("outcome.confirmed") : t(`move.${status}`)}
                </button>
              ))}
            {order.status === "new" ? (
              <button type="submit" name="call" value="1" className="desk-button">
                {t("outcome.noAnswer")}
              </button>
            ) : null}
          </p>
          {order.next.some(asksTwice) ? (
            <p className="desk-actions__final">
              {order.next.filter(asksTwice).map((status) => (
                <Link
                  key={status}
                  to={`/desk/orders/${status === "cancelled" ? "cancel" : "refuse"}?order=${order.number}&back=${encodeURIComponent(`/desk/orders/${order.number}`)}`}
                  className="desk-button desk-button--danger"
                >
                  {status === "cancelled" ? t("outcome.cancel") : t(`move.${status}`)}
                </Link>
              ))}
            </p>
          ) : null}
        </Form>
      ) : null}
      {order.undo ? (
        <Form
          method="post"
          preventScrollReset
          className="desk-undo"
          aria-labelledby="desk-undo-title"
        >
          <h2 id="desk-undo-title">{t("undo.title")}</h2>
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="event" value={order.undo.eventId} />
          <p>
            {t("undo.what", {
              from: t(`status.${order.status}`),
              to: t(`status.${order.undo.from}`),
            })}
          </p>
          {order.undo.withNote ? (
            <p className="desk-field">
              <label htmlFor="undo-note">{t("undo.note")}</label>
              <input
                id="undo-note"
                name="note"
                required
                maxLength={NOTE_MAX}
                defaultValue={typedFor("undo")}
              />
            </p>
          ) : null}
          <button type="submit" className="desk-button">
            {t("done.undo")}
          </button>
        </Form>
      ) : null}
    </>
  );
}
