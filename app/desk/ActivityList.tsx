import { useTranslation } from "react-i18next";
import { Price } from "~/ui/Price";
import { fieldWords, valueWords } from "./activity-words";

/** One row of the trail as a page shows it: dates formatted, subjects named. */
export interface ActivityEntry {
  id: number;
  at: string;
  actor: string;
  /** What changed, in the reader's words (a product's title, "Settings", a name). */
  subject: string;
  field: string;
  before: string | null;
  after: string | null;
}

/** Long texts are cut in the row; the whole value opens below. */
const SHORT = 120;

function Value({ field, value }: { field: string; value: string | null }) {
  const { t } = useTranslation("desk");
  if (value === null || value === "") return <em>{t("activity.empty")}</em>;
  const words = valueWords(field, value);
  switch (words?.kind) {
    case "status":
      return <>{t(`products.statuses.${words.value}`)}</>;
    case "role":
      return <>{t(`people.roles.${words.value}`)}</>;
    case "line":
      return <>{t(`products.lines.${words.value}`)}</>;
    case "flag":
      return <>{t(`activity.values.${words.value}`)}</>;
    case "reviewStatus":
      return <>{t(`reviews.tab.${words.value}`)}</>;
    case "reason":
      return <>{t(`reviews.reasons.${words.value}`)}</>;
    case "languages":
      return <bdi>{words.value}</bdi>;
    case "orderStatus":
      return (
        <>
          {words.value === "not_home" ? t("cash.outcome.not_home") : t(`status.${words.value}`)}
          {words.note ? (
            <>
              {" "}
              (<bdi>{words.note}</bdi>)
            </>
          ) : null}
        </>
      );
    case "money":
      return (
        <>
          <Price amount={words.tetri} />
          {words.note ? (
            <>
              {" "}
              (<bdi>{words.note}</bdi>)
            </>
          ) : null}
        </>
      );
    case "date":
      return <>{words.text}</>;
    case "languageName":
      return <bdi>{words.text}</bdi>;
    case "weekdays":
      return <>{words.days.map((day) => t(`weekdays.${day}`)).join(", ")}</>;
  }
  if (value.length <= SHORT && !value.includes("\n")) {
    return <bdi className="desk-activity-value">{value}</bdi>;
  }
  return (
    <details>
      <summary>
        <bdi>{value.slice(0, SHORT).split("\n")[0]}…</bdi>
      </summary>
      <p className="desk-activity-value">{value}</p>
    </details>
  );
}

/** The trail of owners' changes (D31): when, who, what, which field, before → after. */
export function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  const { t } = useTranslation("desk");
  if (entries.length === 0) return <p className="desk-hint">{t("activity.none")}</p>;
  return (
    <ol className="desk-cards">
      {entries.map((entry) => {
        const words = fieldWords(entry.field);
        const label =
          words.kind === "text"
            ? `${t(`productTexts.fields.${words.name}`)} (${words.language})`
            : words.kind === "language"
              ? `${t(`activity.fields.${words.name}`)} (${words.language})`
              : words.kind === "field"
                ? t(`activity.fields.${words.name}`)
                : words.kind === "order"
                  ? t("order.number", { number: words.number })
                  : words.kind === "zone"
                    ? `${t(`activity.fields.${words.name}`, { zone: words.zone })}${words.language ? ` (${words.language})` : ""}`
                    : entry.field;
        return (
          <li key={entry.id} className="desk-card">
            <p className="desk-hint">
              {entry.at} · {entry.actor}
            </p>
            <p>
              <strong>{entry.subject}</strong>
              {" · "}
              {label}
            </p>
            {/* A div: a long value opens in a <details>, which a paragraph cannot hold. */}
            <div>
              <span className="visually-hidden">{t("activity.before")}: </span>
              <Value field={entry.field} value={entry.before} />
              <span className="desk-arrow" aria-hidden="true">
                {" → "}
              </span>
              <span className="visually-hidden">{t("activity.after")}: </span>
              <Value field={entry.field} value={entry.after} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
