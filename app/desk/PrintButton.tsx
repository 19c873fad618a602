import { useTranslation } from "react-i18next";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * Prints the page: a button once scripts run; before that (or without them) the hint beside
 * it says to print from the browser's menu.
 */
export function PrintButton() {
  const { t } = useTranslation("desk");
  const hydrated = useHydrated();
  if (!hydrated) return <span className="desk-muted">{t("slip.printHint")}</span>;
  return (
    <button
      type="button"
      className="desk-button desk-button--primary"
      onClick={() => window.print()}
    >
      {t("slip.print")}
    </button>
  );
}
