import { SOURCE_LANGUAGE } from "~/catalog/model";
import {
  type DeliveryWeek,
  type DeliveryZone,
  defaultWeek,
  defaultZones,
  readWeek,
  readZones,
} from "~/delivery/zones";
import {
  type LanguageCode,
  defaultLanguage,
  isLanguageCode,
  languageCodes,
} from "~/i18n/languages";
import { type CalendarDate, addDays, parseIsoDate, toIsoDate } from "~/platform/calendar";
import { HTML_EMAIL } from "~/platform/email";

/**
 * The shop's settings an owner changes in the desk (`/desk/settings`), kept in the
 * database one JSON value a section and read into memory with the catalogue. Each section
 * is read defensively: a value the shop cannot read falls back to the defaults, which are
 * what the shop showed before settings existed.
 */
export interface Contacts {
  email: string;
  /** A Telegram username, without "@". */
  telegram: string;
  /** A phone number as people write it, "+995 555 123 456"; empty for none. */
  whatsapp: string;
  phone: string;
}

export interface Ordering {
  /** False: cart and checkout say the shop is not taking orders, and refuse them. */
  taking: boolean;
  /** When the shop takes orders again (ISO date), shown to shoppers; null when unknown. */
  resumeOn: string | null;
}

export interface DeliverySettings {
  /** The first day a delivery can be booked (ISO date); null: DELIVERY_FROM, else today. */
  from: string | null;
  /** How many days after the first day can be booked; null: DELIVERY_UNTIL, else 90. */
  daysAhead: number | null;
}

/** The desk chats: the language of every message, button and answer the shop writes there. */
export interface ChatsSettings {
  language: LanguageCode;
}

/**
 * Product texts (D36): the languages whose texts must be complete before a product is shown
 * or sold, besides Russian, which always must. None: the others are shown from Russian.
 */
export interface TextsSettings {
  required: LanguageCode[];
}

/** The shopper's messages that may go by SMS (issue 39), in the order they come. */
export const smsMessages = ["received", "confirmed", "morning", "delivered"] as const;
export type SmsMessage = (typeof smsMessages)[number];

/** When the checkout asks for a code sent by SMS: never, for numbers with a refusal, always. */
export const askCodeChoices = ["never", "refusers", "every"] as const;
export type AskCode = (typeof askCodeChoices)[number];

/** The most addresses, and the most numbers, the owner's new orders are sent to. */
export const NOTIFY_MAX = 10;
/** The most one SMS segment may be said to cost: 10 GEL, in tetri. */
export const SEGMENT_PRICE_MAX = 10_00;
/** An SMS destination as stored and as the gateway takes it: 995 and nine digits, no plus. */
export const SMS_NUMBER = /^995[1-9]\d{8}$/;

/**
 * What the owner decides about messages (issue 39): which of the shopper's messages go by
 * SMS when Telegram is not linked, what one SMS segment costs (for the reports), when the
 * checkout asks for a code, and who else hears of each new order, by e-mail or SMS.
 */
export interface MessagesSettings {
  sms: Record<SmsMessage, boolean>;
  /** Tetri one SMS segment costs; 0: not counted. */
  segmentPrice: number;
  askCode: AskCode;
  notifyEmails: string[];
  /** `995XXXXXXXXX`. */
  notifyPhones: string[];
}

export interface ShopSettings {
  contacts: Contacts;
  orders: Ordering;
  delivery: DeliverySettings;
  chats: ChatsSettings;
  texts: TextsSettings;
  /** The courier's week shop-wide: cut-off hour, holidays, minimum order (D84). */
  week: DeliveryWeek;
  /** The delivery zones, in the owner's order (D84). */
  zones: DeliveryZone[];
  messages: MessagesSettings;
}

export const defaultSettings: ShopSettings = {
  contacts: { email: "", telegram: "", whatsapp: "", phone: "" },
  orders: { taking: true, resumeOn: null },
  delivery: { from: null, daysAhead: null },
  chats: { language: defaultLanguage },
  texts: { required: [] },
  week: defaultWeek,
  zones: defaultZones.map((zone) => ({ ...zone })),
  messages: {
    sms: { received: true, confirmed: true, morning: true, delivered: true },
    segmentPrice: 0,
    askCode: "never",
    notifyEmails: [],
    notifyPhones: [],
  },
};

/** Languages as stored: known codes only, once each, in the shop's order, Russian left out. */
export function requiredLanguages(value: unknown): LanguageCode[] {
  const listed = Array.isArray(value) ? value : [];
  return languageCodes.filter(
    (code) => code !== SOURCE_LANGUAGE && listed.some((item) => item === code),
  );
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Strings of a stored list that pass `rule`, once each, at most NOTIFY_MAX. */
function listOf(value: unknown, rule: RegExp): string[] {
  const listed = Array.isArray(value) ? value : [];
  const kept = listed.filter((item): item is string => typeof item === "string" && rule.test(item));
  return [...new Set(kept)].slice(0, NOTIFY_MAX);
}

/** The stored messages section, read defensively: a message is sent by SMS unless turned off. */
export function readMessages(value: unknown): MessagesSettings {
  const stored = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const sms = (stored.sms && typeof stored.sms === "object" ? stored.sms : {}) as Record<
    string,
    unknown
  >;
  const price = stored.segmentPrice;
  return {
    sms: {
      received: sms.received !== false,
      confirmed: sms.confirmed !== false,
      morning: sms.morning !== false,
      delivered: sms.delivered !== false,
    },
    segmentPrice:
      typeof price === "number" &&
      Number.isInteger(price) &&
      price >= 0 &&
      price <= SEGMENT_PRICE_MAX
        ? price
        : 0,
    askCode: askCodeChoices.find((choice) => choice === stored.askCode) ?? "never",
    notifyEmails: listOf(stored.notifyEmails, HTML_EMAIL),
    notifyPhones: listOf(stored.notifyPhones, SMS_NUMBER),
  };
}

function isoDateOrNull(value: unknown): string | null {
  return typeof value === "string" && parseIsoDate(value) ? value : null;
}

/** Settings from their stored sections (`key` → JSON text); what is unreadable is the default. */
export function readSettings(rows: readonly { key: string; value: string }[]): ShopSettings {
  const stored = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    try {
      const value: unknown = JSON.parse(row.value);
      if (value && typeof value === "object") stored.set(row.key, value as Record<string, unknown>);
    } catch {
      // An unreadable section reads as its defaults.
    }
  }
  const contacts = stored.get("contacts") ?? {};
  const orders = stored.get("orders") ?? {};
  const delivery = stored.get("delivery") ?? {};
  const chats = stored.get("chats") ?? {};
  const texts = stored.get("texts") ?? {};
  const daysAhead = delivery.daysAhead;
  return {
    contacts: {
      email: text(contacts.email),
      telegram: text(contacts.telegram),
      whatsapp: text(contacts.whatsapp),
      phone: text(contacts.phone),
    },
    orders: {
      taking: orders.taking !== false,
      resumeOn: isoDateOrNull(orders.resumeOn),
    },
    delivery: {
      from: isoDateOrNull(delivery.from),
      daysAhead:
        typeof daysAhead === "number" && Number.isInteger(daysAhead) && daysAhead >= 0
          ? daysAhead
          : null,
    },
    chats: { language: isLanguageCode(chats.language) ? chats.language : defaultLanguage },
    texts: { required: requiredLanguages(texts.required) },
    week: readWeek(stored.get("week")),
    zones: readZones(stored.get("zones")?.list),
    messages: readMessages(stored.get("messages")),
  };
}

/**
 * The delivery window's bounds as DELIVERY_FROM/DELIVERY_UNTIL read them (D7): the owner's
 * setting where there is one, the environment's otherwise.
 */
export function deliveryBounds(
  settings: DeliverySettings,
  environment: { from: string | null; until: string | null },
  today: CalendarDate,
): { from: string | null; until: string | null } {
  const from = settings.from ?? environment.from;
  if (settings.daysAhead === null) return { from, until: environment.until };
  const first = (from && parseIsoDate(from)) || today;
  return { from, until: toIsoDate(addDays(first, settings.daysAhead)) };
}
