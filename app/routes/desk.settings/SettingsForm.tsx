import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RevisionField, StaleNotice } from "~/desk/Revision";
import type { SettingsSection } from "~/settings/form";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import type { Answer } from "./actions.server";

/**
 * One section of the settings, a form of its own: its title, its refusal at the top with
 * focus when the answer is this section's (without scripts the page comes back scrolled
 * to it), the revision it was read at, its fields and its Save.
 */
export function SettingsForm({
  answer,
  revision,
  section,
  hint,
  children,
}: {
  answer: Answer | undefined;
  revision: number;
  section: SettingsSection;
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("desk");
  const own = answer?.section === section ? answer : undefined;
  const refusal = useFocusOnAnswer<HTMLDivElement>(own);
  const id = `settings-${section}`;
  return (
    <Form method="post" action={`/desk/settings#${id}`} className="desk-form" aria-labelledby={id}>
      <h2 id={id}>{t(`settings.${section}.title`)}</h2>
      {hint ? <p className="desk-hint">{hint}</p> : null}
      <input type="hidden" name="section" value={section} />
      <div ref={refusal} tabIndex={-1} role={own ? "alert" : undefined}>
        {!own ? null : own.kind === "stale" ? (
          <StaleNotice changes={own.changes} />
        ) : (
          <p className="desk-error">{t("settings.notSaved")}</p>
        )}
      </div>
      <RevisionField revision={own?.revision ?? revision} />
      {children}
      <button type="submit" className="desk-button">
        {t("settings.save")}
      </button>
    </Form>
  );
}
