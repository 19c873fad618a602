import { useTranslation } from "react-i18next";
import type { MessageWeek } from "~/couriers/messages-report.server";
import { Price } from "~/ui/Price";
import { ReportTable } from "./Tables";

/**
 * The messages sent (issue 39), a row a week and the period's total: by Telegram, by SMS
 * with their segments, by e-mail, and what the SMS cost at the owner's price of a segment.
 */
export function MessageTable({
  weeks,
  total,
  segmentPrice,
}: {
  weeks: MessageWeek[];
  total: MessageWeek;
  segmentPrice: number;
}) {
  const { t } = useTranslation("desk");
  const rows = weeks.length === 0 ? [] : [...weeks, { ...total, from: "", to: "" }];
  return (
    <>
      <ReportTable
        caption={t("reports.messages.caption")}
        columns={[
          t("reports.messages.week"),
          "Telegram",
          "SMS",
          t("reports.messages.segments"),
          t("reports.messages.email"),
          t("reports.messages.cost"),
        ]}
        rows={rows}
        rowKey={(row) => row.from || "total"}
        cells={(row) => [
          row.from ? (
            <bdi key="week">{t("reports.range", { from: row.from, to: row.to })}</bdi>
          ) : (
            t("reports.messages.total")
          ),
          row.telegram,
          row.sms,
          row.segments,
          row.email,
          <Price key="cost" amount={row.cost} />,
        ]}
      />
      <p className="desk-muted">
        {t("reports.messages.note")} <Price amount={segmentPrice} />
      </p>
    </>
  );
}
