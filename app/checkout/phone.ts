/** Georgian phone numbers: +995 followed by nine digits in groups of three (spec §5). */
export const PHONE_PREFIX = "+995";
export const PHONE_DIGITS = 9;
/** The stored form. No Georgian number starts with 0 after +995: 0 is the trunk prefix. */
export const PHONE_PATTERN = /^\+995 [1-9]\d{2} \d{3} \d{3}$/;

export function isValidPhone(text: string): boolean {
  return PHONE_PATTERN.test(text);
}

/**
 * Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits as ASCII, since `\d` knows only
 * 0-9 and an Arabic or Persian keyboard types these. Both runs start at a code point
 * ending in 0 (U+0660, U+06F0), so the last hex digit is the digit. Invisible direction
 * marks and isolates, which come along when a number is copied from right-to-left text,
 * are dropped.
 */
function plain(text: string): string {
  return text
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) % 16))
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
 * The phone field while typing: the +995 prefix always stays, at most nine more digits,
 * grouped by three. A typed "+" or letters are dropped; deleting into the prefix gives
 * the prefix back.
 */
export function maskPhone(raw: string): string {
  // Deleting into the prefix ("+99", "+", "") gives the prefix back.
  if (PHONE_PREFIX.startsWith(raw.trim())) return `${PHONE_PREFIX} `;
  const afterPrefix = raw.startsWith(PHONE_PREFIX) ? raw.slice(PHONE_PREFIX.length) : raw;
  let digits = afterPrefix.replace(/\D+/g, "");
  // Someone typing the whole number including the country code.
  if (!raw.startsWith(PHONE_PREFIX) && digits.startsWith("995") && digits.length > PHONE_DIGITS) {
    digits = digits.slice(3);
  }
  digits = digits.slice(0, PHONE_DIGITS);
  const groups = digits.match(/\d{1,3}/g) ?? [];
  return [PHONE_PREFIX, ...groups].join(" ") + (groups.length === 0 ? " " : "");
}
