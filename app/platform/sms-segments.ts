// GSM 03.38's basic set, and its extension (each of those costs two septets).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** How an SMS travels: GSM-7 when every character has a septet, else UCS-2. */
export function smsEncoding(text: string): "gsm7" | "ucs2" {
  for (const char of text)
    if (!GSM_BASIC.includes(char) && !GSM_EXTENDED.includes(char)) return "ucs2";
  return "gsm7";
}

/**
 * The segments an SMS takes, as gateways bill them: GSM-7 holds 160 septets in one
 * segment and 153 in each of several; UCS-2 (Georgian, Armenian, Russian, Arabic…) holds
 * 70 UTF-16 units in one and 67 in each of several.
 */
export function smsSegments(text: string): number {
  if (text.length === 0) return 1;
  if (smsEncoding(text) === "gsm7") {
    let septets = 0;
    for (const char of text) septets += GSM_EXTENDED.includes(char) ? 2 : 1;
    return septets <= 160 ? 1 : Math.ceil(septets / 153);
  }
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}
