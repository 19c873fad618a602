import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Isolated } from "~/i18n/isolate";
import type { CodeStepView } from "./phone-code";

/**
 * The code by SMS before the order is placed (D87): the form the shopper filled travels
 * in hidden fields, the code is typed beside it, and the same action checks it and places
 * the order. Rendered from the action's answer, with or without JavaScript; its words
 * come made by the server.
 */
export function CodeStep({ view, values }: { view: CodeStepView; values: Record<string, string> }) {
  const { t } = useTranslation("checkout");
  const sending = useNavigation().state !== "idle";
  return (
    <Form method="post" action="/checkout" className="checkout-form code-step">
      <h2>{t("code.title")}</h2>
      <p id="code-message" className={view.problem ? "form-alert" : undefined} role="alert">
        <Isolated text={view.message} />
      </p>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="token" value={view.token} />
      <div className="field">
        <label htmlFor="code">{t("code.label")}</label>
        <input
          // A new answer empties the field (and takes the focus again).
          key={view.message}
          id="code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={12}
          // The one thing to do on this step: the keyboard comes up with the page.
          // biome-ignore lint/a11y/noAutofocus: the step exists only to take this code.
          autoFocus
          aria-describedby="code-message"
          aria-invalid={view.problem || undefined}
        />
      </div>
      <button type="submit" className="button button--large" disabled={sending}>
        {t("code.confirm")}
      </button>
      <div className="field__with-button">
        <button type="submit" name="intent" value="codeResend" className="button button--light">
          {t("code.resend")}
        </button>
        <button type="submit" name="intent" value="edit" className="button button--light">
          {t("code.edit")}
        </button>
      </div>
      {view.call ? (
        <p className="form-note">
          {t("code.call")}{" "}
          <a href={view.call.href} dir="ltr">
            {view.call.phone}
          </a>
        </p>
      ) : null}
    </Form>
  );
}
