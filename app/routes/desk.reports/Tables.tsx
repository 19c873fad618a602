import { useTranslation } from "react-i18next";
import type { CourierRow, ProductRow, Row } from "~/couriers/reports.server";
import { Price } from "~/ui/Price";

/** A share as the reports write it: one decimal and a percent sign; a dash when unknown. */
export function percent(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 1000) / 10} %`;
}

/** A wide table scrolls on its own on a phone, and the keyboard can scroll it. */
function ScrollRegion({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className="desk-scroll" aria-label={caption} tabIndex={0}>
      {children}
    </section>
  );
}

/** Orders, outcomes and cash by one key (a language, a source). */
export function RowTable({
  caption,
  rows,
  first,
}: {
  caption: string;
  rows: Array<Row & { name?: string }>;
  first: string;
}) {
  const { t } = useTranslation("desk");
  return (
    <ScrollRegion caption={caption}>
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
      </table>
    </ScrollRegion>
  );
}

/** Units ordered and delivered, and the cash, by product. */
export function ProductTable({ rows }: { rows: ProductRow[] }) {
  const { t } = useTranslation("desk");
  return (
    <ScrollRegion caption={t("reports.byProduct")}>
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
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>{t("reports.none")}</td>
            </tr>
          ) : (
            rows.map((row) => (
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
      </table>
    </ScrollRegion>
  );
}

/** Each courier's parcels, outcomes, cash collected and received, and the difference. */
export function CourierTable({ rows }: { rows: CourierRow[] }) {
  const { t } = useTranslation("desk");
  return (
    <ScrollRegion caption={t("reports.byCourier")}>
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
          {rows.length === 0 ? (
            <tr>
              <td colSpan={8}>{t("reports.none")}</td>
            </tr>
          ) : (
            rows.map((row) => (
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
      </table>
    </ScrollRegion>
  );
}
