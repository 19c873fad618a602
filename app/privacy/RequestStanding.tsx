import { useTranslation } from "react-i18next";
import type { PrivacyOutcome } from "../../db/schema";

/** How a person's request stands (D35): what was done, by whom and when, or the days left. */
export function RequestStanding({
  done,
  daysLeft,
}: {
  done: { outcome: PrivacyOutcome; date: string; by: string } | null;
  daysLeft: number | null;
}) {
  const { t } = useTranslation("desk");
  if (done)
    return (
      <p className="desk-notice">
        {t("privacy.done", {
          outcome: t(`privacy.outcomes.${done.outcome}`),
          date: done.date,
          name: done.by,
        })}
      </p>
    );
  if (daysLeft === null) return null;
  // Two days before the deadline the request stands out.
  return (
    <p className={daysLeft < 2 ? "desk-error" : "desk-notice"}>
      <strong>
        {daysLeft > 0
          ? t("privacy.daysLeft", { count: daysLeft })
          : daysLeft === 0
            ? t("privacy.dueToday")
            : t("privacy.late", { count: -daysLeft })}
      </strong>
    </p>
  );
}
