import { isLanguageCode, languageCodes } from "~/i18n/languages";
import { normalizePhone } from "~/phone/phone";
import { type CalendarDate, compareDates, parseIsoDate } from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import { HTML_EMAIL } from "~/platform/email";
import {
  type ChatsSettings,
  type Contacts,
  type DeliverySettings,
  type Ordering,
  type TextsSettings,
  requiredLanguages,
} from "./model";

/**
 * The settings forms' rules, pure: what an owner typed, read the way a person means it
 * (`@kolkhida_shop` or a t.me link is the username; a phone in any spelling, D30; a number
 * in Arabic-Indic digits too), or the fields that are wrong. Empty hides a contact.
 */
export type SettingsSection = "contacts" | "orders" | "delivery" | "chats" | "texts";

export type SettingsError =
  | "email"
  | "telegram"
  | "whatsapp"
  | "phone"
  | "resumeOn"
  | "resumePast"
  | "from"
  | "fromPast"
  | "daysAhead"
  | "chatLanguage";

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: SettingsError[] };

interface Fields {
  get(name: string): string | null;
}

const field = (form: Fields, name: string) => (form.get(name) ?? "").trim();

export const DAYS_AHEAD_MAX = 365;

export function parseContacts(form: Fields): Parsed<Contacts> {
  const errors: SettingsError[] = [];
  const email = field(form, "email");
  if (email !== "" && (email.length > 200 || !HTML_EMAIL.test(email))) errors.push("email");
  const telegram = field(form, "telegram")
    .replace(/^(https?:\/\/)?(t\.me|telegram\.me)\//i, "")
    .replace(/^@/, "");
  if (telegram !== "" && !/^[A-Za-z0-9_]{5,32}$/.test(telegram)) errors.push("telegram");
  const phones = { whatsapp: field(form, "whatsapp"), phone: field(form, "phone") };
  const normal = { whatsapp: "", phone: "" };
  for (const name of ["whatsapp", "phone"] as const) {
    if (phones[name] === "") continue;
    const number = normalizePhone(phones[name]);
    if (number) normal[name] = number;
    else errors.push(name);
  }
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, value: { email, telegram, ...normal } };
}

export function parseOrdering(form: Fields, today: CalendarDate): Parsed<Ordering> {
  const taking = form.get("taking") === "on";
  const resume = field(form, "resumeOn");
  if (taking || resume === "") return { ok: true, value: { taking, resumeOn: null } };
  const date = parseIsoDate(resume);
  if (!date) return { ok: false, errors: ["resumeOn"] };
  if (compareDates(date, today) < 0) return { ok: false, errors: ["resumePast"] };
  return { ok: true, value: { taking, resumeOn: resume } };
}

/** The first delivery day: a date, and never one already past (no order could be delivered then). */
export function parseDelivery(form: Fields, today: CalendarDate): Parsed<DeliverySettings> {
  const errors: SettingsError[] = [];
  const from = field(form, "from");
  const first = from === "" ? null : parseIsoDate(from);
  if (from !== "" && !first) errors.push("from");
  else if (first && compareDates(first, today) < 0) errors.push("fromPast");
  const days = asciiDigits(field(form, "daysAhead"));
  const daysAhead = days === "" ? null : Number(days);
  if (
    daysAhead !== null &&
    (!/^\d{1,3}$/.test(days) || daysAhead < 1 || daysAhead > DAYS_AHEAD_MAX)
  ) {
    errors.push("daysAhead");
  }
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, value: { from: from === "" ? null : from, daysAhead } };
}

/** One checkbox a language, `require-{code}`; Russian is always required and not asked. */
export const requireField = (code: string) => `require-${code}`;

export function parseTexts(form: Fields): Parsed<TextsSettings> {
  const ticked = languageCodes.filter((code) => form.get(requireField(code)) === "on");
  return { ok: true, value: { required: requiredLanguages(ticked) } };
}

export function parseChats(form: Fields): Parsed<ChatsSettings> {
  const language = field(form, "language");
  return isLanguageCode(language)
    ? { ok: true, value: { language } }
    : { ok: false, errors: ["chatLanguage"] };
}
