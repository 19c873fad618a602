import { Form } from "@remix-run/react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX } from "~/orders/note";
import type { Intent } from "./actions.server";

/** A private note for the timeline. */
export function OrderNote({
  noteForm,
  typedFor,
}: {
  noteForm: Ref<HTMLFormElement>;
  typedFor: (intent: Intent) => string;
}) {
  const { t } = useTranslation("desk");
  return (
    <>
      <Form
        ref={noteForm}
        method="post"
        preventScrollReset
        className="desk-note"
        aria-labelledby="desk-note-title"
      >
        <h2 id="desk-note-title">{t("order.addNote")}</h2>
        <input type="hidden" name="intent" value="note" />
        <p className="desk-field">
          <label htmlFor="desk-note">{t("order.note")}</label>
          <textarea
            id="desk-note"
            name="note"
            maxLength={NOTE_MAX}
            rows={3}
            required
            defaultValue={typedFor("note")}
          />
        </p>
        <button type="submit" className="desk-button">
          {t("order.saveNote")}
        </button>
      </Form>
    </>
  );
}
