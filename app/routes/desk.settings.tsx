import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getLocale } from "~/i18n/i18next.server";
import { languages } from "~/i18n/languages";
import { readForm } from "~/platform/http.server";
import {
  DAYS_AHEAD_MAX,
  type SettingsError,
  type SettingsSection,
  parseChats,
  parseContacts,
  parseDelivery,
  parseOrdering,
} from "~/settings/form";
import { saveSettings } from "~/settings/settings.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";

/**
 * The shop's settings (D31): contacts, taking orders, the delivery window, the desk chats'
 * language. Owners only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const t = shop.t(await getLocale(request), "desk");
  return {
    meta: { title: pageTitle(t, t("settings.title"), { brand: false }), noindex: true },
    settings: shop.content().settings,
    environment: shop.config.delivery,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

type Answer = { section: SettingsSection; errors: SettingsError[]; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  const section = form.get("section");
  const parsed =
    section === "contacts"
      ? parseContacts(form)
      : section === "orders"
        ? parseOrdering(form, shop.today())
        : section === "delivery"
          ? parseDelivery(form)
          : section === "chats"
            ? parseChats(form)
            : null;
  if (!parsed || section === null)
    throw new Response("Unknown settings section.\n", { status: 400 });
  if (!parsed.ok) {
    return data<Answer>(
      {
        section: section as SettingsSection,
        errors: parsed.errors,
        values: Object.fromEntries(form),
      },
      400,
    );
  }
  const actor = { staffId: staff.id, name: staff.name };
  const changed = await saveSettings(shop.db, {
    section: section as SettingsSection,
    value: parsed.value,
    actor,
    now: shop.clock(),
  } as Parameters<typeof saveSettings>[1]);
  if (changed) await shop.refreshContent();
  throw await redirectWithToast(shop.flash, request, "/desk/settings", {
    kind: "desk",
    message: changed ? "settings.saved" : "settings.unchanged",
  });
}

function FieldError({
  answer,
  section,
  name,
}: { answer?: Answer; section: SettingsSection; name: SettingsError }) {
  const { t } = useTranslation("desk");
  if (answer?.section !== section || !answer.errors.includes(name)) return null;
  return (
    <span className="desk-field-error" id={`${name}-error`}>
      {t(`settings.errors.${name}`)}
    </span>
  );
}

export default function DeskSettings() {
  const { settings, environment } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const typed = (section: SettingsSection, name: string, stored: string) =>
    answer?.section === section ? (answer.values[name] ?? "") : stored;
  const invalid = (section: SettingsSection, name: SettingsError) =>
    answer?.section === section && answer.errors.includes(name)
      ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` }
      : {};
  const { contacts, orders, delivery, chats } = settings;
  return (
    <section className="desk-page">
      <h1>{t("settings.title")}</h1>
      {answer ? (
        <p className="desk-error" role="alert">
          {t("settings.notSaved")}
        </p>
      ) : null}

      <Form method="post" className="desk-form" aria-labelledby="settings-contacts">
        <h2 id="settings-contacts">{t("settings.contacts.title")}</h2>
        <p className="desk-hint">{t("settings.contacts.hint")}</p>
        <input type="hidden" name="section" value="contacts" />
        {(
          [
            ["email", "email", contacts.email],
            ["telegram", "text", contacts.telegram ? `@${contacts.telegram}` : ""],
            ["whatsapp", "tel", contacts.whatsapp],
            ["phone", "tel", contacts.phone],
          ] as const
        ).map(([name, type, stored]) => (
          <div key={name}>
            <label htmlFor={`contact-${name}`}>{t(`settings.contacts.${name}`)}</label>
            <input
              id={`contact-${name}`}
              type={type}
              name={name}
              dir="ltr"
              autoComplete="off"
              defaultValue={typed("contacts", name, stored)}
              {...invalid("contacts", name)}
            />
            <FieldError answer={answer} section="contacts" name={name} />
          </div>
        ))}
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>

      <Form method="post" className="desk-form" aria-labelledby="settings-orders">
        <h2 id="settings-orders">{t("settings.orders.title")}</h2>
        <input type="hidden" name="section" value="orders" />
        <label>
          <input type="checkbox" name="taking" defaultChecked={orders.taking} />{" "}
          {t("settings.orders.taking")}
        </label>
        <p className="desk-hint">{t("settings.orders.hint")}</p>
        <div>
          <label htmlFor="resume-on">{t("settings.orders.resumeOn")}</label>
          <input
            id="resume-on"
            type="date"
            name="resumeOn"
            defaultValue={typed("orders", "resumeOn", orders.resumeOn ?? "")}
            {...invalid("orders", "resumeOn")}
          />
          <FieldError answer={answer} section="orders" name="resumeOn" />
          <FieldError answer={answer} section="orders" name="resumePast" />
        </div>
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>

      <Form method="post" className="desk-form" aria-labelledby="settings-delivery">
        <h2 id="settings-delivery">{t("settings.delivery.title")}</h2>
        <input type="hidden" name="section" value="delivery" />
        <div>
          <label htmlFor="delivery-from">{t("settings.delivery.from")}</label>
          <input
            id="delivery-from"
            type="date"
            name="from"
            defaultValue={typed("delivery", "from", delivery.from ?? "")}
            {...invalid("delivery", "from")}
          />
          <span className="desk-hint">
            {environment.from
              ? t("settings.delivery.fromDefault", { date: environment.from })
              : t("settings.delivery.fromToday")}
          </span>
          <FieldError answer={answer} section="delivery" name="from" />
        </div>
        <div>
          <label htmlFor="delivery-days">{t("settings.delivery.daysAhead")}</label>
          <input
            id="delivery-days"
            type="number"
            name="daysAhead"
            min={1}
            max={DAYS_AHEAD_MAX}
            inputMode="numeric"
            defaultValue={typed("delivery", "daysAhead", delivery.daysAhead?.toString() ?? "")}
            {...invalid("delivery", "daysAhead")}
          />
          <span className="desk-hint">
            {environment.until
              ? t("settings.delivery.untilDefault", { date: environment.until })
              : t("settings.delivery.daysDefault", { days: 90 })}
          </span>
          <FieldError answer={answer} section="delivery" name="daysAhead" />
        </div>
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>

      <Form method="post" className="desk-form" aria-labelledby="settings-chats">
        <h2 id="settings-chats">{t("settings.chats.title")}</h2>
        <input type="hidden" name="section" value="chats" />
        <div>
          <label htmlFor="chats-language">{t("settings.chats.language")}</label>
          <select
            id="chats-language"
            name="language"
            defaultValue={typed("chats", "language", chats.language)}
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
          <FieldError answer={answer} section="chats" name="chatLanguage" />
        </div>
        <button type="submit" className="desk-button">
          {t("settings.save")}
        </button>
      </Form>
    </section>
  );
}
