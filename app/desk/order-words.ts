import { getProductByKey } from "~/catalog/products";
import { getLanguage, isLanguageCode } from "~/i18n/languages";

/**
 * An order item's name in the reader's language: the catalogue's title of the product
 * its key names. The title stored with the order (in the owner's language at checkout)
 * names a product the catalogue no longer has.
 */
export function itemTitle(
  item: { item_key: string; title: string },
  t: (key: string) => string,
): string {
  const product = getProductByKey(item.item_key);
  return product ? t(`catalog:products.${product.slug}.title`) : item.title;
}

/** The language an order was placed in, named as the language switcher names it. */
export interface OrderLanguage {
  /** The language's own name ("ქართული"), or the stored code when the shop has no such language. */
  name: string;
  /** Its BCP 47 tag, for the `lang` of the name; null for an unknown code. */
  lang: string | null;
}

export function orderLanguage(code: string): OrderLanguage {
  if (!isLanguageCode(code)) return { name: code, lang: null };
  const language = getLanguage(code);
  return { name: language.name, lang: language.htmlLang };
}
