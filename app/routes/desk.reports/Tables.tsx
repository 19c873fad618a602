import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type {
  CourierRow,
  ProductRow,
  PromotionReportRow,
  Row,
  ZoneRow,
} from "~/couriers/reports.server";
import { PromotionName } from "~/desk/Promotions";
import { Price } from "~/ui/Price";

/** A share as the reports write it: one decimal and a percent sign; a dash when unknown. */
export function percent(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 1000) / 10} %`;
}

/**
 * One table of the reports: a caption, its columns, a row a key (its first cell a row
 * header), or one line saying there is nothing. A wide table scrolls on its own on a
 * phone, and the keyboard can scroll it; while it is wider than its region, a shadow at
 * the edge that hides columns and a line above it say so (desk.css, without scripts).
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  cells,
}: {
  caption: string;
  columns: string[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** The row's header, then its cells (a cell may carry a class). */
  cells: (row: T) => [ReactNode, ...Array<ReactNode | { value: ReactNode; className?: string }>];
}) {
  const { t } = useTranslation("desk");
  return (
    <div className="desk-report">
      <p className="desk-scroll__hint">{t("reports.scrollHint")}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard. */}
      <section className="desk-scroll" aria-label={caption} tabIndex={0}>
        <table className="desk-items desk-report-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed (two may read alike).
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{t("reports.none")}</td>
              </tr>
            ) : (
              rows.map((row) => {
                const [header, ...rest] = cells(row);
                return (
                  <tr key={rowKey(row)}>
                    <th scope="row">{header}</th>
                    {rest.map((cell, index) =>
                      cell !== null && typeof cell === "object" && "value" in cell ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                        <td key={index} className={cell.className}>
                          {cell.value}
                        </td>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                        <td key={index}>{cell}</td>
                      ),
                    )}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </section>
    </div>
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
    <ReportTable
      caption={caption}
      columns={[
        first,
        t("reports.figure.placed"),
        t("reports.figure.delivered"),
        t("reports.figure.refused"),
        t("reports.figure.refusalRate"),
        t("reports.figure.collected"),
      ]}
      rows={rows}
      rowKey={(row) => row.key}
      cells={(row) => [
        <bdi key="name">{row.name ?? row.key}</bdi>,
        row.placed,
        row.delivered,
        row.refused,
        percent(row.refusalRate),
        <Price key="collected" amount={row.collected} />,
      ]}
    />
  );
}

/** Units ordered and delivered, and the cash, by product. */
export function ProductTable({ rows }: { rows: ProductRow[] }) {
  const { t } = useTranslation("desk");
  return (
    <ReportTable
      caption={t("reports.byProduct")}
      columns={[
        t("order.product"),
        t("reports.units"),
        t("reports.deliveredUnits"),
        t("reports.figure.collected"),
      ]}
      rows={rows}
      rowKey={(row) => row.key}
      cells={(row) => [
        row.title,
        row.units,
        row.deliveredUnits,
        <Price key="collected" amount={row.collected} />,
      ]}
    />
  );
}

/** Each courier's parcels, outcomes, cash collected and received, and the difference. */
export function CourierTable({ rows }: { rows: CourierRow[] }) {
  const { t } = useTranslation("desk");
  return (
    <ReportTable
      caption={t("reports.byCourier")}
      columns={[
        t("order.courier"),
        t("cash.parcels"),
        t("reports.figure.delivered"),
        t("reports.figure.refused"),
        t("reports.figure.notHome"),
        t("reports.figure.collected"),
        t("reports.figure.received"),
        t("reports.figure.difference"),
      ]}
      rows={rows}
      rowKey={(row) => row.courierId}
      cells={(row) => [
        <bdi key="name">{row.key}</bdi>,
        row.placed,
        row.delivered,
        row.refused,
        row.notHome,
        <Price key="collected" amount={row.collected} />,
        <Price key="received" amount={row.received} />,
        {
          value: <Price amount={row.difference} />,
          className: row.difference !== 0 ? "desk-cash__off" : undefined,
        },
      ]}
    />
  );
}

/** Orders by delivery area, and the delivered ones' goods and delivery fees apart (D84). */
export function ZoneTable({ rows }: { rows: ZoneRow[] }) {
  const { t } = useTranslation("desk");
  return (
    <ReportTable
      caption={t("reports.byZone")}
      columns={[
        t("manifest.deliveryArea"),
        t("reports.figure.placed"),
        t("reports.figure.delivered"),
        t("reports.figure.goods"),
        t("reports.figure.fees"),
      ]}
      rows={rows}
      rowKey={(row) => row.key}
      cells={(row) => [
        <bdi key="name">{row.name}</bdi>,
        row.placed,
        row.delivered,
        <Price key="goods" amount={row.goods} />,
        <Price key="fees" amount={row.fees} />,
      ]}
    />
  );
}

/**
 * What each promotion cost (D86): its orders and how they ended, the discount it gave on
 * the delivered ones and their cash, its refusal rate beside that of orders with none.
 */
export function PromotionTable({ rows }: { rows: PromotionReportRow[] }) {
  const { t } = useTranslation("desk");
  return (
    <ReportTable
      caption={t("reports.byPromotion")}
      columns={[
        t("reports.promotion"),
        t("reports.figure.placed"),
        t("reports.figure.delivered"),
        t("reports.figure.refused"),
        t("reports.figure.discount"),
        t("reports.figure.collected"),
        t("reports.figure.refusalRate"),
        t("reports.withoutPromotion"),
      ]}
      rows={rows}
      rowKey={(row) => row.key}
      cells={(row) => [
        <PromotionName key="name" line={row} />,
        row.placed,
        row.delivered,
        row.refused,
        <Price key="discount" amount={row.discount} />,
        <Price key="collected" amount={row.collected} />,
        percent(row.refusalRate),
        percent(row.withoutRate),
      ]}
    />
  );
}
