import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX } from "~/orders/note";
import { Price } from "~/ui/Price";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import { Difference, NoteField, ParcelReport } from "./ParcelReport";
import type { actOnCash } from "./actions.server";
import type { CourierView, Page } from "./types";

/** One courier's day: the figures, each parcel's report, the cash received, Close day. */
export function CourierDayCard({ courier, page }: { courier: CourierView; page: Page }) {
  const { t } = useTranslation("desk");
  const answer = useActionData<typeof actOnCash>();
  const mine = answer?.at === `courier-${courier.id}` ? answer : undefined;
  // Closing without the words the difference asks for: the field says so and takes the focus.
  const noteRefused = mine?.problem === "note" ? mine : undefined;
  const alert = useFocusOnAnswer<HTMLParagraphElement>(noteRefused ? undefined : mine);
  const noteField = useFocusOnAnswer<HTMLInputElement>(noteRefused);
  const noteId = `close-${courier.id}-note`;
  const f = courier.figures;
  const locked = courier.closed !== null;
  const manifest = new URLSearchParams({ courier: String(courier.id), day: page.day });
  const parcelsOf = new URLSearchParams({ day: page.day, courier: String(courier.id) });
  return (
    <section className="desk-card desk-courier-day" aria-labelledby={`courier-${courier.id}`}>
      <h2 id={`courier-${courier.id}`}>
        <bdi>{courier.name}</bdi>{" "}
        <a href={`tel:${courier.phone.replace(/\s+/g, "")}`} className="desk-muted">
          <bdi dir="ltr">{courier.phone}</bdi>
        </a>
      </h2>
      {courier.closed ? (
        <p className="desk-ok">
          {t("cash.closedBy", { name: courier.closed.by, date: courier.closed.at })}
        </p>
      ) : null}
      {courier.closed?.note ? (
        <p className="desk-cash__close-note">
          {t("cash.closeNoteShown")} <bdi>{courier.closed.note}</bdi>
        </p>
      ) : null}
      <dl className="desk-details desk-cash-figures">
        <div>
          <dt>{t("cash.parcels")}</dt>
          <dd>
            {t("cash.parcelsSummary", {
              count: f.parcels,
              delivered: f.delivered,
              refused: f.refused,
              notHome: f.notHome,
              open: f.open,
            })}
          </dd>
        </div>
        <div>
          <dt>{t("cash.expected")}</dt>
          <dd>
            <Price amount={f.expected} />
          </dd>
        </div>
        <div>
          <dt>{t("cash.collected")}</dt>
          <dd>
            <Price amount={f.collected} />
          </dd>
        </div>
        <div>
          <dt>{t("cash.received")}</dt>
          <dd>{f.received === null ? t("cash.notCounted") : <Price amount={f.received} />}</dd>
        </div>
        <div className={f.difference ? "desk-cash__warn" : undefined}>
          <dt>{t("cash.difference")}</dt>
          <dd>
            <Difference value={f.difference} />
          </dd>
        </div>
      </dl>
      {courier.byZone.length > 0 ? (
        <table className="desk-items desk-cash-zones">
          <caption>{t("cash.byZone")}</caption>
          <tbody>
            {courier.byZone.map((zone) => (
              <tr key={zone.key}>
                <th scope="row">
                  <bdi>{zone.name}</bdi>{" "}
                  <span className="desk-muted">
                    {t("manifest.parcels", { count: zone.parcels })}
                  </span>
                </th>
                <td>
                  <Price amount={zone.expected} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p>
        <Link to={`/desk/manifest?${manifest}`}>{t("handoff.manifest")}</Link>
      </p>
      {page.shown !== null && page.shown !== courier.id ? (
        <p>
          <Link to={`/desk/cash?${parcelsOf}#courier-${courier.id}`}>
            {t("cash.showParcels", { name: courier.name })}
          </Link>
        </p>
      ) : null}
      <ul className="desk-cards">
        {courier.parcels.map((parcel) => (
          <ParcelReport
            key={parcel.id}
            parcel={parcel}
            page={page}
            courier={courier}
            error={
              answer?.at === `parcel-${parcel.id}` ? t(`cash.problem.${answer.problem}`) : null
            }
          />
        ))}
      </ul>
      {mine && !noteRefused ? (
        <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
          {t(`cash.problem.${mine.problem}`)}
        </p>
      ) : null}
      {locked && !page.owner ? null : (
        <Form
          method="post"
          className="desk-form desk-inline-form"
          aria-label={`${t("cash.received")}: ${courier.name}`}
        >
          <input type="hidden" name="intent" value="receive" />
          <input type="hidden" name="day" value={page.day} />
          <input type="hidden" name="courier" value={courier.id} />
          <p className="desk-field">
            <label htmlFor={`received-${courier.id}`}>{t("cash.receivedLabel")}</label>
            <input
              id={`received-${courier.id}`}
              name="amount"
              inputMode="decimal"
              dir="ltr"
              required
              maxLength={12}
              defaultValue={mine?.intent === "receive" ? mine.amount : courier.receivedInput}
              aria-invalid={mine?.problem === "amount" || undefined}
            />
          </p>
          {locked ? <NoteField id={`received-${courier.id}-note`} required /> : null}
          <button type="submit" className="desk-button">
            {t("cash.saveReceived")}
          </button>
        </Form>
      )}
      {locked ? null : (
        <Form
          id={`close-${courier.id}`}
          method="post"
          action={`/desk/cash?${page.shown === null ? `day=${page.day}` : parcelsOf}#close-${courier.id}`}
          className="desk-form"
          aria-label={`${t("cash.close")}: ${courier.name}`}
        >
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="day" value={page.day} />
          <input type="hidden" name="courier" value={courier.id} />
          {courier.off ? (
            <p className="desk-field">
              <label htmlFor={noteId}>{t("cash.closeNote")}</label>
              <input
                ref={noteField}
                id={noteId}
                name="note"
                maxLength={NOTE_MAX}
                autoComplete="off"
                defaultValue={noteRefused?.note ?? ""}
                aria-invalid={noteRefused ? true : undefined}
                aria-describedby={noteRefused ? `${noteId}-hint ${noteId}-error` : `${noteId}-hint`}
              />
              <span className="desk-hint" id={`${noteId}-hint`}>
                {t("cash.closeNoteHint")}
              </span>
              {noteRefused ? (
                <span className="desk-field-error" id={`${noteId}-error`}>
                  {t("cash.problem.note")}
                </span>
              ) : null}
            </p>
          ) : null}
          <button type="submit" className="desk-button desk-button--primary">
            {t("cash.close")}
          </button>
        </Form>
      )}
    </section>
  );
}
