import { TETRI_PER_LARI } from "~/i18n/money";
import { asciiAmount, asciiDigits } from "~/platform/digits";
import {
  type GroupId,
  type LineId,
  type ProductStatus,
  type ProductTexts,
  type TextField,
  isGroup,
  isLineId,
  isProductStatus,
  textFields,
} from "./model";

/**
 * The owner's product forms read the way a person means them, pure: a price as GEL with
 * tetri allowed ("45.50", "45,50", "45"), stock empty for "not counted", one survey
 * figure a line, every number in ASCII or Arabic-Indic digits ("٣٩٫٩٠" is 39.90). Each
 * returns the value or the fields that are wrong.
 */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 60;
export const PRICE_MAX = 100_000_00;
export const TEXT_LIMITS: Record<TextField, number> = {
  title: 120,
  short: 300,
  description: 4000,
  ingredients: 4000,
  usage: 4000,
  warnings: 4000,
  advantages: 4000,
  photoAlt: 4000,
};

interface Fields {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** "45.50" or "٤٥٫٥٠" → 4550 tetri; "" → null (no price); anything else → undefined (refused). */
export function parsePrice(text: string): number | null | undefined {
  const trimmed = asciiAmount(text).trim().replace(/\s/g, "");
  if (trimmed === "") return null;
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const tetri = Number(match[1]) * TETRI_PER_LARI + Number((match[2] ?? "").padEnd(2, "0"));
  return tetri <= PRICE_MAX ? tetri : undefined;
}

/** Tetri as the form and the trail write them: "45.50", "100.00". */
export function priceText(tetri: number | null): string {
  return tetri === null ? "" : (tetri / TETRI_PER_LARI).toFixed(2);
}

function wholeOrEmpty(text: string, max: number): number | null | undefined {
  const trimmed = asciiDigits(text).trim();
  if (trimmed === "") return null;
  if (!/^\d{1,7}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= max ? value : undefined;
}

export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX && SLUG.test(text);
}

export type ProductFieldError =
  | "group"
  | "slug"
  | "status"
  | "price"
  | "volume"
  | "stock"
  | "position"
  | "line"
  | "survey";

export interface ProductValues {
  group: GroupId;
  slug: string;
  status: ProductStatus;
  price: number | null;
  volumeMl: number | null;
  stock: number | null;
  position: number;
  line: LineId | null;
  related: string[];
  survey: number[];
  /** The stock the form showed: if the owner left it, orders placed meanwhile stand. */
  stockWas: number | null | undefined;
}

export function parseProductForm(
  form: Fields,
): { ok: true; values: ProductValues } | { ok: false; errors: ProductFieldError[] } {
  const errors: ProductFieldError[] = [];
  const group = form.get("group") ?? "";
  const slug = (form.get("slug") ?? "").trim();
  const status = form.get("status") ?? "";
  const price = parsePrice(form.get("price") ?? "");
  const volumeMl = wholeOrEmpty(form.get("volume") ?? "", 10_000);
  const stock = wholeOrEmpty(form.get("stock") ?? "", 1_000_000);
  const position = wholeOrEmpty(form.get("position") ?? "", 10_000);
  const line = form.get("line") ?? "";
  const surveyLines = asciiDigits(form.get("survey") ?? "")
    .split(/\r?\n/)
    // An Arabic text writes its percent sign ٪.
    .map((item) =>
      item
        .trim()
        .replace(/[%\u066a]$/, "")
        .trim(),
    )
    .filter((item) => item !== "");
  const survey = surveyLines.map((item) => (/^\d{1,3}$/.test(item) ? Number(item) : Number.NaN));
  if (!isGroup(group)) errors.push("group");
  if (!isSlug(slug)) errors.push("slug");
  if (!isProductStatus(status)) errors.push("status");
  if (price === undefined) errors.push("price");
  if (volumeMl === undefined) errors.push("volume");
  if (stock === undefined) errors.push("stock");
  if (position === undefined || position === null) errors.push("position");
  if (line !== "" && !isLineId(line)) errors.push("line");
  if (survey.some((value) => !Number.isInteger(value) || value > 100) || survey.length > 20)
    errors.push("survey");
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      group: group as GroupId,
      slug,
      status: status as ProductStatus,
      price: price ?? null,
      volumeMl: volumeMl ?? null,
      stock: stock ?? null,
      position: position ?? 0,
      line: line === "" ? null : (line as LineId),
      related: [...new Set(form.getAll("related"))].slice(0, 20),
      survey,
      stockWas:
        form.get("stockWas") === null
          ? undefined
          : wholeOrEmpty(form.get("stockWas") ?? "", 1_000_000),
    },
  };
}

/** A language's texts from its form: each field trimmed, lines kept; too long is refused. */
export function parseTextsForm(
  form: Fields,
): { ok: true; texts: ProductTexts } | { ok: false; tooLong: TextField[] } {
  const texts = {} as ProductTexts;
  const tooLong: TextField[] = [];
  for (const field of textFields) {
    const value = (form.get(field) ?? "").replace(/\r\n/g, "\n").trim();
    if (value.length > TEXT_LIMITS[field]) tooLong.push(field);
    texts[field] = value;
  }
  return tooLong.length > 0 ? { ok: false, tooLong } : { ok: true, texts };
}
