import { parsePrice } from "~/catalog/product-form";
import { isLanguageCode, languageCodes } from "~/i18n/languages";
import { normalizePhone } from "~/phone/phone";
import { type CalendarDate, compareDates, parseIsoDate } from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import { HTML_EMAIL } from "~/platform/email";
import {
  type ChatsSettings,
  type Contacts,
  type DeliverySettings,
  type MessagesSettings,
  NOTIFY_MAX,
  type Ordering,
  SEGMENT_PRICE_MAX,
  type TextsSettings,
  askCodeChoices,
  requiredLanguages,
  smsMessages,
} from "./model";

/**
 * The settings forms' rules, pure: what an owner typed, read the way a person means it
 * (`@kolkhida_shop` or a t.me link is the username; a phone in any spelling, D30; a number
 * in Arabic-Indic digits too), or the fields that are wrong. Empty hides a contact.
 */
export type SettingsSection = "contacts" | "orders" | "delivery" | "chats" | "texts" | "messages";

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
  | "chatLanguage"
  | "segmentPrice"
  | "askCode"
  | "notifyEmails"
  | "notifyPhones"
  | "notifyMany";

export type Parsed<T> =
  | { ok: true; value: T }
  /** `lines`: what could not be read in a list typed one item a line, named in the refusal. */
  | { ok: false; errors: SettingsError[]; lines?: Partial<Record<SettingsError, string[]>> };

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

/** One checkbox a message that may go by SMS: `sms-received`, `sms-morning`… */
export const smsField = (message: string) => `sms-${message}`;

const EMAIL_MAX = 200;

/** A list typed one item a line, each read by `read`; the lines it cannot read, as typed. */
function readLines(
  text: string,
  read: (line: string) => string | null,
): { items: string[]; unreadable: string[] } {
  const items: string[] = [];
  const unreadable: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    const item = read(line);
    if (item === null) unreadable.push(line);
    else if (!items.includes(item)) items.push(item);
  }
  return { items, unreadable };
}

/** A phone as SMS takes it, `995XXXXXXXXX`, from any spelling D30 reads. */
export function smsNumber(text: string): string | null {
  return normalizePhone(text)?.replace(/\D/g, "") ?? null;
}

/** A stored `995XXXXXXXXX` as people write it, `+995 599 000 111`. */
export function smsNumberText(number: string): string {
  return normalizePhone(`+${number}`) ?? number;
}

/**
 * The messages section: a box a message that may go by SMS, the cost of one segment as
 * GEL ("0.04", "0,04", Arabic-Indic digits too; empty is nothing), when to ask for a code,
 * and the addresses and numbers each new order goes to, one a line (an e-mail by the
 * browser's own rule, a phone in any spelling, stored as `995XXXXXXXXX`). Lines that are
 * neither come back named.
 */
export function parseMessages(form: Fields): Parsed<MessagesSettings> {
  const errors: SettingsError[] = [];
  const sms = Object.fromEntries(
    smsMessages.map((message) => [message, form.get(smsField(message)) === "on"]),
  ) as MessagesSettings["sms"];
  const price = parsePrice(field(form, "segmentPrice"));
  if (price === undefined || (price ?? 0) > SEGMENT_PRICE_MAX) errors.push("segmentPrice");
  const askCode = askCodeChoices.find((choice) => choice === field(form, "askCode"));
  if (!askCode) errors.push("askCode");
  const emails = readLines(form.get("notifyEmails") ?? "", (line) =>
    line.length <= EMAIL_MAX && HTML_EMAIL.test(line) ? line : null,
  );
  const phones = readLines(form.get("notifyPhones") ?? "", smsNumber);
  if (emails.unreadable.length > 0) errors.push("notifyEmails");
  if (phones.unreadable.length > 0) errors.push("notifyPhones");
  if (emails.items.length > NOTIFY_MAX || phones.items.length > NOTIFY_MAX)
    errors.push("notifyMany");
  if (errors.length > 0 || !askCode)
    return {
      ok: false,
      errors,
      lines: { notifyEmails: emails.unreadable, notifyPhones: phones.unreadable },
    };
  return {
    ok: true,
    value: {
      sms,
      segmentPrice: price ?? 0,
      askCode,
      notifyEmails: emails.items,
      notifyPhones: phones.items,
    },
  };
}
