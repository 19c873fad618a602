/**
 * How many parts (segments) an SMS takes, which is what a gateway charges for (issue 39).
 * A text written only in the GSM 03.38 alphabet travels as 7-bit septets: 160 in one
 * part, 153 in each part of a longer one (the rest of the part's 140 bytes holds the
 * header that joins them). The extension table's characters take an escape and count
 * two, and a part never ends between the escape and its character. Any other text
 * travels as UCS-2: 70 UTF-16 code units in one part, 67 in each part of a longer one,
 * and a part never ends inside a surrogate pair. Pure.
 */

/** The GSM 03.38 default alphabet, without its escape (0x1B), which no text may carry. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);

/** The extension table: each is sent as the escape and a septet, so it counts two. */
const GSM_EXTENSION = new Set("^{}\\[~]|€\f");

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

export type SmsEncoding = "gsm7" | "ucs2";

/** GSM-7 when every character is in the GSM alphabet or its extension, else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) {
    if (!GSM_BASIC.has(char) && !GSM_EXTENSION.has(char)) return "ucs2";
  }
  return "gsm7";
}

/** What each character costs in its encoding: septets in GSM-7, code units in UCS-2. */
function units(text: string, encoding: SmsEncoding): number[] {
  return Array.from(text, (char) =>
    encoding === "gsm7" ? (GSM_EXTENSION.has(char) ? 2 : 1) : char.length,
  );
}

/**
 * The number of parts the text is sent in: one when it fits a single message, else the
 * parts filled in order, none splitting a character. An empty text is still one message.
 */
export function smsSegments(text: string): number {
  const encoding = smsEncoding(text);
  const costs = units(text, encoding);
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  const single = encoding === "gsm7" ? GSM7_SINGLE : UCS2_SINGLE;
  if (total <= single) return 1;
  const part = encoding === "gsm7" ? GSM7_PART : UCS2_PART;
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return parts;
}
