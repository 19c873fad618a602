import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findProduct } from "~/catalog/model";
import { titleOf } from "~/catalog/texts";
import { messagesByWeek } from "~/couriers/messages-report.server";
import {
  REPORT_MAX_DAYS,
  type ReportBasis,
  buildReport,
  presetRange,
} from "~/couriers/reports.server";
import { Chart } from "~/desk/Chart";
import { Choice, Choices } from "~/desk/Choice";
import { getLocale } from "~/i18n/i18next.server";
import { formatPrice } from "~/i18n/money";
import { orderLanguage } from "~/orders/order-words";
import {
  addDays,
  compareDates,
  formatShopDate,
  parseIsoDate,
  toIsoDate,
} from "~/platform/calendar";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { MessageTable } from "./MessageTable";
import { CourierTable, ProductTable, PromotionTable, RowTable, ZoneTable, percent } from "./Tables";

const periods = ["today", "7", "30", "range"] as const;
type Period = (typeof periods)[number];

/**
 * The owner's numbers (D68, owners): a period (today, 7 or 30 days, or a range) by the day
 * orders were placed or by their delivery date; totals with a chart a day (the delivered
 * orders' goods and delivery fees apart, D84), then by product, language, source, delivery
 * area and courier; and the messages sent, a week a row, with what the SMS cost (issue 39).
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
    (key) => titleOf(findProduct(catalog, key), language),
    { zones: shop.content().settings.zones, language },
    now,
  );
  const { segmentPrice } = shop.content().settings.messages;
  const messages = await messagesByWeek(shop.db, range, segmentPrice);
  const dates = <T extends { from: string; to: string }>(row: T) => ({
    ...row,
    from: formatShopDate(row.from),
    to: formatShopDate(row.to),
  });
  return {
    meta: { title: pageTitle(t, t("reports.title"), { brand: false }), noindex: true },
    period,
    by,
    report: {
      ...report,
      from: formatShopDate(report.from),
      to: formatShopDate(report.to),
      languages: report.languages.map((row) => ({ ...row, name: orderLanguage(row.key).name })),
    },
    messages: { weeks: messages.weeks.map(dates), total: messages.total, segmentPrice },
    fromInput: toIsoDate(range.from),
    toInput: toIsoDate(range.to),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

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
  return (
    <div className="desk-page">
      <h1>{t("reports.title")}</h1>
      <Form method="get" className="desk-form desk-report-filter" aria-label={t("reports.filter")}>
        <Choices legend={t("reports.period")}>
          {periods.map((period) => (
            <Choice
              key={period}
              type="radio"
              name="period"
              value={period}
              defaultChecked={page.period === period}
              label={t(`reports.periods.${period}`)}
            />
          ))}
        </Choices>
        <p className="desk-field">
          <label htmlFor="report-from">{t("reports.from")}</label>
          <input id="report-from" name="from" type="date" defaultValue={page.fromInput} />
        </p>
        <p className="desk-field">
          <label htmlFor="report-to">{t("reports.to")}</label>
          <input id="report-to" name="to" type="date" defaultValue={page.toInput} />
        </p>
        <Choices legend={t("reports.by")}>
          {(["placed", "delivery"] as const).map((by) => (
            <Choice
              key={by}
              type="radio"
              name="by"
              value={by}
              defaultChecked={page.by === by}
              label={t(`reports.basis.${by}`)}
            />
          ))}
        </Choices>
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
        {figure("goods", <Price amount={totals.goods} />)}
        {totals.discounts > 0 ? figure("discounts", <Price amount={totals.discounts} />) : null}
        {figure("fees", <Price amount={totals.fees} />)}
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

      <ProductTable rows={report.products} />
      <RowTable
        caption={t("reports.byLanguage")}
        rows={report.languages}
        first={t("order.language")}
      />
      <RowTable
        caption={t("reports.bySource")}
        rows={report.sources.map((row) => ({
          ...row,
          name:
            row.key === "direct"
              ? t("reports.direct")
              : row.key === "phone"
                ? t("reports.phone")
                : row.key,
        }))}
        first={t("order.source")}
      />
      <ZoneTable rows={report.zones} />
      <PromotionTable rows={report.promotions} />
      <CourierTable rows={report.couriers} />
      <MessageTable {...page.messages} />
    </div>
  );
}
