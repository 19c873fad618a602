import {
  type CalendarDate,
  addDays,
  compareDates,
  isRealDate,
  parseIsoDate,
  parseShortDate,
  toShortDate,
} from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";

/** Days ahead a delivery can be booked when DELIVERY_UNTIL is not set (D7). */
export const DEFAULT_WINDOW_DAYS = 90;

export interface DeliveryWindow {
  /** The earliest date a shopper may choose: today, clamped into the window. */
  min: CalendarDate;
  /** The last date of the window. */
  max: CalendarDate;
}

/**
 * The dates a delivery can be booked on (D7): the configured window, by default today
 * until today + 90 days. Its minimum is the window's first day, never before today; its
 * maximum is the window's end. A window that ended before today has no day at all (its
 * minimum is after its maximum): a date in the past is never booked (D84).
 */
export function deliveryWindow(
  today: CalendarDate,
  config: { from: string | null; until: string | null },
): DeliveryWindow {
  const from = (config.from && parseIsoDate(config.from)) || today;
  const until = (config.until && parseIsoDate(config.until)) || addDays(from, DEFAULT_WINDOW_DAYS);
  const max = compareDates(until, from) < 0 ? from : until;
  return { min: compareDates(from, today) < 0 ? today : from, max };
}

export type DateProblem = "format" | "unparsable" | "early" | "late";

/**
 * Reads a typed delivery date, in ASCII or Arabic-Indic digits (٠٢.٠٣.٢٦ is 02.03.26).
 * "format" when it is not DD.MM.YY within the spec's ranges; "unparsable" when it is
 * well-formed but no such day exists (31.02.26); "early"/"late" when it lies outside the
 * window.
 */
export function parseDeliveryDate(
  text: string,
  window: DeliveryWindow,
): { ok: true; date: CalendarDate } | { ok: false; problem: DateProblem } {
  const date = parseShortDate(asciiDigits(text));
  if (!date) return { ok: false, problem: "format" };
  if (!isRealDate(date)) return { ok: false, problem: "unparsable" };
  if (compareDates(date, window.min) < 0) return { ok: false, problem: "early" };
  if (compareDates(date, window.max) > 0) return { ok: false, problem: "late" };
  return { ok: true, date };
}

function clampPart(digits: string, max: number): string {
  if (digits.length < 2) return digits;
  const value = Number(digits);
  if (value < 1) return "01";
  if (value > max) return String(max);
  return digits;
}

/**
 * The text date field while typing (spec §5): digits only (Arabic-Indic ones as ASCII), at
 * most six, day clamped to 1–31 and month to 1–12, written DD.MM.YY; a complete date
 * before the minimum snaps up to the minimum.
 */
export function maskDeliveryDate(raw: string, window: DeliveryWindow): string {
  const digits = asciiDigits(raw).replace(/\D+/g, "").slice(0, 6);
  const day = clampPart(digits.slice(0, 2), 31);
  const month = clampPart(digits.slice(2, 4), 12);
  const year = digits.slice(4, 6);
  const text = [day, month, year].filter(Boolean).join(".");
  return digits.length === 6 ? snapToWindow(text, window) : text;
}

/** A complete date before the minimum becomes the minimum (on entry and on blur). */
export function snapToWindow(text: string, window: DeliveryWindow): string {
  const parsed = parseDeliveryDate(text, window);
  return !parsed.ok && parsed.problem === "early" ? toShortDate(window.min) : text;
}
