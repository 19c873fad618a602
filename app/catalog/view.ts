import { type LanguageCode, getLanguage } from "~/i18n/languages";
import type { CalendarDate } from "~/platform/calendar";
import { type Deal, dealOf } from "~/promotions/deal";
import type { Promotion } from "~/promotions/model";
import {
  type Catalog,
  type CatalogProduct,
  type LineId,
  type TextField,
  isOnSale,
  isOrderable,
  isSoldOut,
  lineLinks,
  listItems,
  productHref,
} from "./model";
import { type PhotoView, photoView } from "./photos";
import { type TextLang, type TextsIn, textIn, textLang } from "./texts";

/**
 * A product as a shopper reads it, in one language: what loaders send to the page. A
 * field this language lacks is shown from Russian, then English, with nothing marked
 * missing (D36); `lang` names the language of each field that came from another, for
 * its element's `lang` (and `dir`).
 */
export type TextLangs = Partial<Record<TextField, TextLang>>;

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
  lang: TextLangs;
  /** A running sale or quantity price (D86), by the day the page is rendered on. */
  deal: Deal | null;
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

/** The languages of the fields shown that are not the page's own. */
function langsOf(texts: TextsIn, fields: readonly TextField[], page: LanguageCode): TextLangs {
  const langs: TextLangs = {};
  for (const field of fields) {
    const lang = textLang(texts[field].language, page);
    if (lang) langs[field] = lang;
  }
  return langs;
}

/** The promotions and the Tbilisi day a page prices by (D86); absent: none run. */
export interface Running {
  promotions: readonly Promotion[];
  today: CalendarDate;
}

export function productCardView(
  product: CatalogProduct,
  language: LanguageCode,
  running?: Running,
): ProductCardView {
  const texts = textIn(product, language);
  return {
    key: product.key,
    group: product.group,
    slug: product.slug,
    href: productHref(product),
    title: texts.title.text,
    short: texts.short.text,
    price: product.price,
    orderable: isOrderable(product),
    soldOut: isSoldOut(product),
    comingSoon: product.status === "coming_soon",
    // A card shows its first photo, and the second on hover.
    photos: photosIn(product, texts, language).slice(0, 2),
    lang: langsOf(texts, ["title", "short"], language),
    deal: running ? dealOf(running.promotions, product.key, product.price, running.today) : null,
  };
}

/** Each photo described in the reader's language where it can be, else as the text came. */
export function photosIn(
  product: Pick<CatalogProduct, "photos">,
  texts: TextsIn,
  page: LanguageCode,
): PhotoView[] {
  const alts = listItems(texts.photoAlt.text);
  return product.photos.map((photo, index) => {
    const alt = alts[index];
    const from = alt === undefined ? texts.title : texts.photoAlt;
    return photoView(photo, alt ?? texts.title.text, textLang(from.language, page));
  });
}

export function productView(
  product: CatalogProduct,
  language: LanguageCode,
  running?: Running,
): ProductView {
  const texts = textIn(product, language);
  return {
    ...productCardView(product, language, running),
    photos: photosIn(product, texts, language),
    volumeMl: product.volumeMl,
    description: listItems(texts.description.text),
    ingredients: texts.ingredients.text.trim(),
    usage: listItems(texts.usage.text),
    warnings: listItems(texts.warnings.text),
    lang: langsOf(
      texts,
      ["title", "short", "description", "ingredients", "usage", "warnings", "advantages"],
      language,
    ),
    advantages: listItems(texts.advantages.text).map((text, index) => {
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
  /** The title's language, when it is not the page's. */
  lang?: TextLang;
}

/** The catalogue as the header's menus and the footer name it, in one language. */
export interface CatalogMenu {
  lines: { id: LineId; href: string; comingSoon: boolean; products: ProductLink[] }[];
  /** Every product on sale, for the footer's list. */
  onSale: ProductLink[];
}

function productLink(product: CatalogProduct, language: LanguageCode): ProductLink {
  const { title } = textIn(product, language);
  const lang = textLang(title.language, language);
  return { title: title.text, href: productHref(product), ...(lang ? { lang } : {}) };
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
