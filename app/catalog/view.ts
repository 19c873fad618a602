import { type LanguageCode, getLanguage } from "~/i18n/languages";
import {
  type Catalog,
  type CatalogProduct,
  type LineId,
  type ProductTexts,
  isOnSale,
  isOrderable,
  isSoldOut,
  lineLinks,
  listItems,
  productHref,
} from "./model";
import { type PhotoView, photoView } from "./photos";

/**
 * A product as a shopper reads it, in one language: what loaders send to the page.
 * Shoppers only see products whose texts exist in every language (D32), so a missing
 * language here is a product nobody should have shown; its fields read empty.
 */
export interface ProductCardView {
  key: string;
  group: string;
  slug: string;
  href: string;
  title: string;
  short: string;
  /** Tetri, or null when it has no price yet. */
  price: number | null;
  orderable: boolean;
  soldOut: boolean;
  comingSoon: boolean;
  photos: PhotoView[];
}

export interface ProductView extends ProductCardView {
  volumeMl: number | null;
  description: string[];
  ingredients: string;
  usage: string[];
  warnings: string[];
  /** Each advantage with its survey percentage, when the survey measured it. */
  /** A survey's share as a number and as the page writes it ("94 %" in Russian). */
  advantages: { text: string; percent: number | null; percentText: string | null }[];
}

const EMPTY: ProductTexts = {
  title: "",
  short: "",
  description: "",
  ingredients: "",
  usage: "",
  warnings: "",
  advantages: "",
  photoAlt: "",
};

function textsIn(product: CatalogProduct, language: LanguageCode): ProductTexts {
  return product.texts[language] ?? EMPTY;
}

export function productCardView(product: CatalogProduct, language: LanguageCode): ProductCardView {
  const texts = textsIn(product, language);
  return {
    key: product.key,
    group: product.group,
    slug: product.slug,
    href: productHref(product),
    title: texts.title,
    short: texts.short,
    price: product.price,
    orderable: isOrderable(product),
    soldOut: isSoldOut(product),
    comingSoon: product.status === "coming_soon",
    // A card shows its first photo, and the second on hover.
    photos: photosIn(product, texts).slice(0, 2),
  };
}

function photosIn(product: CatalogProduct, texts: ProductTexts): PhotoView[] {
  const alts = listItems(texts.photoAlt);
  return product.photos.map((photo, index) => photoView(photo, alts[index] ?? texts.title));
}

export function productView(product: CatalogProduct, language: LanguageCode): ProductView {
  const texts = textsIn(product, language);
  return {
    ...productCardView(product, language),
    photos: photosIn(product, texts),
    volumeMl: product.volumeMl,
    description: listItems(texts.description),
    ingredients: texts.ingredients.trim(),
    usage: listItems(texts.usage),
    warnings: listItems(texts.warnings),
    advantages: listItems(texts.advantages).map((text, index) => {
      const percent = product.survey[index] ?? null;
      const percentText = percent === null ? null : percentFormat(language).format(percent / 100);
      return { text, percent, percentText };
    }),
  };
}

/** One percent formatter per language, made on first use (creating one is the costly part). */
const percentFormats = new Map<LanguageCode, Intl.NumberFormat>();

function percentFormat(code: LanguageCode): Intl.NumberFormat {
  let format = percentFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(getLanguage(code).htmlLang, { style: "percent" });
    percentFormats.set(code, format);
  }
  return format;
}

export interface ProductLink {
  title: string;
  href: string;
}

/** The catalogue as the header's menus and the footer name it, in one language. */
export interface CatalogMenu {
  lines: { id: LineId; href: string; comingSoon: boolean; products: ProductLink[] }[];
  /** Every product on sale, for the footer's list. */
  onSale: ProductLink[];
}

function productLink(product: CatalogProduct, language: LanguageCode): ProductLink {
  return { title: textsIn(product, language).title, href: productHref(product) };
}

export function catalogMenu(catalog: Catalog, language: LanguageCode): CatalogMenu {
  return {
    lines: lineLinks(catalog).map((line) => ({
      id: line.id,
      href: line.href,
      comingSoon: line.comingSoon,
      products: line.products.map((product) => productLink(product, language)),
    })),
    onSale: catalog.products.filter(isOnSale).map((product) => productLink(product, language)),
  };
}
