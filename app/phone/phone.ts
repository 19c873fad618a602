import { asciiDigits } from "~/platform/digits";
import { PHONE_PREFIX } from "./prefix";

/** Georgian phone numbers: +995 followed by nine digits in groups of three (spec §5). */
export const PHONE_DIGITS = 9;
/** The stored form. No Georgian number starts with 0 after +995: 0 is the trunk prefix. */
export const PHONE_PATTERN = /^\+995 [1-9]\d{2} \d{3} \d{3}$/;

const COUNTRY_CODE = "995";
/** What the field shows before anything is typed, and keeps in front of the number. */
const FIELD_START = `${PHONE_PREFIX} `;

export function isValidPhone(text: string): boolean {
  return PHONE_PATTERN.test(text);
}

/**
 * The number's digits as ASCII, whatever keyboard typed them (an Arabic or Persian one
 * types ٥٩٩ or ۵۹۹). Invisible direction marks and isolates, which come along when a
 * number is copied from right-to-left text, are dropped.
 */
function plain(text: string): string {
  return asciiDigits(text)
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
}

/** The nine digits after +995 of one whole number written in one of D30's ways, or null. */
function nationalNumber(text: string): string | null {
  // Digits with the separators people write; a plus only in front.
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D+/g, "");
  const match = text.startsWith("+")
    ? /^995([1-9]\d{8})$/.exec(digits)
    : /^(?:00995|995|0)?([1-9]\d{8})$/.exec(digits);
  return match?.[1] ?? null;
}

/**
 * A Georgian number in any spelling as the spec writes it (D30): `+995 599 000 111`,
 * `+995599000111`, `599000111`, `00995 599 000 111` and `0599 000 111` all give
 * `+995 599 000 111`; null when the text is not one such number. The field's own +995
 * may come with the shopper's text: after it, as the field is shown, or after the
 * shopper's text when the caret was put before it (a tap on the field in Arabic or
 * Hebrew, where its text sits at the end) in a browser without scripts.
 */
export function normalizePhone(text: string): string | null {
  const written = plain(text);
  const national =
    nationalNumber(written) ??
    (written.startsWith(PHONE_PREFIX)
      ? nationalNumber(written.slice(PHONE_PREFIX.length).trim())
      : null) ??
    (written.endsWith(PHONE_PREFIX)
      ? nationalNumber(written.slice(0, -PHONE_PREFIX.length).trim())
      : null);
  return national && groupNumber(national);
}

function groupNumber(digits: string): string {
  return [PHONE_PREFIX, ...(digits.match(/\d{1,3}/g) ?? [])].join(" ");
}

/**
 * The shopper's part of the field after an edit turned `previous` into `raw`. The
 * prefix is the field's, not the shopper's: what was typed or pasted inside or before
 * it (where a tap puts the caret in Arabic or Hebrew) belongs right after it, and the
 * prefix's own 995 is not part of the number.
 */
function shopperText(raw: string, previous: string): string {
  const own = previous.startsWith(FIELD_START)
    ? FIELD_START.length
    : previous.startsWith(PHONE_PREFIX)
      ? PHONE_PREFIX.length
      : 0;
  const shorter = Math.min(raw.length, previous.length);
  // Where the edit was: the unchanged end is matched first, so that a number pasted in
  // front of the field ("+995 599 000 111+995 ") is read as pasted there, though it
  // starts as the field does.
  let end = 0;
  while (end < shorter && raw[raw.length - 1 - end] === previous[previous.length - 1 - end]) end++;
  let start = 0;
  while (start < shorter - end && raw[start] === previous[start]) start++;
  if (start >= own) return raw.slice(own);
  const inserted = raw.slice(start, raw.length - end);
  return inserted + previous.slice(Math.max(previous.length - end, own));
}

/**
 * The digits of a number still being typed. A leading 0 is the trunk prefix or the
 * start of 00 995, never part of the number; a country code typed again keeps its
 * digits until the number is whole, when `normalizePhone` reads it.
 */
function typedDigits(text: string): string {
  const digits = plain(text).replace(/\D+/g, "").replace(/^0+/, "");
  const room = digits.startsWith(COUNTRY_CODE) ? COUNTRY_CODE.length + PHONE_DIGITS : PHONE_DIGITS;
  return digits.slice(0, room);
}

/**
 * The phone field while typing: the +995 prefix always stays, at most nine more digits,
 * grouped by three. A typed "+" or letters are dropped; deleting into the prefix gives
 * the prefix back. A whole number typed or pasted in any of D30's ways, wherever the
 * caret was, becomes the number `normalizePhone` reads. `previous` is the field's value
 * before the edit.
 */
export function maskPhone(raw: string, previous: string = FIELD_START): string {
  // Deleting into the prefix ("+99", "+", "") gives the prefix back.
  if (PHONE_PREFIX.startsWith(raw.trim())) return FIELD_START;
  const text = shopperText(raw, previous);
  const whole = normalizePhone(text);
  if (whole) return whole;
  const digits = typedDigits(text);
  return digits ? groupNumber(digits) : FIELD_START;
}
