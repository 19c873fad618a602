import { getLanguage, isLanguageCode } from "./i18n/languages";

export const TETRI_PER_LARI = 100;
const LARI_SIGN = "₾";

/**
 * A price in tetri as the current language writes lari: whole lari unless the price
 * has tetri (D18, D22). The sign is always ₾: ICU's own symbol for GEL differs between
 * languages and between the server's and the browser's ICU, which would break hydration.
 */
export function formatPrice(tetri: number, language: string): string {
  const locale = isLanguageCode(language) ? getLanguage(language).htmlLang : "ru";
  const fractionDigits = tetri % TETRI_PER_LARI === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "GEL",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  })
    .formatToParts(tetri / TETRI_PER_LARI)
    .map((part) => (part.type === "currency" ? LARI_SIGN : part.value))
    .join("");
}
