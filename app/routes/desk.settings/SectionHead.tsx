import { useTranslation } from "react-i18next";
import { StaleNotice } from "~/desk/Revision";
import type { SettingsSection } from "~/settings/form";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import type { Answer } from "./actions.server";

/** What a section's form shows: the answer when it was this section's, else what is stored. */
export function SectionHead({
  answer,
  section,
}: { answer: Answer | undefined; section: SettingsSection }) {
  const { t } = useTranslation("desk");
  const refusal = useFocusOnAnswer<HTMLDivElement>(answer?.section === section ? answer : null);
  return (
    <>
      <input type="hidden" name="section" value={section} />
      <div ref={refusal} tabIndex={-1} role={answer?.section === section ? "alert" : undefined}>
        {answer?.section !== section ? null : answer.kind === "stale" ? (
          <StaleNotice changes={answer.changes} />
        ) : (
          <p className="desk-error">{t("settings.notSaved")}</p>
        )}
      </div>
    </>
  );
}
