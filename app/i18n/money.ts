import { defaultLanguage, getLanguage, isLanguageCode } from "./languages";

export const TETRI_PER_LARI = 100;
const LARI_SIGN = "₾";
const NO_BREAK_SPACE = "\u00a0";

/** Languages that write the currency sign before the amount, as their shops do. */
const SIGN_FIRST = new Set(["en", "tr"]);

/** Formatters by language and digits (18 at most), made once: making one costs more than using it. */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price in tetri as the current language writes lari: whole lari unless the price has
 * tetri (D18, D22). Where the sign goes is ours to say, not ICU's: Node and Chromium
 * ship different CLDR data (Chromium writes "₾100" for Georgian, Node "100 ₾"), and
 * server and browser must render the same text. Groups start at five digits (9900,
 * 12 500), which every ICU agrees on.
 */
export function formatPrice(tetri: number, language: string): string {
  const code = isLanguageCode(language) ? language : defaultLanguage;
  const digits = tetri % TETRI_PER_LARI === 0 ? 0 : 2;
  const key = code + digits;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(getLanguage(code).htmlLang, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: "min2",
    });
    formats.set(key, format);
  }
  const amount = format.format(tetri / TETRI_PER_LARI);
  return SIGN_FIRST.has(code) ? `${LARI_SIGN}${amount}` : `${amount}${NO_BREAK_SPACE}${LARI_SIGN}`;
}
