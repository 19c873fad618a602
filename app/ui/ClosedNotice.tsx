import { useTranslation } from "react-i18next";
import { getLanguage, isLanguageCode } from "~/i18n/languages";
import { formatLongDate, parseIsoDate } from "~/platform/calendar";

/** The shop is not taking orders (the owner's setting): said, with when it will again. */
export function ClosedNotice({ resumeOn }: { resumeOn: string | null }) {
  const { t, i18n } = useTranslation("common");
  const date = resumeOn ? parseIsoDate(resumeOn) : null;
  const locale = getLanguage(isLanguageCode(i18n.language) ? i18n.language : "ru").htmlLang;
  return (
    <div className="notice closed-notice">
      <p>{t("closed.notice")}</p>
      {date ? <p>{t("closed.resumeOn", { date: formatLongDate(date, locale) })}</p> : null}
    </div>
  );
}
