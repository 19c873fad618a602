import { useTranslation } from "react-i18next";
import { Price } from "~/ui/Price";
import { fieldWords, valueWords } from "./activity-words";

/** One field a save changed, before → after. */
export interface ActivityChange {
  id: number;
  field: string;
  before: string | null;
  after: string | null;
}

/** One save as a page shows it: who, when, what (dates formatted, subjects named), its fields. */
export interface ActivityEntry {
  id: number;
  at: string;
  actor: string;
  /** What changed, in the reader's words (a product's title, "Settings", a name). */
  subject: string;
  /** In the order the save wrote them. */
  changes: ActivityChange[];
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
    case "askCode":
      return <>{t(`settings.messages.askCodeChoices.${words.value}`)}</>;
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
    case "closedWithNote":
      return (
        <>
          {t("activity.values.yes")} (<bdi>{words.note}</bdi>)
        </>
      );
    case "date":
      return <>{words.text}</>;
    case "languageName":
      return <bdi>{words.text}</bdi>;
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

/** A field's name in the reader's words ("Title (ქართული)", "Order 000123"). */
function useFieldLabel() {
  const { t } = useTranslation("desk");
  return (field: string) => {
    const words = fieldWords(field);
    return words.kind === "text"
      ? `${t(`productTexts.fields.${words.name}`)} (${words.language})`
      : words.kind === "language"
        ? `${t(`activity.fields.${words.name}`)} (${words.language})`
        : words.kind === "field"
          ? t(`activity.fields.${words.name}`)
          : words.kind === "order"
            ? t("order.number", { number: words.number })
            : words.kind === "zone"
              ? `${t(`activity.fields.${words.name}`, { zone: words.zone })}${words.language ? ` (${words.language})` : ""}`
              : field;
  };
}

/**
 * The trail of owners' changes (D31), a card a save: when, who, what, then each field it
 * changed, before → after (a long text cut, whole a tap away).
 */
export function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  const { t } = useTranslation("desk");
  const label = useFieldLabel();
  if (entries.length === 0) return <p className="desk-hint">{t("activity.none")}</p>;
  return (
    <ol className="desk-cards">
      {entries.map((entry) => (
        <li key={entry.id} className="desk-card desk-activity">
          <p className="desk-hint">
            {entry.at} · {entry.actor}
          </p>
          <p>
            <strong>{entry.subject}</strong>
            {entry.changes.length > 1 ? (
              <>
                {" · "}
                {t("activity.fieldCount", { count: entry.changes.length })}
              </>
            ) : null}
          </p>
          <ul className="desk-activity__changes">
            {entry.changes.map((change) => (
              <li key={change.id}>
                <span className="desk-activity__field">{label(change.field)}</span>
                {/* A div: a long value opens in a <details>, which a paragraph cannot hold. */}
                <div>
                  <span className="visually-hidden">{t("activity.before")}: </span>
                  <Value field={change.field} value={change.before} />
                  <span className="desk-arrow" aria-hidden="true">
                    {" → "}
                  </span>
                  <span className="visually-hidden">{t("activity.after")}: </span>
                  <Value field={change.field} value={change.after} />
                </div>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
