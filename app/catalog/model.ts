import { type LanguageCode, languageCodes } from "~/i18n/languages";

/**
 * The catalogue as the shop keeps it (D32): products with their texts by language
 * and their photos, read from the database into memory (`content/store.server.ts`). The
 * rules about it (what a status needs, what a shopper may order) are here, pure, shared
 * by the storefront, the cart and the desk.
 */
export const groups = ["face", "body", "suncare"] as const;
export type GroupId = (typeof groups)[number];

/**
 * `archived`: a product orders name, taken out of use. Like hidden, shoppers never see it;
 * the desk's product list also sets it aside, since it cannot be deleted (its orders, slips
 * and reports go on naming it).
 */
export const productStatuses = [
  "draft",
  "coming_soon",
  "on_sale",
  "sold_out",
  "hidden",
  "archived",
] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** The home page's three lines, each a tile and a column of the mega menu. */
export const lineIds = ["delicate", "firstAid", "face"] as const;
export type LineId = (typeof lineIds)[number];

/** A product's texts in one language. Lists (see `LIST_FIELDS`) hold one item a line. */
export const textFields = [
  "title",
  "short",
  "description",
  "ingredients",
  "usage",
  "warnings",
  "advantages",
  "photoAlt",
] as const;
export type TextField = (typeof textFields)[number];
export type ProductTexts = Record<TextField, string>;

export const LIST_FIELDS: ReadonlySet<TextField> = new Set([
  "description",
  "usage",
  "warnings",
  "advantages",
  "photoAlt",
]);

export interface ProductPhoto {
  id: number;
  /** A drawing shipped with the shop ("/images/….svg") or the stem of an upload's files. */
  source: string;
  width: number;
  height: number;
}

export interface CatalogProduct {
  id: number;
  /** `group/slug`: the key of the cart and of order items. */
  key: string;
  group: GroupId;
  slug: string;
  status: ProductStatus;
  /** Tetri; null until it has one. */
  price: number | null;
  volumeMl: number | null;
  /** Jars left; null when the shop does not count them. */
  stock: number | null;
  position: number;
  line: LineId | null;
  related: readonly string[];
  /** Percentages of the survey, one for each advantage line, in order. */
  survey: readonly number[];
  photos: readonly ProductPhoto[];
  texts: Partial<Record<LanguageCode, ProductTexts>>;
}

export interface Catalog {
  /** Every product, in display order (position, then id). */
  products: readonly CatalogProduct[];
}

export const SURVEY_DAYS = 7;
export const RELATED_LIMIT = 4;

export function isGroup(value: unknown): value is GroupId {
  return typeof value === "string" && (groups as readonly string[]).includes(value);
}

export function isProductStatus(value: unknown): value is ProductStatus {
  return typeof value === "string" && (productStatuses as readonly string[]).includes(value);
}

export function isLineId(value: unknown): value is LineId {
  return typeof value === "string" && (lineIds as readonly string[]).includes(value);
}

export function productKey(group: string, slug: string): string {
  return `${group}/${slug}`;
}

export function productHref(product: { group: string; slug: string }): string {
  return `/catalog/${product.group}/${product.slug}`;
}

/** A list field's items: one a line, blank lines dropped. */
export function listItems(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Statuses a shopper sees: the product has a page and stands in lists. */
export function isVisible(product: Pick<CatalogProduct, "status">): boolean {
  return (
    product.status === "coming_soon" ||
    product.status === "on_sale" ||
    product.status === "sold_out"
  );
}

/** Whether it can be put in a cart and ordered now: on sale, priced and not run out. */
export function isOrderable(product: Pick<CatalogProduct, "status" | "price" | "stock">): boolean {
  return product.status === "on_sale" && product.price !== null && product.stock !== 0;
}

/** On sale but none left, or marked sold out: shown as "Sold out", never ordered. */
export function isSoldOut(product: Pick<CatalogProduct, "status" | "stock">): boolean {
  return product.status === "sold_out" || (product.status === "on_sale" && product.stock === 0);
}

/**
 * The language the shop's texts are written in first. A status needs its texts complete
 * here (and in the languages the owner requires); every other language is shown from it
 * where a field is empty (`texts.ts`).
 */
export const SOURCE_LANGUAGE: LanguageCode = "ru";

/** The texts each status needs before shoppers may see it, in Russian and the required languages. */
const NEEDED: Partial<Record<ProductStatus, readonly TextField[]>> = {
  coming_soon: ["title", "short"],
  on_sale: ["title", "short", "description", "ingredients", "usage"],
  sold_out: ["title", "short", "description", "ingredients", "usage"],
};

export function neededTexts(status: ProductStatus): readonly TextField[] {
  return NEEDED[status] ?? [];
}

/** Which of `fields` are empty in one language's texts (all of them when it has none). */
export function missingTexts(texts: ProductTexts | undefined, fields: readonly TextField[]) {
  return fields.filter((field) => !texts || texts[field].trim() === "");
}

/** Whether a status sells the product (or did): what it needs and what launching it does. */
export function isSaleStatus(status: ProductStatus): boolean {
  return status === "on_sale" || status === "sold_out";
}

/**
 * The languages whose texts a status needs complete: Russian, then the ones the owner
 * requires (settings, "Product texts"), in the shop's order.
 */
export function completeLanguages(required: readonly LanguageCode[]): LanguageCode[] {
  return languageCodes.filter(
    (language) => language === SOURCE_LANGUAGE || required.includes(language),
  );
}

export type PublishProblem =
  | { kind: "texts"; language: LanguageCode; fields: TextField[] }
  | { kind: "price" }
  | { kind: "photo" };

/**
 * Why a product cannot have this status (D32, D36):
 * coming soon needs a title and short text, on sale (and sold out) also description,
 * ingredients and usage, a price and a photo. The texts are needed in Russian and in each
 * language in `required`; the others are shown from Russian until they are written.
 * Empty: it may.
 */
export function publishProblems(
  product: Pick<CatalogProduct, "price" | "photos" | "texts">,
  status: ProductStatus,
  required: readonly LanguageCode[] = [],
): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const fields = neededTexts(status);
  if (fields.length > 0) {
    for (const language of completeLanguages(required)) {
      const missing = missingTexts(product.texts[language], fields);
      if (missing.length > 0) problems.push({ kind: "texts", language, fields: missing });
    }
  }
  if (isSaleStatus(status)) {
    if (product.price === null) problems.push({ kind: "price" });
    if (product.photos.length === 0) problems.push({ kind: "photo" });
  }
  return problems;
}

export function findProduct(catalog: Catalog, key: string): CatalogProduct | undefined {
  return catalog.products.find((product) => product.key === key);
}

/** A product a shopper may see, by its address; hidden and draft ones do not exist for them. */
export function findVisibleProduct(
  catalog: Catalog,
  group: string,
  slug: string,
): CatalogProduct | undefined {
  const product = findProduct(catalog, productKey(group, slug));
  return product && isVisible(product) ? product : undefined;
}

export function visibleProducts(catalog: Catalog, group?: GroupId): CatalogProduct[] {
  return catalog.products.filter(
    (product) => isVisible(product) && (group === undefined || product.group === group),
  );
}

/**
 * The product's related products that shoppers can see; when none of them exist, up to
 * `limit` other visible products instead, so the grid is never empty for nothing.
 */
export function relatedProducts(
  catalog: Catalog,
  product: CatalogProduct,
  limit = RELATED_LIMIT,
): CatalogProduct[] {
  const listed = product.related
    .map((key) => findProduct(catalog, key))
    .filter(
      (related): related is CatalogProduct =>
        related !== undefined && related !== product && isVisible(related),
    );
  const chosen =
    listed.length > 0 ? listed : visibleProducts(catalog).filter((other) => other !== product);
  return chosen.slice(0, limit);
}

/** Products a shopper can buy now, or could and will again: on sale or sold out. */
export function isOnSale(product: Pick<CatalogProduct, "status" | "price" | "stock">): boolean {
  return isOrderable(product) || (isSoldOut(product) && product.price !== null);
}

export interface LineLink {
  id: LineId;
  /** The group of its first product on sale, else the coming-soon page. */
  href: string;
  comingSoon: boolean;
  products: CatalogProduct[];
}

/** The home page's lines: where each leads, and its products on sale (the mega menu lists them). */
export function lineLinks(catalog: Catalog): LineLink[] {
  return lineIds.map((id) => {
    const products = catalog.products.filter((product) => product.line === id && isOnSale(product));
    const [first] = products;
    return first
      ? { id, href: `/catalog/${first.group}`, comingSoon: false, products }
      : { id, href: "/catalog/404", comingSoon: true, products };
  });
}
