import { defaultLanguage, getLanguage, isLanguageCode } from "./languages";

export const TETRI_PER_LARI = 100;
const LARI_SIGN = "₾";
const NO_BREAK_SPACE = "\u00a0";

/** Languages that write the currency sign before the amount, as their shops do. */
const SIGN_FIRST = new Set(["en", "tr"]);

/** A minus kept left-to-right inside right-to-left text, as CLDR writes it for Hebrew and Arabic. */
const LTR_MINUS = "\u200e-";

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
  const { money, dir } = getLanguage(code);
  const [group, decimal] = money;
  const whole = Math.abs(tetri);
  const lari = `${Math.trunc(whole / TETRI_PER_LARI)}`;
  const rest = whole % TETRI_PER_LARI;
  const minus = dir === "rtl" ? LTR_MINUS : "-";
  const amount = `${tetri < 0 ? minus : ""}${
    lari.length > 4 ? lari.replace(/\B(?=(\d{3})+$)/g, group as string) : lari
  }${rest ? `${decimal}${`${rest}`.padStart(2, "0")}` : ""}`;
  return SIGN_FIRST.has(code) ? `${LARI_SIGN}${amount}` : `${amount}${NO_BREAK_SPACE}${LARI_SIGN}`;
}
