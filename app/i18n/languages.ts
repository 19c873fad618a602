/**
 * The nine languages of the shop. `code` is what the switcher, the `lng` cookie and
 * `?lng=` use; `htmlLang` is the BCP 47 tag written to `<html lang>` (the switcher's
 * `am` is Armenian, whose tag is `hy`).
 */
export const languages = [
  { code: "ru", name: "Русский", flag: "🇷🇺", dir: "ltr", htmlLang: "ru" },
  { code: "en", name: "English", flag: "🇬🇧", dir: "ltr", htmlLang: "en" },
  { code: "ka", name: "ქართული", flag: "🇬🇪", dir: "ltr", htmlLang: "ka" },
  { code: "az", name: "Azərbaycanca", flag: "🇦🇿", dir: "ltr", htmlLang: "az" },
  { code: "tr", name: "Türkçe", flag: "🇹🇷", dir: "ltr", htmlLang: "tr" },
  { code: "de", name: "Deutsch", flag: "🇩🇪", dir: "ltr", htmlLang: "de" },
  { code: "am", name: "Հայերեն", flag: "🇦🇲", dir: "ltr", htmlLang: "hy" },
  { code: "he", name: "עברית", flag: "🇮🇱", dir: "rtl", htmlLang: "he" },
  { code: "ar", name: "العربية", flag: "🇸🇦", dir: "rtl", htmlLang: "ar" },
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
