import { type LanguageCode, defaultLanguage, isLanguageCode } from "./languages";

export const TETRI_PER_LARI = 100;
const LARI_SIGN = "₾";
const NO_BREAK_SPACE = "\u00a0";

/** Languages that write the currency sign before the amount, as their shops do. */
const SIGN_FIRST = new Set(["en", "tr"]);

/** A minus kept left-to-right inside right-to-left text, as CLDR writes it for Hebrew and Arabic. */
const LTR_MINUS = "\u200e-";

/**
 * How each language separates groups of digits and tetri, and writes a minus, as CLDR
 * writes them. Ours to say, as the sign is: Chromium's ICU lacks Georgian, Azerbaijani and
 * Armenian data and writes "0.05" and "12,500" where the server (Node) writes "0,05" and
 * "12 500".
 */
const SEPARATORS: Record<LanguageCode, { group: string; decimal: string; minus: string }> = {
  ru: { group: NO_BREAK_SPACE, decimal: ",", minus: "-" },
  en: { group: ",", decimal: ".", minus: "-" },
  ka: { group: NO_BREAK_SPACE, decimal: ",", minus: "-" },
  az: { group: ".", decimal: ",", minus: "-" },
  tr: { group: ".", decimal: ",", minus: "-" },
  de: { group: ".", decimal: ",", minus: "-" },
  am: { group: NO_BREAK_SPACE, decimal: ",", minus: "-" },
  he: { group: ",", decimal: ".", minus: LTR_MINUS },
  ar: { group: ",", decimal: ".", minus: LTR_MINUS },
};

/** The digits, grouped, in English's separators (every ICU has English): two formatters. */
const formats = [0, 2].map(
  (digits) =>
    new Intl.NumberFormat("en", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: "min2",
    }),
);

/**
 * A price in tetri as the current language writes lari: whole lari unless the price has
 * tetri (D18, D22). The sign's place and the separators are ours to say, not ICU's: Node
 * and Chromium ship different CLDR data (Chromium writes "₾100" for Georgian, Node
 * "100 ₾"), and server and browser must render the same text. Groups start at five
 * digits (9900, 12 500).
 */
export function formatPrice(tetri: number, language: string): string {
  const code = isLanguageCode(language) ? language : defaultLanguage;
  const format = formats[tetri % TETRI_PER_LARI === 0 ? 0 : 1] as Intl.NumberFormat;
  const written = SEPARATORS[code];
  const amount = format
    .formatToParts(tetri / TETRI_PER_LARI)
    .map((part) =>
      part.type === "group" || part.type === "decimal"
        ? written[part.type]
        : part.type === "minusSign"
          ? written.minus
          : part.value,
    )
    .join("");
  return SIGN_FIRST.has(code) ? `${LARI_SIGN}${amount}` : `${amount}${NO_BREAK_SPACE}${LARI_SIGN}`;
}
