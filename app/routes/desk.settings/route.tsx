import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RevisionField } from "~/desk/Revision";
import { formAnswer } from "~/desk/form-answer";
import { pageRevision } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { languages } from "~/i18n/languages";
import { readForm } from "~/platform/http.server";
import { DAYS_AHEAD_MAX, type SettingsError, type SettingsSection } from "~/settings/form";
import { readStoredSettings } from "~/settings/settings.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { SectionHead } from "./SectionHead";
import { type Answer, saveSettingsForm } from "./actions.server";

/**
 * The shop's settings (D31): contacts, taking orders, the delivery window, the desk chats'
 * language. Owners only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const t = shop.t(await getLocale(request), "desk");
  // The revision first, then the settings as stored now: a change between is named.
  const revision = await pageRevision(shop);
  return {
    meta: { title: pageTitle(t, t("settings.title"), { brand: false }), noindex: true },
    revision,
    settings: await readStoredSettings(shop.db),
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
  const { settings, environment } = useLoaderData<typeof loader>();
  const { revision: read } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  /** Each section's form: its own answer's typed values and problems, its own revision. */
  const kit = (section: SettingsSection) => {
    const own = answer?.section === section ? answer : undefined;
    const form = formAnswer<SettingsError>(own && { ...own, errors: problemsOf(own) }, {
      prefix: section,
      text: (name) => t(`settings.errors.${name}`),
    });
    return { ...form, revision: <RevisionField revision={own?.revision ?? read} /> };
  };
  const { contacts, orders, delivery, chats } = settings;
  const contactsForm = kit("contacts");
  const ordersForm = kit("orders");
  const deliveryForm = kit("delivery");
  const chatsForm = kit("chats");
  return (
    <section className="desk-page">
      <h1>{t("settings.title")}</h1>

      <Form
        method="post"
        action="/desk/settings#settings-contacts"
        className="desk-form"
        aria-labelledby="settings-contacts"
      >
        <h2 id="settings-contacts">{t("settings.contacts.title")}</h2>
        <p className="desk-hint">{t("settings.contacts.hint")}</p>
        <SectionHead answer={answer} section="contacts" />
        {contactsForm.revision}
        {(
          [
            ["email", "email", contacts.email],
            ["telegram", "text", contacts.telegram ? `@${contacts.telegram}` : ""],
            ["whatsapp", "tel", contacts.whatsapp],
            ["phone", "tel", contacts.phone],
          ] as const
        ).map(([name, type, stored]) => (
          <div key={name}>
            <label htmlFor={`contacts-${name}`}>{t(`settings.contacts.${name}`)}</label>
            <input
              type={type}
              name={name}
              dir="ltr"
              autoComplete="off"
              defaultValue={contactsForm.value(name, stored)}
              {...contactsForm.control(name)}
            />
            {contactsForm.problem(name)}
          </div>
        ))}
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>

      <Form
        method="post"
        action="/desk/settings#settings-orders"
        className="desk-form"
        aria-labelledby="settings-orders"
      >
        <h2 id="settings-orders">{t("settings.orders.title")}</h2>
        <SectionHead answer={answer} section="orders" />
        {ordersForm.revision}
        <label>
          <input
            type="checkbox"
            name="taking"
            defaultChecked={ordersForm.checked("taking", orders.taking)}
          />{" "}
          {t("settings.orders.taking")}
        </label>
        <p className="desk-hint">{t("settings.orders.hint")}</p>
        <div>
          <label htmlFor="orders-resumeOn">{t("settings.orders.resumeOn")}</label>
          <input
            type="date"
            name="resumeOn"
            defaultValue={ordersForm.value("resumeOn", orders.resumeOn ?? "")}
            {...ordersForm.control("resumeOn")}
          />
          {ordersForm.problem("resumeOn")}
          {ordersForm.problem("resumePast")}
        </div>
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>

      <Form
        method="post"
        action="/desk/settings#settings-delivery"
        className="desk-form"
        aria-labelledby="settings-delivery"
      >
        <h2 id="settings-delivery">{t("settings.delivery.title")}</h2>
        <SectionHead answer={answer} section="delivery" />
        {deliveryForm.revision}
        <div>
          <label htmlFor="delivery-from">{t("settings.delivery.from")}</label>
          <input
            type="date"
            name="from"
            defaultValue={deliveryForm.value("from", delivery.from ?? "")}
            {...deliveryForm.control("from")}
          />
          <span className="desk-hint">
            {environment.from
              ? t("settings.delivery.fromDefault", { date: environment.from })
              : t("settings.delivery.fromToday")}
          </span>
          {deliveryForm.problem("from")}
        </div>
        <div>
          <label htmlFor="delivery-daysAhead">{t("settings.delivery.daysAhead")}</label>
          <input
            type="number"
            name="daysAhead"
            min={1}
            max={DAYS_AHEAD_MAX}
            inputMode="numeric"
            defaultValue={deliveryForm.value("daysAhead", delivery.daysAhead?.toString() ?? "")}
            {...deliveryForm.control("daysAhead")}
          />
          <span className="desk-hint">
            {environment.until
              ? t("settings.delivery.untilDefault", { date: environment.until })
              : t("settings.delivery.daysDefault", { days: 90 })}
          </span>
          {deliveryForm.problem("daysAhead")}
        </div>
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>

      <Form
        method="post"
        action="/desk/settings#settings-chats"
        className="desk-form"
        aria-labelledby="settings-chats"
      >
        <h2 id="settings-chats">{t("settings.chats.title")}</h2>
        <SectionHead answer={answer} section="chats" />
        {chatsForm.revision}
        <div>
          <label htmlFor="chats-language">{t("settings.chats.language")}</label>
          <select
            id="chats-language"
            name="language"
            defaultValue={chatsForm.value("language", chats.language)}
            aria-describedby="chats-language-hint"
          >
            {languages.map((one) => (
              <option key={one.code} value={one.code} lang={one.htmlLang}>
                {one.name}
              </option>
            ))}
          </select>
          <span id="chats-language-hint" className="desk-hint">
            {t("settings.chats.hint")}
          </span>
          {chatsForm.problem("chatLanguage")}
        </div>
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>
    </section>
  );
}
