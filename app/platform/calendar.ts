/**
 * The shop's calendar (D6): dates are calendar days in Tbilisi, whatever the zone of the
 * server or the browser. The one place that does date arithmetic; the clock is always
 * passed in, so tests choose "today".
 */
export const SHOP_TIME_ZONE = "Asia/Tbilisi";

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** Today's date in Tbilisi at the instant `now` (milliseconds, from the shop's clock). */
export function shopToday(now: number): CalendarDate {
  const parts = partsFormat.formatToParts(new Date(now));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

const wallClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** How far Tbilisi's wall clock is ahead of UTC at the instant `ms`, in milliseconds. */
function shopOffsetAt(ms: number): number {
  const parts = wallClockFormat.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The hour (0–23) of Tbilisi's wall clock at the instant `now`. */
export function shopHour(now: number): number {
  return ((Math.floor((now + shopOffsetAt(now)) / 3_600_000) % 24) + 24) % 24;
}

/** The instant a shop day begins (midnight in Tbilisi), in milliseconds since the epoch. */
export function startOfShopDay(date: CalendarDate): number {
  const midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
  return midnightUtc - shopOffsetAt(midnightUtc - shopOffsetAt(midnightUtc));
}

/**
 * Formatters made once per locale and kept: creating an Intl.DateTimeFormat costs far more
 * than using one (a desk list formats a date per row). Locales are the shop's few; past
 * the cap a formatter is made for the call and not kept.
 */
const MAX_KEPT_FORMATS = 32;

function perLocale(options: Intl.DateTimeFormatOptions): (locale: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (locale) => {
    let format = formats.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, options);
      if (formats.size < MAX_KEPT_FORMATS) formats.set(locale, format);
    }
    return format;
  };
}

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  hour: "2-digit",
  minute: "2-digit",
});

/** What a language puts between the date and the time, where it is not ", ". */
const DATE_TIME_JOINERS: Readonly<Record<string, string>> = { ar: "، ", tr: " " };

/**
 * A day as every page a person reads writes it, in every language (the desk, slips,
 * manifests, the private page, Telegram): DD.MM.YY, the form the shopper types the
 * delivery date in (spec §5), so a typed date and a date the shop writes never differ.
 * Ours to say, not ICU's: its short styles differ by language ("11/29/26" in English,
 * "29.11.2026" in Russian) and between Node and Chromium. A YYYY-MM-DD text (a courier's
 * day, a setting) is read first; text that is no date is returned as it is. YYYY-MM-DD
 * itself stays in files (CSV, JSON) and addresses.
 */
export function formatShopDate(date: CalendarDate | string): string {
  if (typeof date !== "string") return toShortDate(date);
  const read = parseIsoDate(date);
  return read ? toShortDate(read) : date;
}

/**
 * An instant as the shop's day and time in Tbilisi, the way every page a person reads
 * writes it in `language` (the reader's language code): `formatShopDate`'s day, the time
 * on the 24-hour clock, and the language's separator between ("29.11.26, 05:20";
 * "29.11.26، 05:20" in Arabic, "29.11.26 05:20" in Turkish).
 */
export function formatShopDateTime(ms: number, language: string): string {
  const day = formatShopDate(shopToday(ms));
  const time = timeFormat.format(new Date(ms));
  return `${day}${DATE_TIME_JOINERS[language] ?? ", "}${time}`;
}

/** An instant as the shop's `YYYY-MM-DD HH:MM` in Tbilisi: for files (CSV), never a page. */
export function isoShopDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return `${toIsoDate(shopToday(ms))} ${timeFormat.format(new Date(ms))}`;
}

function toUtc(date: CalendarDate): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day));
}

function fromUtc(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The date exists: 31.04 or 29.02 of a common year do not. */
export function isRealDate(date: CalendarDate): boolean {
  const round = fromUtc(toUtc(date));
  return round.year === date.year && round.month === date.month && round.day === date.day;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const utc = toUtc(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return fromUtc(utc);
}

/** The day of the week, as ISO 8601 counts it: 1 is Monday, 7 is Sunday. */
export function isoWeekday(date: CalendarDate): number {
  return toUtc(date).getUTCDay() || 7;
}

/** Negative when a is earlier than b, 0 when the same day, positive when later. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function clampDate(date: CalendarDate, min: CalendarDate, max: CalendarDate): CalendarDate {
  if (compareDates(date, min) < 0) return min;
  if (compareDates(date, max) > 0) return max;
  return date;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** YYYY-MM-DD, as configuration and the native date picker write dates. */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

const SHORT_DATE = /^(\d{2})\.(\d{2})\.(\d{2})$/;

/**
 * Reads DD.MM.YY (spec §5): three 2-digit parts, day 1–31, month 1–12, year 01–99 of
 * this century. Null when the text is not in that form; a well-formed day may still not
 * exist (31.02.26), which `isRealDate` tells. The one reader of this format.
 */
export function parseShortDate(text: string): CalendarDate | null {
  const match = SHORT_DATE.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (day < 1 || day > 31 || month < 1 || month > 12 || year < 1) return null;
  return { year: 2000 + year, month, day };
}

/** DD.MM.YY, the delivery date as the shopper types it in every language. */
export function toShortDate(date: CalendarDate): string {
  return `${pad(date.day)}.${pad(date.month)}.${pad(date.year % 100)}`;
}

const longDateFormat = perLocale({
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** A date as the language writes it in text (e.g. "22 November 2026"). */
export function formatLongDate(date: CalendarDate, locale: string): string {
  return longDateFormat(locale).format(toUtc(date));
}
