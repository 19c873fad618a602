import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX } from "~/orders/note";
import { Price } from "~/ui/Price";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import { Choice, Choices } from "./Choice";
import type { FinalMove, actFinalMove, loadFinalMove } from "./final-move.server";

/**
 * The second question before an order's road ends (Cancel, Refused): which orders, why
 * (a cancellation's reason is required), and one button that does it; "Keep" goes back
 * and changes nothing. The same page with or without JavaScript.
 */
export function FinalMovePage({ to }: { to: FinalMove }) {
  const page = useLoaderData<typeof loadFinalMove>();
  const answer = useActionData<typeof actFinalMove>();
  const { t } = useTranslation("desk");
  const busy = useNavigation().state === "submitting";
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  const count = page.orders.length;
  const single = page.orders[0]?.number ?? "";
  const typedReason = answer && "reason" in answer ? answer.reason : null;
  return (
    <section className="desk-page desk-page--narrow">
      <h1>{t(`final.${to}.title`, { count, number: single })}</h1>
      {answer ? (
        <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
          {t("final.reasonMissing")}
        </p>
      ) : null}
      <ul className="desk-final__orders">
        {page.orders.map((order) => (
          <li key={order.number}>
            <strong>{t("order.number", { number: order.number })}</strong>{" "}
            {order.name ? <bdi>{order.name}</bdi> : null} <bdi dir="ltr">{order.phone}</bdi> ·{" "}
            <Price amount={order.total} /> · {t(`status.${order.status}`)}
          </li>
        ))}
      </ul>
      <Form method="post" className="desk-final">
        {page.orders.map((order) => (
          <input key={order.number} type="hidden" name="order" value={order.number} />
        ))}
        <input type="hidden" name="back" value={page.back} />
        {to === "cancelled" ? (
          <Choices
            legend={t("final.reason")}
            className="desk-final__reasons"
            aria-describedby="final-hint"
          >
            {page.reasons.map((reason) => (
              <Choice
                key={reason}
                type="radio"
                name="reason"
                value={reason}
                required
                defaultChecked={typedReason === reason}
                label={t(`cancelReason.${reason}`)}
              />
            ))}
          </Choices>
        ) : null}
        <p className="desk-field">
          <label htmlFor="final-note">
            {to === "cancelled" ? t("final.otherWords") : t("order.statusNote")}
          </label>
          <input
            id="final-note"
            name="note"
            maxLength={NOTE_MAX}
            defaultValue={answer?.note ?? ""}
          />
        </p>
        <p id="final-hint" className="desk-muted">
          {t(`final.${to}.hint`, { count })}
        </p>
        <p className="desk-actions__buttons">
          <button type="submit" className="desk-button desk-button--danger" disabled={busy}>
            {t(`final.${to}.confirm`, { count })}
          </button>
          <Link to={page.back} className="desk-button">
            {t("final.keep")}
          </Link>
        </p>
      </Form>
    </section>
  );
}
