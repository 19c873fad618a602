import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DeliveryError } from "~/delivery/zone-form";
import { RevisionField, StaleNotice } from "~/desk/Revision";
import { type FormAnswer, formAnswer } from "~/desk/form-answer";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import { type Answer, anchorOf } from "./answer";

/** The answer if it is this form's. */
export const ownAnswer = (answer: Answer | undefined, form: string) =>
  answer?.form === form ? answer : undefined;

/** A form's kit: what was typed when its save came back refused, else what is stored. */
export function useDeliveryKit(form: string, own: Answer | undefined): FormAnswer<DeliveryError> {
  const { t } = useTranslation("desk");
  const lines = own?.kind === "fields" ? (own.lines ?? []) : [];
  return formAnswer<DeliveryError>(
    own && { values: own.values, errors: own.kind === "fields" ? own.errors : [] },
    {
      prefix: form,
      text: (name) => t(`deliveryZones.errors.${name}`, { lines: lines.join(", ") }),
    },
  );
}

/**
 * One form of the delivery page: its title, its refusal at the top with the focus (without
 * scripts the page comes back scrolled to it), the revision it was read at, its fields and
 * its buttons. For staff the same fields, disabled, and no form at all: nothing posts.
 */
export function DeliveryForm({
  form,
  title,
  answer,
  revision,
  owner,
  intent,
  children,
  buttons,
}: {
  form: string;
  title: ReactNode;
  answer: Answer | undefined;
  revision: number;
  owner: boolean;
  intent: string;
  children: ReactNode;
  buttons: ReactNode;
}) {
  const { t } = useTranslation("desk");
  const own = ownAnswer(answer, form);
  const refusal = useFocusOnAnswer<HTMLDivElement>(own);
  const id = anchorOf(form);
  const head = (
    <>
      <h3 id={id}>{title}</h3>
      <div ref={refusal} tabIndex={-1} role={own ? "alert" : undefined}>
        {!own ? null : own.kind === "stale" ? (
          <StaleNotice changes={own.changes} />
        ) : (
          <p className="desk-error">{t("settings.notSaved")}</p>
        )}
      </div>
    </>
  );
  if (!owner)
    return (
      <div className="desk-form" aria-labelledby={id}>
        {head}
        <fieldset disabled className="desk-delivery__locked">
          {children}
        </fieldset>
      </div>
    );
  return (
    <Form
      method="post"
      action={`/desk/settings/delivery#${id}`}
      className="desk-form"
      aria-labelledby={id}
    >
      {head}
      <input type="hidden" name="zone" value={form === "new" || form === "week" ? "" : form} />
      <RevisionField revision={own?.revision ?? revision} />
      {children}
      <p className="desk-delivery__buttons">
        {/* Save first: Enter in a field presses the form's first button. */}
        <button
          type="submit"
          name="intent"
          value={intent}
          className="desk-button desk-button--primary"
        >
          {t("settings.save")}
        </button>
        {buttons}
      </p>
    </Form>
  );
}
