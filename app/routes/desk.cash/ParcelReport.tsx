import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX } from "~/orders/note";
import { Price } from "~/ui/Price";
import type { CourierView, Page, ParcelView } from "./types";

export function Difference({ value }: { value: number | null }) {
  const { t } = useTranslation("desk");
  if (value === null) return <>{t("cash.notCounted")}</>;
  if (value === 0) return <Price amount={0} />;
  return (
    <strong className="desk-cash__off">
      {value < 0 ? t("cash.short") : t("cash.over")} <Price amount={Math.abs(value)} />
    </strong>
  );
}

export function NoteField({ id, required }: { id: string; required: boolean }) {
  const { t } = useTranslation("desk");
  return (
    <p className="desk-field">
      <label htmlFor={id}>{required ? t("cash.changeNote") : t("cash.note")}</label>
      <input id={id} name="note" maxLength={NOTE_MAX} required={required} />
    </p>
  );
}

export function ParcelReport({
  parcel,
  page,
  courier,
  error,
}: {
  parcel: ParcelView;
  page: Page;
  courier: CourierView;
  error: string | null;
}) {
  const { t } = useTranslation("desk");
  const locked = courier.closed !== null;
  const anchor = `parcel-${parcel.id}`;
  return (
    <li id={anchor} className="desk-card desk-parcel">
      <p className="desk-parcel__head">
        <Link to={`/desk/orders/${parcel.number}`}>
          {t("order.number", { number: parcel.number })}
        </Link>{" "}
        {parcel.name ? <bdi>{parcel.name}</bdi> : null} · <Price amount={parcel.amount} />
      </p>
      <p className="desk-muted desk-address">
        <bdi>{parcel.address}</bdi>
      </p>
      {parcel.outcome ? (
        <p className={`desk-parcel__outcome desk-parcel__outcome--${parcel.outcome}`}>
          {t(`cash.outcome.${parcel.outcome}`)}
          {parcel.reason ? ` · ${t(`refuseReason.${parcel.reason}`)}` : ""}
          {parcel.nextDay ? ` · ${t("cash.movedTo", { date: parcel.nextDay })}` : ""}
        </p>
      ) : locked && !page.owner ? null : (
        <Form
          method="post"
          className="desk-parcel__form"
          aria-label={t("cash.reportFor", { number: parcel.number })}
        >
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="day" value={page.day} />
          <input type="hidden" name="parcel" value={parcel.id} />
          {error ? (
            <p role="alert" className="desk-error">
              {error}
            </p>
          ) : null}
          {locked ? <NoteField id={`${anchor}-note`} required /> : null}
          <button
            type="submit"
            name="outcome"
            value="delivered"
            className="desk-button desk-button--primary"
          >
            {t("cash.outcome.delivered")}
          </button>
          <details className="desk-parcel__more" open={error !== null || undefined}>
            <summary>{t("cash.notDelivered")}</summary>
            <p className="desk-field">
              <label htmlFor={`${anchor}-reason`}>{t("cash.reason")}</label>
              <select id={`${anchor}-reason`} name="reason" defaultValue="">
                <option value="">{t("cash.chooseReason")}</option>
                {page.reasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`refuseReason.${reason}`)}
                  </option>
                ))}
              </select>
            </p>
            {locked ? null : <NoteField id={`${anchor}-words`} required={false} />}
            <button type="submit" name="outcome" value="refused" className="desk-button">
              {t("cash.outcome.refused")}
            </button>
            <p className="desk-field">
              <label htmlFor={`${anchor}-next`}>{t("cash.nextDay")}</label>
              <input
                id={`${anchor}-next`}
                name="nextDay"
                type="date"
                min={page.nextDay}
                defaultValue={page.nextDay}
              />
            </p>
            <button type="submit" name="outcome" value="not_home" className="desk-button">
              {t("cash.outcome.not_home")}
            </button>
          </details>
        </Form>
      )}
    </li>
  );
}
