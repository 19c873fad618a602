import { type LanguageCode, defaultLanguage, isLanguageCode } from "./languages";

export const TETRI_PER_LARI = 100;
const LARI_SIGN = "₾";
const NO_BREAK_SPACE = "\u00a0";

/** Languages that write the currency sign before the amount, as their shops do. */
const SIGN_FIRST = new Set(["en", "tr"]);

/** A minus kept left-to-right inside right-to-left text, as CLDR writes it for Hebrew and Arabic. */
const LTR_MINUS = "\u200e-";

/**
 * How a language separates groups of digits and tetri, as CLDR writes them: the group's
 * sign, then the decimal's. Ours to say, as the sign is: Chromium's ICU lacks Georgian,
 * Azerbaijani and Armenian data and writes "0.05" and "12,500" where the server (Node)
 * writes "0,05" and "12 500". Russian, Georgian and Armenian group with a space.
 */
function separators(code: LanguageCode): string {
  if (["en", "he", "ar"].includes(code)) return ",.";
  return ["az", "tr", "de"].includes(code) ? ".," : `${NO_BREAK_SPACE},`;
}

/**
 * A price in tetri as the current language writes lari: whole lari unless the price has
 * tetri (D18, D22). The sign's place and the separators are ours to say, not ICU's: Node
 * and Chromium ship different CLDR data (Chromium writes "₾100" for Georgian, Node
 * "100 ₾", and has no Georgian separators at all), and server and browser must render the
 * same text. Groups start at five digits (9900, 12 500); Hebrew and Arabic keep the minus
 * left-to-right, as CLDR writes it for them.
 */
export function formatPrice(tetri: number, language: string): string {
  const code = isLanguageCode(language) ? language : defaultLanguage;
  const [group, decimal] = separators(code);
  const lari = String(Math.trunc(Math.abs(tetri) / TETRI_PER_LARI));
  const rest = Math.abs(tetri) % TETRI_PER_LARI;
  const amount = `${tetri < 0 ? (code === "he" || code === "ar" ? LTR_MINUS : "-") : ""}${
    lari.length > 4 ? lari.replace(/\B(?=(\d{3})+$)/g, group as string) : lari
  }${rest ? `${decimal}${String(rest).padStart(2, "0")}` : ""}`;
  return SIGN_FIRST.has(code) ? `${LARI_SIGN}${amount}` : `${amount}${NO_BREAK_SPACE}${LARI_SIGN}`;
}
