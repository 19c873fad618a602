import { type LanguageCode, getLanguage, languageCodes } from "~/i18n/languages";
import { withoutComingSoon } from "./coming-soon";
import {
  type CatalogProduct,
  type ProductTexts,
  SOURCE_LANGUAGE,
  type TextField,
  neededTexts,
  textFields,
} from "./model";

/**
 * A product's texts as a reader sees them (D36). Owners write them in Russian first and
 * translate when they can: a field a language lacks is shown from Russian, else English,
 * field by field, and says which language it came from, so the page marks it (`lang`,
 * `dir`) and a screen reader reads it in the right voice. Pure: the storefront, the
 * cart, the orders' words and the desk all read texts through here.
 */
export const FALLBACK_LANGUAGES: readonly LanguageCode[] = [SOURCE_LANGUAGE, "en"];

/** One field as shown: its words and the language they are written in. */
export interface TextIn {
  text: string;
  language: LanguageCode;
}

export type TextsIn = Record<TextField, TextIn>;

const filled = (texts: ProductTexts | undefined, field: TextField): texts is ProductTexts =>
  texts !== undefined && texts[field].trim() !== "";

/**
 * Every field in `language`, or where it is empty there, in Russian, then English; a field
 * no language has is empty, in `language`.
 */
export function textIn(product: Pick<CatalogProduct, "texts">, language: LanguageCode): TextsIn {
  const order = [language, ...FALLBACK_LANGUAGES.filter((other) => other !== language)];
  const found = {} as TextsIn;
  for (const field of textFields) {
    const from = order.find((code) => filled(product.texts[code], field));
    const texts = from === undefined ? undefined : product.texts[from];
    found[field] =
      from === undefined || texts === undefined
        ? { text: "", language }
        : { text: texts[field], language: from };
  }
  return found;
}

/** The product's title for a reader, or its key when no language has one (the desk's lists). */
export function productTitle(
  product: Pick<CatalogProduct, "texts" | "key">,
  language: LanguageCode,
): string {
  return textIn(product, language).title.text || product.key;
}

/** A title among the ones stored per language (an order's lines): the same fallback. */
export function titleAmong(
  titles: Readonly<Record<string, string>>,
  language: string,
): string | undefined {
  for (const code of [language, ...FALLBACK_LANGUAGES]) {
    const title = titles[code]?.trim();
    if (title) return titles[code];
  }
  return undefined;
}

/**
 * The attributes of an element whose words are in another language than the page's:
 * `lang`, and `dir` when the direction differs too. Undefined when they are the page's own.
 */
export interface TextLang {
  lang: string;
  dir?: "ltr" | "rtl";
}

export function textLang(found: LanguageCode, page: LanguageCode): TextLang | undefined {
  if (found === page) return undefined;
  const language = getLanguage(found);
  return language.dir === getLanguage(page).dir
    ? { lang: language.htmlLang }
    : { lang: language.htmlLang, dir: language.dir };
}

/**
 * What a language's texts still want, as the desk shows it: `missing`, the fields a shopper
 * would read from another language (or that a sale needs and nobody wrote); `outdated`, the
 * fields written here before the Russian one last changed. Russian is never outdated.
 */
export interface TextState {
  missing: TextField[];
  outdated: TextField[];
}

/** When a product's text field last changed: `texts.{language}.{field}` → ISO instant. */
export type TextChangeTimes = ReadonlyMap<string, string>;

export function textStates(
  product: Pick<CatalogProduct, "texts">,
  changed: TextChangeTimes = new Map(),
): Record<LanguageCode, TextState> {
  const sale = new Set(neededTexts("on_sale"));
  const source = product.texts[SOURCE_LANGUAGE];
  const states = {} as Record<LanguageCode, TextState>;
  for (const language of languageCodes) {
    const texts = product.texts[language];
    const shown = textIn(product, language);
    const state: TextState = { missing: [], outdated: [] };
    for (const field of textFields) {
      if (!filled(texts, field)) {
        if (sale.has(field) || shown[field].language !== language) state.missing.push(field);
        continue;
      }
      if (language === SOURCE_LANGUAGE || !filled(source, field)) continue;
      const own = changed.get(`texts.${language}.${field}`) ?? "";
      const russian = changed.get(`texts.${SOURCE_LANGUAGE}.${field}`) ?? "";
      if (russian > own) state.outdated.push(field);
    }
    states[language] = state;
  }
  return states;
}

/**
 * When each text field last changed, from the trail's rows of one product (`texts.…`):
 * the newest `at` a field. Dropping "coming soon" on going on sale is no change of the
 * words a translation follows, so it leaves the times as they were.
 */
export function lastTextChanges(
  rows: readonly { field: string; at: string; before: string | null; after: string | null }[],
): Map<string, string> {
  const times = new Map<string, string>();
  for (const row of rows) {
    if (!row.field.startsWith("texts.")) continue;
    const before = row.before ?? "";
    if (before !== (row.after ?? "") && withoutComingSoon(before) === (row.after ?? "")) continue;
    if (row.at > (times.get(row.field) ?? "")) times.set(row.field, row.at);
  }
  return times;
}

/** A product's title for a reader, when there is a product and any language has one. */
export function titleOf(
  product: Pick<CatalogProduct, "texts"> | undefined,
  language: LanguageCode,
): string | null {
  return (product && textIn(product, language).title.text) || null;
}
