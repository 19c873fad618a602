import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findProduct } from "~/catalog/model";
import {
  REPORT_MAX_DAYS,
  type ReportBasis,
  buildReport,
  presetRange,
} from "~/couriers/reports.server";
import { Chart } from "~/desk/Chart";
import { getLocale } from "~/i18n/i18next.server";
import { formatPrice } from "~/i18n/money";
import { orderLanguage } from "~/orders/order-words";
import { addDays, compareDates, parseIsoDate, toIsoDate } from "~/platform/calendar";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const periods = ["today", "7", "30", "range"] as const;
type Period = (typeof periods)[number];

/**
 * The owner's numbers (decision 027, owners): a period (today, 7 or 30 days, or a range) by the day
 * orders were placed or by their delivery date; totals with a chart a day, then by
 * product, language, courier and source.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const url = new URL(request.url);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const asked = url.searchParams.get("period");
  const period: Period = periods.includes(asked as Period) ? (asked as Period) : "7";
  const by: ReportBasis = url.searchParams.get("by") === "delivery" ? "delivery" : "placed";
  const now = shop.clock();
  let range = presetRange(period === "range" ? "7" : period, now);
  if (period === "range") {
    const from = parseIsoDate(url.searchParams.get("from") ?? "");
    const to = parseIsoDate(url.searchParams.get("to") ?? "");
    if (from && to && compareDates(from, to) <= 0)
      range = {
        from:
          compareDates(addDays(from, REPORT_MAX_DAYS - 1), to) < 0
            ? addDays(to, 1 - REPORT_MAX_DAYS)
            : from,
        to,
      };
  }
  const catalog = shop.content().catalog;
  const report = await buildReport(
    shop.db,
    { ...range, by },
    (key) => findProduct(catalog, key)?.texts[language]?.title ?? null,
  );
  return {
    meta: { title: pageTitle(t, t("reports.title"), { brand: false }), noindex: true },
    period,
    by,
    report: {
      ...report,
      languages: report.languages.map((row) => ({ ...row, name: orderLanguage(row.key).name })),
    },
    fromInput: toIsoDate(range.from),
    toInput: toIsoDate(range.to),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

function percent(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 1000) / 10} %`;
}

export default function DeskReports() {
  const page = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("desk");
  const { report } = page;
  const totals = report.totals;
  const money = (tetri: number) => formatPrice(tetri, i18n.language);
  const series = (
    key: "placed" | "delivered" | "refused" | "refusalRate" | "collected" | "received",
  ) => report.days.map((day) => day[key]);
  const describe = (values: Array<number | null>, show: (value: number) => string) => {
    const known = values.filter((value): value is number => value !== null);
    return t("reports.chartSummary", {
      from: report.from,
      to: report.to,
      first: known.length ? show(known[0] ?? 0) : "—",
      last: known.length ? show(known.at(-1) ?? 0) : "—",
      max: known.length ? show(Math.max(...known)) : "—",
    });
  };
  const figure = (
    name: string,
    value: React.ReactNode,
    values?: Array<number | null>,
    show: (value: number) => string = String,
  ) => (
    <div className="desk-figure">
      <dt>{t(`reports.figure.${name}`)}</dt>
      <dd>
        <span className="desk-figure__value">{value}</span>
        {values ? (
          <Chart
            label={t(`reports.figure.${name}`)}
            values={values}
            summary={describe(values, show)}
          />
        ) : null}
      </dd>
    </div>
  );
  /** A wide table scrolls on its own on a phone, and the keyboard can scroll it. */
  const scroll = (caption: string, table: React.ReactNode) => (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className="desk-scroll" aria-label={caption} tabIndex={0}>
      {table}
    </section>
  );
  const rowTable = (
    caption: string,
    rows: Array<{
      key: string;
      name?: string;
      placed: number;
      delivered: number;
      refused: number;
      refusalRate: number | null;
      collected: number;
    }>,
    first: string,
  ) =>
    scroll(
      caption,
      <table className="desk-items desk-report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">{t("reports.figure.placed")}</th>
            <th scope="col">{t("reports.figure.delivered")}</th>
            <th scope="col">{t("reports.figure.refused")}</th>
            <th scope="col">{t("reports.figure.refusalRate")}</th>
            <th scope="col">{t("reports.figure.collected")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6}>{t("reports.none")}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <bdi>{row.name ?? row.key}</bdi>
                </th>
                <td>{row.placed}</td>
                <td>{row.delivered}</td>
                <td>{row.refused}</td>
                <td>{percent(row.refusalRate)}</td>
                <td>
                  <Price amount={row.collected} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>,
    );
  return (
    <div className="desk-page">
      <h1>{t("reports.title")}</h1>
      <Form method="get" className="desk-form desk-report-filter" aria-label={t("reports.filter")}>
        <fieldset>
          <legend>{t("reports.period")}</legend>
          {periods.map((period) => (
            <span key={period} className="desk-choice">
              <input
                id={`period-${period}`}
                type="radio"
                name="period"
                value={period}
                defaultChecked={page.period === period}
              />
              <label htmlFor={`period-${period}`}>{t(`reports.periods.${period}`)}</label>
            </span>
          ))}
        </fieldset>
        <p className="desk-field">
          <label htmlFor="report-from">{t("reports.from")}</label>
          <input id="report-from" name="from" type="date" defaultValue={page.fromInput} />
        </p>
        <p className="desk-field">
          <label htmlFor="report-to">{t("reports.to")}</label>
          <input id="report-to" name="to" type="date" defaultValue={page.toInput} />
        </p>
        <fieldset>
          <legend>{t("reports.by")}</legend>
          {(["placed", "delivery"] as const).map((by) => (
            <span key={by} className="desk-choice">
              <input
                id={`by-${by}`}
                type="radio"
                name="by"
                value={by}
                defaultChecked={page.by === by}
              />
              <label htmlFor={`by-${by}`}>{t(`reports.basis.${by}`)}</label>
            </span>
          ))}
        </fieldset>
        <button type="submit" className="desk-button desk-button--primary">
          {t("reports.show")}
        </button>
      </Form>

      <h2>{t("reports.range", { from: report.from, to: report.to })}</h2>
      <dl className="desk-figures">
        {figure("placed", totals.placed, series("placed"))}
        {figure("confirmed", totals.confirmed)}
        {figure("delivered", totals.delivered, series("delivered"))}
        {figure("refused", totals.refused, series("refused"))}
        {figure("cancelled", totals.cancelled)}
        {figure("notHome", totals.notHome)}
        {figure("refusalRate", percent(totals.refusalRate), series("refusalRate"), (v) =>
          percent(v),
        )}
        {figure("expected", <Price amount={totals.expected} />)}
        {figure("collected", <Price amount={totals.collected} />, series("collected"), money)}
        {figure("received", <Price amount={totals.received} />, series("received"), money)}
        {figure(
          "difference",
          <span className={totals.difference !== 0 ? "desk-cash__off" : undefined}>
            <Price amount={totals.difference} />
          </span>,
        )}
        {figure("uncounted", <Price amount={totals.uncounted} />)}
        {figure("average", totals.average === null ? "—" : <Price amount={totals.average} />)}
      </dl>
      <p className="desk-muted">{t("reports.revenueNote")}</p>

      {scroll(
        t("reports.byProduct"),
        <table className="desk-items desk-report-table">
          <caption>{t("reports.byProduct")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("order.product")}</th>
              <th scope="col">{t("reports.units")}</th>
              <th scope="col">{t("reports.deliveredUnits")}</th>
              <th scope="col">{t("reports.figure.collected")}</th>
            </tr>
          </thead>
          <tbody>
            {report.products.length === 0 ? (
              <tr>
                <td colSpan={4}>{t("reports.none")}</td>
              </tr>
            ) : (
              report.products.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.title}</th>
                  <td>{row.units}</td>
                  <td>{row.deliveredUnits}</td>
                  <td>
                    <Price amount={row.collected} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>,
      )}
      {rowTable(t("reports.byLanguage"), report.languages, t("order.language"))}
      {rowTable(
        t("reports.bySource"),
        report.sources.map((row) => ({
          ...row,
          name:
            row.key === "direct"
              ? t("reports.direct")
              : row.key === "phone"
                ? t("reports.phone")
                : row.key,
        })),
        t("order.source"),
      )}
      {scroll(
        t("reports.byCourier"),
        <table className="desk-items desk-report-table">
          <caption>{t("reports.byCourier")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("order.courier")}</th>
              <th scope="col">{t("cash.parcels")}</th>
              <th scope="col">{t("reports.figure.delivered")}</th>
              <th scope="col">{t("reports.figure.refused")}</th>
              <th scope="col">{t("reports.figure.notHome")}</th>
              <th scope="col">{t("reports.figure.collected")}</th>
              <th scope="col">{t("reports.figure.received")}</th>
              <th scope="col">{t("reports.figure.difference")}</th>
            </tr>
          </thead>
          <tbody>
            {report.couriers.length === 0 ? (
              <tr>
                <td colSpan={8}>{t("reports.none")}</td>
              </tr>
            ) : (
              report.couriers.map((row) => (
                <tr key={row.courierId}>
                  <th scope="row">
                    <bdi>{row.key}</bdi>
                  </th>
                  <td>{row.placed}</td>
                  <td>{row.delivered}</td>
                  <td>{row.refused}</td>
                  <td>{row.notHome}</td>
                  <td>
                    <Price amount={row.collected} />
                  </td>
                  <td>
                    <Price amount={row.received} />
                  </td>
                  <td className={row.difference !== 0 ? "desk-cash__off" : undefined}>
                    <Price amount={row.difference} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>,
      )}
    </div>
  );
}
