import {
  type Catalog,
  findProduct,
  isOrderable,
  isSoldOut,
  isVisible,
  productHref,
} from "~/catalog/model";
import { textIn, textLang } from "~/catalog/texts";
import { photosIn } from "~/catalog/view";
import type { LanguageCode } from "~/i18n/languages";
import type { Cart, CartError, CartProduct } from "./model";

/**
 * What the cart knows of the catalogue (D5): which products may be added, and each one as
 * the cart shows it in the shopper's language. The server builds these from the catalogue
 * in memory; the browser gets the products of its cart from the root loader.
 */
export function cartRulesOf(catalog: Catalog) {
  return (key: string): CartError | null => {
    const product = findProduct(catalog, key);
    if (!product || !isVisible(product)) return "unknownProduct";
    if (isSoldOut(product)) return "soldOut";
    if (!isOrderable(product)) return "notOrderable";
    return null;
  };
}

/** Whether a product can stand in a cart at all: on sale, or on sale once and sold out. */
export function cartKnowsOf(catalog: Catalog) {
  return (key: string): boolean => {
    const product = findProduct(catalog, key);
    return (
      product !== undefined &&
      product.price !== null &&
      (isOrderable(product) || isSoldOut(product))
    );
  };
}

export function cartProduct(
  catalog: Catalog,
  key: string,
  language: LanguageCode,
): CartProduct | undefined {
  const product = findProduct(catalog, key);
  if (!product || product.price === null || !(isOrderable(product) || isSoldOut(product))) {
    return undefined;
  }
  const texts = textIn(product, language);
  const titleLang = textLang(texts.title.language, language);
  const [photo] = photosIn(product, texts, language);
  return {
    key: product.key,
    title: texts.title.text || product.key,
    ...(titleLang ? { titleLang } : {}),
    href: productHref(product),
    price: product.price,
    orderable: isOrderable(product),
    photo: photo ?? null,
  };
}

/** The products of a cart, by key: what the root loader sends the browser. */
export function cartProductsOf(
  catalog: Catalog,
  cart: Cart,
  language: LanguageCode,
): Record<string, CartProduct> {
  const products: Record<string, CartProduct> = {};
  for (const line of cart) {
    const product = cartProduct(catalog, line.key, language);
    if (product) products[line.key] = product;
  }
  return products;
}
