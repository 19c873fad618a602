/** Georgian phone numbers: +995 followed by nine digits in groups of three (spec §5). */
export const PHONE_PREFIX = "+995";
export const PHONE_DIGITS = 9;
export const PHONE_PATTERN = /^\+995 \d{3} \d{3} \d{3}$/;

export function isValidPhone(text: string): boolean {
  return PHONE_PATTERN.test(text);
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
