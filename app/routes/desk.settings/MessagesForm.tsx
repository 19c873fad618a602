import { useTranslation } from "react-i18next";
import { priceText } from "~/catalog/product-form";
import { Choice, Choices } from "~/desk/Choice";
import { Field, type FormAnswer } from "~/desk/form-answer";
import { type SettingsError, smsField } from "~/settings/form";
import { type MessagesSettings, askCodeChoices, smsMessages } from "~/settings/model";
import { SettingsForm } from "./SettingsForm";
import type { Answer } from "./actions.server";

/**
 * The messages section (issue 39): which of the shopper's messages go by SMS, what one SMS
 * segment costs, when the checkout asks for a code, and who else hears of each new order.
 */
export function MessagesForm({
  messages,
  kit,
  answer,
  revision,
}: {
  messages: MessagesSettings;
  kit: FormAnswer<SettingsError>;
  answer: Answer | undefined;
  revision: number;
}) {
  const { t } = useTranslation("desk");
  const askCode = kit.value("askCode", messages.askCode);
  return (
    <SettingsForm answer={answer} revision={revision} section="messages">
      <Choices legend={t("settings.messages.sms")} aria-describedby="messages-sms-hint">
        {smsMessages.map((message) => (
          <Choice
            key={message}
            type="checkbox"
            name={smsField(message)}
            defaultChecked={kit.checked(smsField(message), messages.sms[message])}
            label={t(`settings.messages.kinds.${message}`)}
          />
        ))}
        <p className="desk-hint" id="messages-sms-hint">
          {t("settings.messages.smsHint")}
        </p>
      </Choices>
      <Field
        form={kit}
        name="segmentPrice"
        label={t("settings.messages.segmentPrice")}
        hint={t("settings.messages.segmentPriceHint")}
      >
        {(control) => (
          <input
            name="segmentPrice"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            maxLength={12}
            defaultValue={kit.value("segmentPrice", priceText(messages.segmentPrice))}
            {...control}
          />
        )}
      </Field>
      <Choices legend={t("settings.messages.askCode")} aria-describedby={kit.hintId("askCode")}>
        {askCodeChoices.map((choice) => (
          <Choice
            key={choice}
            type="radio"
            name="askCode"
            value={choice}
            defaultChecked={askCode === choice}
            label={t(`settings.messages.askCodeChoices.${choice}`)}
          />
        ))}
        <p className="desk-hint" id={kit.hintId("askCode")}>
          {t("settings.messages.askCodeHint")}
        </p>
        {kit.problem("askCode")}
      </Choices>
      <Field
        form={kit}
        name="notifyEmails"
        label={t("settings.messages.notifyEmails")}
        hint={t("settings.messages.notifyEmailsHint")}
      >
        {(control) => (
          <textarea
            name="notifyEmails"
            dir="ltr"
            rows={3}
            autoComplete="off"
            defaultValue={kit.value("notifyEmails", messages.notifyEmails.join("\n"))}
            {...control}
          />
        )}
      </Field>
      <Field
        form={kit}
        name="notifyPhones"
        label={t("settings.messages.notifyPhones")}
        hint={t("settings.messages.notifyPhonesHint")}
      >
        {(control) => (
          <textarea
            name="notifyPhones"
            dir="ltr"
            rows={3}
            autoComplete="off"
            // The loader writes the numbers as people do (+995 555 123 456).
            defaultValue={kit.value("notifyPhones", messages.notifyPhones.join("\n"))}
            {...control}
          />
        )}
      </Field>
      {kit.problem("notifyMany")}
    </SettingsForm>
  );
}
