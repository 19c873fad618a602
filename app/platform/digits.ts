/**
 * Numbers as a person types them on an Arabic or Persian keyboard, read as ASCII: `\d`,
 * `Number()` and the shop's patterns know only 0-9, and a shopper or an owner writing in
 * Arabic types Arabic-Indic digits (٠-٩, U+0660-U+0669) or the Persian ones (۰-۹,
 * U+06F0-U+06F9). Both runs start at a code point ending in 0, so the last hex digit of
 * each is its value. The one place that knows these scripts: every field where a number
 * is typed reads it through here, on the server and in the browser's masks alike.
 */
const EASTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Every Arabic-Indic or Persian digit as its ASCII digit; anything else as it was. */
export function asciiDigits(text: string): string {
  return text.replace(EASTERN_DIGIT, (digit) => `${digit.charCodeAt(0) % 16}`);
}

/**
 * An amount as typed, for the fields that read money: the digits as `asciiDigits` gives
 * them, the Arabic decimal separator (٫, U+066B) as "." and the Arabic thousands separator
 * (٬, U+066C) dropped, as the money fields drop a space between thousands ("١٬٢٥٠٫٥٠" is
 * "1250.50").
 */
export function asciiAmount(text: string): string {
  return asciiDigits(text)
    .replace(/\u066b/g, ".")
    .replace(/\u066c/g, "");
}
