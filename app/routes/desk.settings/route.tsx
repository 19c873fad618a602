import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SOURCE_LANGUAGE } from "~/catalog/model";
import { Choice, Choices } from "~/desk/Choice";
import { Field, formAnswer } from "~/desk/form-answer";
import { pageRevision } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { languages } from "~/i18n/languages";
import { readForm } from "~/platform/http.server";
import {
  DAYS_AHEAD_MAX,
  type SettingsError,
  type SettingsSection,
  requireField,
  smsNumberText,
} from "~/settings/form";
import { readStoredSettings } from "~/settings/settings.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { MessagesForm } from "./MessagesForm";
import { SettingsForm } from "./SettingsForm";
import { type Answer, saveSettingsForm } from "./actions.server";

/** The settings as stored, the new orders' numbers written as people write them. */
async function settingsAsShown() {
  const settings = await readStoredSettings(shop.db);
  const notifyPhones = settings.messages.notifyPhones.map(smsNumberText);
  return { ...settings, messages: { ...settings.messages, notifyPhones } };
}

/**
 * The shop's settings (D31): contacts, taking orders, the delivery window, the desk chats'
 * language, the languages a product's texts must be complete in (D36), messages by SMS and
 * e-mail (issue 39). Owners only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const t = shop.t(await getLocale(request), "desk");
  // The revision first, then the settings as stored now: a change between is named.
  const revision = await pageRevision(shop);
  return {
    meta: { title: pageTitle(t, t("settings.title"), { brand: false }), noindex: true },
    revision,
    settings: await settingsAsShown(),
    environment: shop.config.delivery,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireOwner(request, { page: false });
  return saveSettingsForm(shop, session, request, await readForm(request));
}

const problemsOf = (answer: Answer): SettingsError[] =>
  answer.kind === "fields" ? answer.errors : [];

export default function DeskSettings() {
  const { settings, environment, revision } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  /** A section's kit: its own answer's typed values and problems, or what is stored. */
  const kit = (section: SettingsSection) => {
    const own = answer?.section === section ? answer : undefined;
    const lines = own?.kind === "fields" ? own.lines : undefined;
    return formAnswer<SettingsError>(own && { ...own, errors: problemsOf(own) }, {
      prefix: section,
      text: (name) => t(`settings.errors.${name}`, { lines: lines?.[name]?.join(", ") ?? "" }),
    });
  };
  const section = { answer, revision };
  const { contacts, orders, delivery, chats, texts } = settings;
  const [contactsForm, ordersForm, deliveryForm, chatsForm, textsForm] = [
    kit("contacts"),
    kit("orders"),
    kit("delivery"),
    kit("chats"),
    kit("texts"),
  ] as const;
  return (
    <section className="desk-page">
      <h1>{t("settings.title")}</h1>

      <SettingsForm {...section} section="contacts" hint={t("settings.contacts.hint")}>
        {(
          [
            ["email", "email", contacts.email],
            ["telegram", "text", contacts.telegram ? `@${contacts.telegram}` : ""],
            ["whatsapp", "tel", contacts.whatsapp],
            ["phone", "tel", contacts.phone],
          ] as const
        ).map(([name, type, stored]) => (
          <Field key={name} form={contactsForm} name={name} label={t(`settings.contacts.${name}`)}>
            {(control) => (
              <input
                type={type}
                name={name}
                dir="ltr"
                autoComplete="off"
                defaultValue={contactsForm.value(name, stored)}
                {...control}
              />
            )}
          </Field>
        ))}
      </SettingsForm>

      <SettingsForm {...section} section="orders">
        <Choice
          type="checkbox"
          name="taking"
          defaultChecked={ordersForm.checked("taking", orders.taking)}
          label={t("settings.orders.taking")}
        />
        <p className="desk-hint">{t("settings.orders.hint")}</p>
        <Field form={ordersForm} name="resumeOn" label={t("settings.orders.resumeOn")}>
          {(control) => (
            <input
              type="date"
              name="resumeOn"
              defaultValue={ordersForm.value("resumeOn", orders.resumeOn ?? "")}
              {...control}
            />
          )}
        </Field>
        {ordersForm.problem("resumePast")}
      </SettingsForm>

      <SettingsForm {...section} section="delivery">
        <p>
          <Link to="/desk/settings/delivery">{t("deliveryZones.link")}</Link>
        </p>
        <Field
          form={deliveryForm}
          name="from"
          label={t("settings.delivery.from")}
          hint={
            environment.from
              ? t("settings.delivery.fromDefault", { date: environment.from })
              : t("settings.delivery.fromToday")
          }
        >
          {(control) => (
            <input
              type="date"
              name="from"
              defaultValue={deliveryForm.value("from", delivery.from ?? "")}
              {...control}
            />
          )}
        </Field>
        {deliveryForm.problem("fromPast")}
        <Field
          form={deliveryForm}
          name="daysAhead"
          label={t("settings.delivery.daysAhead")}
          hint={
            environment.until
              ? t("settings.delivery.untilDefault", { date: environment.until })
              : t("settings.delivery.daysDefault", { days: 90 })
          }
        >
          {(control) => (
            // Text, not type="number": Chromium does not let Arabic-Indic digits into a number
            // field at all; the server reads them (settings/form.ts).
            <input
              name="daysAhead"
              inputMode="numeric"
              dir="ltr"
              maxLength={String(DAYS_AHEAD_MAX).length}
              defaultValue={deliveryForm.value("daysAhead", delivery.daysAhead?.toString() ?? "")}
              {...control}
            />
          )}
        </Field>
      </SettingsForm>

      <SettingsForm {...section} section="chats">
        <Field
          form={chatsForm}
          name="chatLanguage"
          label={t("settings.chats.language")}
          hint={t("settings.chats.hint")}
        >
          {(control) => (
            <select
              name="language"
              defaultValue={chatsForm.value("language", chats.language)}
              {...control}
            >
              {languages.map((one) => (
                <option key={one.code} value={one.code} lang={one.htmlLang}>
                  {one.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </SettingsForm>

      <SettingsForm {...section} section="texts" hint={t("settings.texts.hint")}>
        <Choices legend={t("settings.texts.required")}>
          {languages.map((one) =>
            one.code === SOURCE_LANGUAGE ? (
              // Always required, as the texts' source: shown ticked, never posted.
              <Choice
                key={one.code}
                type="checkbox"
                defaultChecked
                disabled
                aria-describedby="texts-source"
                label={<span lang={one.htmlLang}>{one.name}</span>}
              />
            ) : (
              <Choice
                key={one.code}
                type="checkbox"
                name={requireField(one.code)}
                defaultChecked={textsForm.checked(
                  requireField(one.code),
                  texts.required.includes(one.code),
                )}
                label={<span lang={one.htmlLang}>{one.name}</span>}
              />
            ),
          )}
          <p className="desk-hint" id="texts-source">
            {t("settings.texts.source")}
          </p>
        </Choices>
      </SettingsForm>

      <MessagesForm {...section} messages={settings.messages} kit={kit("messages")} />
    </section>
  );
}
