/**
 * The nine languages of the shop. `code` is what the switcher, the `lng` cookie and
 * `?lng=` use; `htmlLang` is the BCP 47 tag written to `<html lang>` (the switcher's
 * `am` is Armenian, whose tag is `hy`). `money` is how the language separates groups of
 * digits and tetri, as CLDR writes them (the group's sign, then the decimal's): ours to
 * say, since Chromium's ICU has no Georgian, Azerbaijani or Armenian data and would write
 * "0.05" and "12,500" where the server writes "0,05" and "12 500" (i18n/money.ts).
 */
export const languages = [
  { code: "ru", name: "Русский", flag: "🇷🇺", dir: "ltr", htmlLang: "ru", money: "\u00a0," },
  { code: "en", name: "English", flag: "🇬🇧", dir: "ltr", htmlLang: "en", money: ",." },
  { code: "ka", name: "ქართული", flag: "🇬🇪", dir: "ltr", htmlLang: "ka", money: "\u00a0," },
  { code: "az", name: "Azərbaycanca", flag: "🇦🇿", dir: "ltr", htmlLang: "az", money: ".," },
  { code: "tr", name: "Türkçe", flag: "🇹🇷", dir: "ltr", htmlLang: "tr", money: ".," },
  { code: "de", name: "Deutsch", flag: "🇩🇪", dir: "ltr", htmlLang: "de", money: ".," },
  { code: "am", name: "Հայերեն", flag: "🇦🇲", dir: "ltr", htmlLang: "hy", money: "\u00a0," },
  { code: "he", name: "עברית", flag: "🇮🇱", dir: "rtl", htmlLang: "he", money: ",." },
  { code: "ar", name: "العربية", flag: "🇸🇦", dir: "rtl", htmlLang: "ar", money: ",." },
] as const;

export type Language = (typeof languages)[number];
export type LanguageCode = Language["code"];

export const defaultLanguage: LanguageCode = "ru";

/** Browser languages the shop follows on a first visit; any other falls back to Russian. */
export const browserLanguages: readonly LanguageCode[] = ["ru", "en", "ka"];

export const languageCodes: readonly LanguageCode[] = languages.map((language) => language.code);

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (languageCodes as readonly string[]).includes(value);
}

export function getLanguage(code: LanguageCode): Language {
  const language = languages.find((candidate) => candidate.code === code);
  if (!language) throw new Error(`Unknown language ${code}`);
  return language;
}
