import { parsePrice, priceText } from "~/catalog/product-form";
import {
  isRealDate,
  parseIsoDate,
  parseShortDate,
  toIsoDate,
  toShortDate,
} from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import {
  type CodePromotion,
  type Promotion,
  type QuantityPromotion,
  type SalePromotion,
  isCodeShape,
  normalizeCode,
} from "./model";

/**
 * The owner's promotions page read the way a person means it, pure (D86): a code's
 * letters and digits (any case, stored upper case), its percentage or amount in GEL
 * (`parsePrice`: "20", "7,50", "٢٠"), its minimum, its days as the desk writes them
 * (DD.MM.YY), its limit and products; a quantity price's product, jars and unit price; a
 * sale price below the product's regular one until a day. Each returns the promotion or
 * the fields that are wrong; and what changed, field by field, as the trail records it.
 */
export type PromotionError =
  | "name"
  | "code"
  | "codeTaken"
  | "discount"
  | "percent"
  | "amount"
  | "minGoods"
  | "startsOn"
  | "endsOn"
  | "useLimit"
  | "product"
  | "minQty"
  | "price"
  | "notBelow"
  | "used";

export type PromotionInput =
  | Omit<CodePromotion, "id">
  | Omit<QuantityPromotion, "id">
  | Omit<SalePromotion, "id">;

export type Parsed = { ok: true; value: PromotionInput } | { ok: false; errors: PromotionError[] };

export const KINDS = ["code", "quantity", "sale"] as const;
export type PromotionKind = (typeof KINDS)[number];
export const isKind = (kind: unknown): kind is PromotionKind =>
  KINDS.includes(kind as PromotionKind);

export const NAME_MAX = 60;
/** The most uses a limit may name. */
export const USE_LIMIT_MAX = 1_000_000;
export const MIN_QTY_MAX = 99;
/** A checkbox of the products a code applies to. */
export const productField = (key: string) => `product-${key}`;

interface Fields {
  get(name: string): string | null;
}

/** What the page knows of a product: its key and regular price (tetri). */
export interface ProductPrice {
  key: string;
  price: number | null;
}

const field = (form: Fields, name: string) => asciiDigits(form.get(name) ?? "").trim();

/** A whole number from `min` to `max`; "" → null; anything else → undefined. */
function whole(text: string, min: number, max: number): number | null | undefined {
  if (text === "") return null;
  if (!/^\d{1,7}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** DD.MM.YY → ISO; "" → null; anything else → undefined. */
function day(text: string): string | null | undefined {
  if (text === "") return null;
  const date = parseShortDate(text);
  return date && isRealDate(date) ? toIsoDate(date) : undefined;
}

/** ISO → DD.MM.YY, as the form and the trail write days. */
export function dayText(iso: string | null): string {
  const date = iso ? parseIsoDate(iso) : null;
  return date ? toShortDate(date) : "";
}

/**
 * One promotion as its form posts it. `products`: the catalogue's, for a quantity or sale
 * price's product and a sale price's regular one; a code's boxes name only these.
 */
export function parsePromotion(
  form: Fields,
  kind: PromotionKind,
  products: readonly ProductPrice[],
): Parsed {
  const errors: PromotionError[] = [];
  const name = (form.get("name") ?? "").trim().replace(/\s+/g, " ");
  if (name.length > NAME_MAX) errors.push("name");
  const startsOn = day(field(form, "startsOn"));
  if (startsOn === undefined) errors.push("startsOn");
  const endsOn = day(field(form, "endsOn"));
  if (endsOn === undefined || (startsOn && endsOn && endsOn < startsOn)) errors.push("endsOn");
  const active = form.get("active") === "on";
  const dates = { startsOn: startsOn ?? null, endsOn: endsOn ?? null };

  if (kind === "code") {
    const code = normalizeCode(form.get("code") ?? "");
    if (!isCodeShape(code)) errors.push("code");
    const percentText = field(form, "percent").replace(/\s*%$/, "");
    const percent = whole(percentText, 1, 100);
    const amount = parsePrice(field(form, "amount"));
    if (percent === undefined) errors.push("percent");
    if (amount === undefined || amount === 0) errors.push("amount");
    else if (percent !== undefined && (percent === null) === (amount === null))
      errors.push("discount");
    const minGoods = parsePrice(field(form, "minGoods"));
    if (minGoods === undefined) errors.push("minGoods");
    const useLimit = whole(field(form, "useLimit"), 1, USE_LIMIT_MAX);
    if (useLimit === undefined) errors.push("useLimit");
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      value: {
        kind,
        name: name || code,
        code,
        percent: percent ?? null,
        amount: percent ? null : (amount ?? null),
        minGoods: minGoods || null,
        ...dates,
        useLimit: useLimit ?? null,
        oncePerPhone: form.get("oncePerPhone") === "on",
        combines: form.get("combines") === "on",
        products: products
          .filter((product) => form.get(productField(product.key)) === "on")
          .map((product) => product.key),
        active,
      },
    };
  }

  if (name === "") errors.push("name");
  const product = products.find((one) => one.key === (form.get("product") ?? ""));
  if (!product) errors.push("product");
  const price = parsePrice(field(form, "price"));
  if (price === undefined || price === null || price === 0) errors.push("price");
  if (kind === "quantity") {
    const minQty = whole(field(form, "minQty"), 2, MIN_QTY_MAX);
    if (minQty === undefined || minQty === null) errors.push("minQty");
    if (errors.length > 0 || !product || !price || !minQty) return { ok: false, errors };
    return {
      ok: true,
      value: { kind, name, productKey: product.key, minQty, price, ...dates, active },
    };
  }
  if (!dates.endsOn && !errors.includes("endsOn")) errors.push("endsOn");
  if (product && price && (product.price === null || price >= product.price))
    errors.push("notBelow");
  if (errors.length > 0 || !product || !price) return { ok: false, errors };
  return { ok: true, value: { kind, name, productKey: product.key, price, ...dates, active } };
}

const flag = (on: boolean) => (on ? "on" : "off");

/**
 * A promotion's fields as the form and the trail write them (null for one there was not,
 * or is no more): money as "150.00", days as DD.MM.YY, flags as on/off.
 */
export function promotionValues(
  promotion: Promotion | PromotionInput | null,
): Record<string, string | null> {
  if (!promotion) return {};
  const common = {
    name: promotion.name,
    startsOn: dayText(promotion.startsOn) || null,
    endsOn: dayText(promotion.endsOn) || null,
    active: flag(promotion.active),
  };
  switch (promotion.kind) {
    case "code":
      return {
        code: promotion.code,
        ...common,
        percent: promotion.percent === null ? null : String(promotion.percent),
        amount: priceText(promotion.amount) || null,
        minGoods: priceText(promotion.minGoods) || null,
        useLimit: promotion.useLimit === null ? null : String(promotion.useLimit),
        oncePerPhone: flag(promotion.oncePerPhone),
        combines: flag(promotion.combines),
        products: promotion.products.join(", ") || null,
      };
    case "quantity":
      return {
        ...common,
        product: promotion.productKey,
        minQty: String(promotion.minQty),
        price: priceText(promotion.price),
      };
    case "sale":
      return { ...common, product: promotion.productKey, price: priceText(promotion.price) };
  }
}

/** The trail's fields of a promotion: `promotion.percent` "10" → "20". */
export const PROMOTION_FIELDS = [
  "code",
  "name",
  "startsOn",
  "endsOn",
  "active",
  "percent",
  "amount",
  "minGoods",
  "useLimit",
  "oncePerPhone",
  "combines",
  "products",
  "product",
  "minQty",
  "price",
] as const;

export interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

/** Every field of a promotion, before → after (null before a new one, after a deleted one). */
export function promotionChanges(
  before: Promotion | PromotionInput | null,
  after: Promotion | PromotionInput | null,
): Change[] {
  const [was, is] = [promotionValues(before), promotionValues(after)];
  return PROMOTION_FIELDS.map((name) => ({
    field: `promotion.${name}`,
    before: was[name] ?? null,
    after: is[name] ?? null,
  }));
}

/** The form's control a trail field is typed in; null for boxes, whose stored words differ. */
export function promotionControl(field: string): string | null {
  const name = /^promotion\.(\w+)$/.exec(field)?.[1];
  if (!name || ["active", "oncePerPhone", "combines", "products", "product"].includes(name))
    return null;
  return name;
}
