import { useTranslation } from "react-i18next";

/**
 * The shop is not taking orders (the owner's setting): said, with when it will again
 * (the date already written in the page's language by the root loader).
 */
export function ClosedNotice({ resumeOn }: { resumeOn: string | null }) {
  const { t } = useTranslation("common");
  return (
    <div className="notice closed-notice">
      <p>{t("closed.notice")}</p>
      {resumeOn ? <p>{t("closed.resumeOn", { date: resumeOn })}</p> : null}
    </div>
  );
}
