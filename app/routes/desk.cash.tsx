import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  type ReportInput,
  closeDay,
  courierDays,
  parseDay,
  receiveCash,
  reportParcel,
} from "~/couriers/cash.server";
import {
  cashInput,
  isCourierOutcome,
  isRefuseReason,
  parseCash,
  refuseReasons,
} from "~/couriers/model";
import { actorOf } from "~/desk/order-actions.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage } from "~/i18n/languages";
import { NOTE_MAX } from "~/orders/note";
import { formatOrderNumber } from "~/orders/order-number";
import { addDays, formatShopDateTime, parseIsoDate, toIsoDate } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { createToast, flashToast } from "~/ui/toast.server";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

/**
 * The couriers' day (decision 027): for a date, each courier's parcels with what came of them,
 * expected, collected, received and the difference; `Close day` locks it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const url = new URL(request.url);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const locale = getLanguage(language).htmlLang;
  const day = parseDay(url.searchParams.get("day")) ?? toIsoDate(shop.today());
  const date = parseIsoDate(day) ?? shop.today();
  const entries = await courierDays(shop.db, day);
  // Each parcel is shown with its shopper's name and phone (D35).
  await session.access.record(
    "cash",
    entries.flatMap((entry) => entry.parcels.map((parcel) => parcel.orderNumber)),
  );
  return {
    meta: { title: pageTitle(t, t("cash.title"), { brand: false }), noindex: true },
    day,
    previous: toIsoDate(addDays(date, -1)),
    next: toIsoDate(addDays(date, 1)),
    nextDay: toIsoDate(addDays(date, 1)),
    owner: session.staff.role === "owner",
    reasons: refuseReasons,
    couriers: entries.map((entry) => ({
      id: entry.courier.id,
      name: entry.courier.name,
      phone: entry.courier.phone,
      figures: entry.figures,
      receivedInput: entry.figures.received === null ? "" : cashInput(entry.figures.received),
      closed: entry.closedAt
        ? { by: entry.closedBy ?? "", at: formatShopDateTime(Date.parse(entry.closedAt), locale) }
        : null,
      parcels: entry.parcels.map((parcel) => ({
        id: parcel.handoffId,
        number: formatOrderNumber(parcel.orderNumber),
        name: parcel.name,
        address: parcel.address,
        amount: parcel.amount,
        outcome: parcel.outcome,
        reason: parcel.reason,
        nextDay: parcel.nextDay,
      })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

type Problem = "reason" | "date" | "amount" | "closed" | "open" | "received" | "changed";

export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request, { page: false });
  const form = await readForm(request);
  const day = parseDay(form.get("day"));
  if (!day) throw new Response("No such day.", { status: 404 });
  const owner = session.staff.role === "owner";
  const note = (form.get("note") ?? "").slice(0, NOTE_MAX);
  const actor = actorOf(session);
  const now = shop.clock();
  const intent = form.get("intent");
  const courierId = Number(form.get("courier"));
  const fail = (problem: Problem, at: string) =>
    data(
      { problem, at, note, amount: form.get("amount") ?? "" },
      { status: problem === "closed" || problem === "changed" ? 409 : 400 },
    );
  let message = "cash.saved";
  if (intent === "report") {
    const handoffId = Number(form.get("parcel"));
    const outcome = form.get("outcome");
    const at = `parcel-${handoffId}`;
    if (!isCourierOutcome(outcome)) return fail("changed", at);
    let report: ReportInput;
    if (outcome === "refused") {
      const reason = form.get("reason");
      if (!isRefuseReason(reason) || (reason === "other" && !note.trim()))
        return fail("reason", at);
      report = { outcome, reason, note: reason === "other" ? note : null };
    } else if (outcome === "not_home") {
      const next = parseIsoDate(form.get("nextDay") ?? "");
      const today = parseIsoDate(day);
      if (!next || !today || toIsoDate(next) <= day) return fail("date", at);
      report = { outcome, nextDay: next };
    } else report = { outcome };
    const result = await reportParcel(
      shop.db,
      { handoffId, report, actor, owner, note: note || null },
      now,
      shop.telegram,
    );
    if (result === "notFound") throw new Response("No such parcel.", { status: 404 });
    if (result === "closed") return fail("closed", at);
    if (result === "changed") return fail("changed", at);
    shop.kickOutbox();
    message = `cash.reported.${outcome}`;
  } else if (intent === "receive") {
    const amount = parseCash(form.get("amount") ?? "");
    const at = `courier-${courierId}`;
    if (amount === null) return fail("amount", at);
    const result = await receiveCash(
      shop.db,
      { courierId, day, received: amount, actor, owner, note },
      now,
    );
    if (result === "notFound") throw new Response("No such courier's day.", { status: 404 });
    if (result === "closed") return fail("closed", at);
    message = "cash.receivedSaved";
  } else if (intent === "close") {
    const at = `courier-${courierId}`;
    const result = await closeDay(shop.db, { courierId, day, actor }, now);
    if (result === "notFound") throw new Response("No such courier's day.", { status: 404 });
    if (result === "open" || result === "received") return fail(result, at);
    message = "cash.closedSaved";
  } else {
    throw new Response("Unknown action.", { status: 400 });
  }
  const toast = createToast({ kind: "desk", message });
  return redirect(`/desk/cash?day=${day}`, {
    status: 303,
    headers: { "Set-Cookie": await flashToast(request, toast) },
  });
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;
type CourierView = Page["couriers"][number];
type ParcelView = CourierView["parcels"][number];

function Difference({ value }: { value: number | null }) {
  const { t } = useTranslation("desk");
  if (value === null) return <>{t("cash.notCounted")}</>;
  if (value === 0) return <Price amount={0} />;
  return (
    <strong className="desk-cash__off">
      {value < 0 ? t("cash.short") : t("cash.over")} <Price amount={Math.abs(value)} />
    </strong>
  );
}

function NoteField({ id, required }: { id: string; required: boolean }) {
  const { t } = useTranslation("desk");
  return (
    <p className="desk-field">
      <label htmlFor={id}>{required ? t("cash.changeNote") : t("cash.note")}</label>
      <input id={id} name="note" maxLength={NOTE_MAX} required={required} />
    </p>
  );
}

function ParcelReport({
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

function CourierDayCard({ courier, page }: { courier: CourierView; page: Page }) {
  const { t } = useTranslation("desk");
  const answer = useActionData<typeof action>();
  const mine = answer?.at === `courier-${courier.id}`;
  const alert = useFocusOnAnswer<HTMLParagraphElement>(mine);
  const f = courier.figures;
  const locked = courier.closed !== null;
  const manifest = new URLSearchParams({ courier: String(courier.id), day: page.day });
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
      <p>
        <Link to={`/desk/manifest?${manifest}`}>{t("handoff.manifest")}</Link>
      </p>
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
      {mine && answer ? (
        <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
          {t(`cash.problem.${answer.problem}`)}
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
              defaultValue={mine && answer ? String(answer.amount) : courier.receivedInput}
              aria-invalid={(mine && answer?.problem === "amount") || undefined}
            />
          </p>
          {locked ? <NoteField id={`received-${courier.id}-note`} required /> : null}
          <button type="submit" className="desk-button">
            {t("cash.saveReceived")}
          </button>
        </Form>
      )}
      {locked ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="day" value={page.day} />
          <input type="hidden" name="courier" value={courier.id} />
          <button type="submit" className="desk-button desk-button--primary">
            {t("cash.close")}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function DeskCash() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <div className="desk-page">
      <h1>{t("cash.title")}</h1>
      <Form method="get" className="desk-inline-form" aria-label={t("cash.pickDay")}>
        <p className="desk-field">
          <label htmlFor="cash-day">{t("cash.day")}</label>
          <input id="cash-day" name="day" type="date" defaultValue={page.day} required />
        </p>
        <button type="submit" className="desk-button">
          {t("cash.show")}
        </button>{" "}
        <Link to={`/desk/cash?day=${page.previous}`}>{t("cash.previous")}</Link> ·{" "}
        <Link to={`/desk/cash?day=${page.next}`}>{t("cash.next")}</Link>
      </Form>
      {page.couriers.length === 0 ? (
        <p className="desk-empty">{t("cash.none")}</p>
      ) : (
        page.couriers.map((courier) => (
          <CourierDayCard key={courier.id} courier={courier} page={page} />
        ))
      )}
    </div>
  );
}
