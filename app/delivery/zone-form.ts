import { SOURCE_LANGUAGE } from "~/catalog/model";
import { parsePrice, priceText } from "~/catalog/product-form";
import { type LanguageCode, languageCodes } from "~/i18n/languages";
import {
  isRealDate,
  parseIsoDate,
  parseShortDate,
  toIsoDate,
  toShortDate,
} from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import {
  ALL_WEEKDAYS,
  type DeliveryWeek,
  type DeliveryZone,
  EARLIEST_MAX,
  HOLIDAYS_MAX,
  ZONES_MAX,
} from "./zones";

/**
 * The owner's delivery page read the way a person means it, pure (D84): a zone's names,
 * its fee and `Free from` as GEL (`parsePrice`: "7", "7,50", "٧"), its courier's days
 * (one box a day), how soon; the week's cut-off hour, holidays one DD.MM.YY a line, the
 * minimum order. Each returns the value or the fields that are wrong; and what changed,
 * field by field, as the activity trail records it.
 */
export type DeliveryError =
  | "name"
  | "fee"
  | "freeFrom"
  | "weekdays"
  | "earliest"
  | "lastOn"
  | "used"
  | "tooMany"
  | "cutoff"
  | "holidays"
  | "holidaysMany"
  | "minimum";

export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; errors: DeliveryError[]; lines?: string[] };

interface Fields {
  get(name: string): string | null;
}

const field = (form: Fields, name: string) => (form.get(name) ?? "").trim();

export const NAME_MAX = 60;
export const nameField = (code: LanguageCode) => `name-${code}`;
export const weekdayField = (day: number) => `weekday-${day}`;

/** A zone as its card's form posts it; `id` is the zone's (a new one's is made on saving). */
export function parseZone(form: Fields, id: string): Parsed<DeliveryZone> {
  const errors: DeliveryError[] = [];
  const names: Partial<Record<LanguageCode, string>> = {};
  for (const code of languageCodes) {
    const name = field(form, nameField(code)).replace(/\s+/g, " ");
    if (name.length > NAME_MAX) errors.push("name");
    else if (name !== "") names[code] = name;
  }
  if (!names[SOURCE_LANGUAGE] && !errors.includes("name")) errors.push("name");
  const fee = parsePrice(field(form, "fee"));
  if (fee === undefined) errors.push("fee");
  const freeFrom = parsePrice(field(form, "freeFrom"));
  if (freeFrom === undefined) errors.push("freeFrom");
  const weekdays = ALL_WEEKDAYS.filter((day) => form.get(weekdayField(day)) === "on");
  if (weekdays.length === 0) errors.push("weekdays");
  const days = asciiDigits(field(form, "earliest"));
  const earliest = days === "" ? 0 : Number(days);
  if (!/^\d{1,2}$/.test(days || "0") || earliest > EARLIEST_MAX) errors.push("earliest");
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      id,
      names,
      fee: fee ?? 0,
      freeFrom: freeFrom ?? null,
      weekdays,
      earliest,
      on: form.get("on") === "on",
    },
  };
}

const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/**
 * A new zone's id, from its Russian name in Latin letters ("Рустави" → "rustavi"), made
 * unique among `taken`; a random short one when the name gives no letters. Stable
 * afterwards: a rename never changes it, so orders and reports keep grouping by it.
 */
export function zoneId(russian: string, taken: readonly string[], random = Math.random): string {
  const latin = [...russian.toLowerCase()].map((letter) => CYRILLIC[letter] ?? letter).join("");
  const base =
    latin
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 30) || `zone-${random().toString(36).slice(2, 7)}`;
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** The shop-wide week as its form posts it; unreadable holiday lines come back named. */
export function parseWeek(form: Fields): Parsed<DeliveryWeek> {
  const errors: DeliveryError[] = [];
  const hour = field(form, "cutoff");
  const cutoffHour = hour === "" ? null : Number(hour);
  if (cutoffHour !== null && !(/^\d{1,2}$/.test(hour) && cutoffHour >= 1 && cutoffHour <= 23))
    errors.push("cutoff");
  const { days, unreadable } = readHolidays(form.get("holidays") ?? "");
  if (unreadable.length > 0) errors.push("holidays");
  else if (days.length > HOLIDAYS_MAX) errors.push("holidaysMany");
  const minimum = parsePrice(field(form, "minimum"));
  if (minimum === undefined) errors.push("minimum");
  if (errors.length > 0) return { ok: false, errors, lines: unreadable };
  return { ok: true, value: { cutoffHour, holidays: days, minimum: minimum || null } };
}

/** One DD.MM.YY a line (Arabic-Indic digits too); the days sorted, once each. */
export function readHolidays(text: string): { days: string[]; unreadable: string[] } {
  const days = new Set<string>();
  const unreadable: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = asciiDigits(raw).trim();
    if (line === "") continue;
    const date = parseShortDate(line);
    if (date && isRealDate(date)) days.add(toIsoDate(date));
    else unreadable.push(raw.trim());
  }
  return { days: [...days].sort(), unreadable };
}

/** Holidays as the form and the trail write them: DD.MM.YY, one a line. */
export function holidaysText(days: readonly string[], separator = "\n"): string {
  return days
    .map((day) => parseIsoDate(day))
    .filter((day) => day !== null)
    .map(toShortDate)
    .join(separator);
}

/** Merges more days into a list of holidays: sorted, once each. */
export function mergeHolidays(days: readonly string[], more: readonly string[]): string[] {
  return [...new Set([...days, ...more])].sort();
}

export interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

/** A zone's fields as the trail writes them (null for a zone there was not, or is no more). */
function zoneValues(zone: DeliveryZone | null): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  for (const code of languageCodes) values[`name.${code}`] = zone?.names[code] ?? null;
  values.fee = zone ? priceText(zone.fee) : null;
  values.freeFrom = zone ? priceText(zone.freeFrom) || null : null;
  values.weekdays = zone ? zone.weekdays.join(",") : null;
  values.earliest = zone ? String(zone.earliest) : null;
  values.on = zone ? (zone.on ? "on" : "off") : null;
  return values;
}

/** Every field of a zone, before → after: `zones.rustavi.fee` "5.00" → "7.00". */
export function zoneChanges(
  id: string,
  before: DeliveryZone | null,
  after: DeliveryZone | null,
): Change[] {
  const [was, is] = [zoneValues(before), zoneValues(after)];
  return Object.keys(is).map((name) => ({
    field: `zones.${id}.${name}`,
    before: was[name] ?? null,
    after: is[name] ?? null,
  }));
}

const hourText = (hour: number | null) =>
  hour === null ? null : `${String(hour).padStart(2, "0")}:00`;

/** The week's fields, before → after: `week.cutoffHour` "—" → "15:00". */
export function weekChanges(before: DeliveryWeek, after: DeliveryWeek): Change[] {
  return [
    {
      field: "week.cutoffHour",
      before: hourText(before.cutoffHour),
      after: hourText(after.cutoffHour),
    },
    {
      field: "week.holidays",
      before: holidaysText(before.holidays, ", ") || null,
      after: holidaysText(after.holidays, ", ") || null,
    },
    {
      field: "week.minimum",
      before: priceText(before.minimum) || null,
      after: priceText(after.minimum) || null,
    },
  ];
}

/** The zones after one is saved (replaced in place, or added at the end) or removed. */
export function withZone(
  zones: readonly DeliveryZone[],
  id: string,
  zone: DeliveryZone | null,
): { zones: DeliveryZone[]; refused?: "lastOn" | "tooMany" } {
  const exists = zones.some((one) => one.id === id);
  const next = exists
    ? zones.flatMap((one) => (one.id !== id ? [one] : zone ? [zone] : []))
    : zone
      ? [...zones, zone]
      : [...zones];
  if (!exists && next.length > ZONES_MAX) return { zones: [...zones], refused: "tooMany" };
  if (!next.some((one) => one.on)) return { zones: [...zones], refused: "lastOn" };
  return { zones: next };
}
