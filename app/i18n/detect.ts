import {
  type LanguageCode,
  browserLanguages,
  defaultLanguage,
  isLanguageCode,
  languages,
} from "./languages";

export interface LanguageSignals {
  /** The `?lng=` value of the address, if any. */
  searchParam: string | null;
  /** The stored choice from the `lng` cookie, if any. */
  cookie: string | null;
  /** The raw Accept-Language header, if any. */
  acceptLanguage: string | null;
}

/**
 * Which language a request is served in: an explicit `?lng=` switch, else the stored
 * choice, else the browser's first language when it is one the shop follows
 * (ru, en, ka), else Russian.
 */
export function detectLanguage(signals: LanguageSignals): LanguageCode {
  if (isLanguageCode(signals.searchParam)) return signals.searchParam;
  if (isLanguageCode(signals.cookie)) return signals.cookie;
  const preferred = preferredBrowserLanguage(signals.acceptLanguage);
  if (preferred && browserLanguages.includes(preferred as LanguageCode)) {
    return preferred as LanguageCode;
  }
  return defaultLanguage;
}

/**
 * The primary subtag of the highest-weighted language in an Accept-Language header,
 * the same thing a browser exposes as `navigator.language`.
 */
export function preferredBrowserLanguage(header: string | null): string | null {
  if (!header) return null;
  let best: { tag: string; q: number } | null = null;
  const parts = header.slice(0, 512).split(",");
  for (const part of parts) {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag?.trim().toLowerCase();
    if (!tag || tag === "*") continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") q = Number(value);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    // The first of equal weights wins, as browsers order them.
    if (!best || q > best.q) best = { tag, q };
  }
  return best ? (best.tag.split("-")[0] ?? null) : null;
}

/**
 * The shop's language for a BCP 47 tag ("ka", "en-US", "hy" for Armenian, which the shop
 * calls `am`), by its primary subtag; null when it is none of the nine.
 */
export function languageOfTag(tag: unknown): LanguageCode | null {
  if (typeof tag !== "string") return null;
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return languages.find((language) => language.htmlLang === primary)?.code ?? null;
}
