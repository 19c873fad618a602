/**
 * The catalogue. Numbers and structure live here; every text lives in the `catalog`
 * dictionary under `products.{slug}` (the keys listed below name its entries).
 */
export const groups = ["face", "body", "suncare"] as const;
export type GroupId = (typeof groups)[number];

export interface ProductImage {
  src: string;
  width: number;
  height: number;
  /** Entry of `products.{slug}.imageAlt` describing the picture. */
  alt: "front" | "open";
}

export interface SurveyResult {
  /** Entry of `products.{slug}.advantages`. */
  id: string;
  /** Share of surveyed customers, in per cent, after `SURVEY_DAYS` of use. */
  percent: number;
}

export interface Product {
  /** `group/slug`, the key of the cart and of order items. */
  key: string;
  group: GroupId;
  slug: string;
  /** Price in tetri (1 GEL = 100 tetri); null while the product is not on sale. */
  price: number | null;
  /** False for products that are coming soon: shown, never ordered. */
  orderable: boolean;
  volumeMl: number;
  images: readonly [ProductImage, ProductImage];
  /** Keys of related products; keys missing from the catalogue are skipped. */
  related: readonly string[];
  /** Entries of `products.{slug}.description`, in order. */
  paragraphs: readonly string[];
  /** Entries of `products.{slug}.usage`, in order. */
  usage: readonly string[];
  /** Entries of `products.{slug}.warnings`, in order. */
  warnings: readonly string[];
  survey: readonly SurveyResult[];
}

export const SURVEY_DAYS = 7;

function jarImages(slug: string): readonly [ProductImage, ProductImage] {
  return [
    { src: `/images/products/${slug}-front.svg`, width: 800, height: 800, alt: "front" },
    { src: `/images/products/${slug}-open.svg`, width: 800, height: 800, alt: "open" },
  ];
}

export const products: readonly Product[] = [
  {
    key: "body/hemor-cream",
    group: "body",
    slug: "hemor-cream",
    price: 100_00,
    orderable: true,
    volumeMl: 8,
    images: jarImages("hemor-cream"),
    related: ["face/serum", "face/mask", "body/lotion"],
    paragraphs: ["p1", "p2", "p3"],
    usage: ["step1", "step2", "step3", "step4"],
    warnings: ["allergy", "burning", "doctor"],
    survey: [
      { id: "itching", percent: 94 },
      { id: "pain", percent: 91 },
      { id: "skin", percent: 89 },
      { id: "symptoms", percent: 30 },
    ],
  },
  {
    key: "body/burn-cream",
    group: "body",
    slug: "burn-cream",
    price: null,
    orderable: false,
    volumeMl: 8,
    images: jarImages("burn-cream"),
    related: [],
    paragraphs: [],
    usage: [],
    warnings: [],
    survey: [],
  },
  {
    key: "face/acne-cream",
    group: "face",
    slug: "acne-cream",
    price: null,
    orderable: false,
    volumeMl: 8,
    images: jarImages("acne-cream"),
    related: [],
    paragraphs: [],
    usage: [],
    warnings: [],
    survey: [],
  },
];

export function isGroup(value: unknown): value is GroupId {
  return typeof value === "string" && (groups as readonly string[]).includes(value);
}

export function getProductByKey(key: string): Product | undefined {
  return products.find((product) => product.key === key);
}

export function getProduct(group: string, slug: string): Product | undefined {
  return getProductByKey(`${group}/${slug}`);
}

export function productsInGroup(group: GroupId): Product[] {
  return products.filter((product) => product.group === group);
}

export const RELATED_LIMIT = 4;

/**
 * The product's related products that exist in the catalogue; when none of them do,
 * up to `limit` other products instead, so the grid is never empty for nothing.
 */
export function relatedProducts(product: Product, limit = RELATED_LIMIT): Product[] {
  const listed = product.related
    .map((key) => getProductByKey(key))
    .filter((related): related is Product => related !== undefined && related !== product);
  const chosen = listed.length > 0 ? listed : products.filter((other) => other !== product);
  return chosen.slice(0, limit);
}

export function productHref(product: Product): string {
  return `/catalog/${product.group}/${product.slug}`;
}
