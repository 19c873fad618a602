import { SOURCE_LANGUAGE } from "~/catalog/model";
import { type LanguageCode, isLanguageCode, languageCodes } from "~/i18n/languages";
import { parseIsoDate } from "~/platform/calendar";

/**
 * Delivery priced and scheduled like the courier's real week (D84): zones, each with its
 * fee, an amount above which it is free, the weekdays the courier goes there and how soon;
 * and, shop-wide, the cut-off hour, the holidays and a minimum order. Pure: the storefront
 * (cart, checkout, in the browser too), the order and the desk read the same rules.
 */
export interface DeliveryZone {
  /** Stable across renames: orders, reports and the courier's day group by it. */
  id: string;
  /** The zone's name by language; Russian always, the others fall back to it. */
  names: Partial<Record<LanguageCode, string>>;
  /** Tetri. */
  fee: number;
  /** Goods of at least this many tetri travel free; null: never free. */
  freeFrom: number | null;
  /** The days of the week the courier goes there, ISO 8601 (1 Monday … 7 Sunday), sorted. */
  weekdays: number[];
  /** How many days after the order it can arrive at the earliest (0: the same day). */
  earliest: number;
  /** Off: not offered at checkout (orders already placed keep it). */
  on: boolean;
}

export interface DeliveryWeek {
  /** Orders placed at this hour (Tbilisi) or later count as placed the next day; null: none. */
  cutoffHour: number | null;
  /** Days no courier goes out (ISO dates, sorted). */
  holidays: string[];
  /** The least an order's goods may come to, in tetri; null: no minimum. */
  minimum: number | null;
}

export const ALL_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];
export const EARLIEST_MAX = 30;
export const ZONES_MAX = 30;
export const HOLIDAYS_MAX = 100;
/** The longest fee or amount an owner may type: 100 000 GEL. */
export const AMOUNT_MAX = 10_000_000;

/** A fresh shop: one zone, Tbilisi, free, every day, from today (the shop as it was). */
export const defaultZones: readonly DeliveryZone[] = [
  {
    id: "tbilisi",
    names: {
      ru: "Тбилиси",
      en: "Tbilisi",
      ka: "თბილისი",
      az: "Tbilisi",
      tr: "Tiflis",
      de: "Tiflis",
      am: "Թբիլիսի",
      he: "טביליסי",
      ar: "تبليسي",
    },
    fee: 0,
    freeFrom: null,
    weekdays: [...ALL_WEEKDAYS],
    earliest: 0,
    on: true,
  },
];

export const defaultWeek: DeliveryWeek = { cutoffHour: null, holidays: [], minimum: null };

/** The zone's name in `language`, else in Russian (D36's rule for texts). */
export function zoneName(zone: Pick<DeliveryZone, "names">, language: string): string {
  const code = isLanguageCode(language) ? language : SOURCE_LANGUAGE;
  return zone.names[code] || zone.names[SOURCE_LANGUAGE] || "";
}

const isInteger = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** One stored zone, read defensively; null when it cannot be read. */
function readZone(value: unknown): DeliveryZone | null {
  if (!value || typeof value !== "object") return null;
  const zone = value as Record<string, unknown>;
  const names: Partial<Record<LanguageCode, string>> = {};
  const storedNames = (zone.names ?? {}) as Record<string, unknown>;
  for (const code of languageCodes) {
    const name = storedNames[code];
    if (typeof name === "string" && name.trim() !== "") names[code] = name;
  }
  if (typeof zone.id !== "string" || !names[SOURCE_LANGUAGE]) return null;
  const weekdays = ALL_WEEKDAYS.filter(
    (day) => Array.isArray(zone.weekdays) && zone.weekdays.includes(day),
  );
  return {
    id: zone.id,
    names,
    fee: isInteger(zone.fee, 0, AMOUNT_MAX) ? zone.fee : 0,
    freeFrom: isInteger(zone.freeFrom, 0, AMOUNT_MAX) ? zone.freeFrom : null,
    weekdays,
    earliest: isInteger(zone.earliest, 0, EARLIEST_MAX) ? zone.earliest : 0,
    on: zone.on !== false,
  };
}

/** The stored zones; none readable (or none stored) is the fresh shop's one zone. */
export function readZones(value: unknown): DeliveryZone[] {
  const list = Array.isArray(value) ? value : [];
  const zones = list.map(readZone).filter((zone): zone is DeliveryZone => zone !== null);
  return zones.length > 0 ? zones : defaultZones.map((zone) => ({ ...zone }));
}

/** The stored week, read defensively. */
export function readWeek(value: unknown): DeliveryWeek {
  const week = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const holidays = Array.isArray(week.holidays)
    ? [
        ...new Set(
          week.holidays.filter(
            (day): day is string => typeof day === "string" && parseIsoDate(day) !== null,
          ),
        ),
      ].sort()
    : [];
  return {
    cutoffHour: isInteger(week.cutoffHour, 1, 23) ? week.cutoffHour : null,
    holidays,
    minimum: isInteger(week.minimum, 1, AMOUNT_MAX) ? week.minimum : null,
  };
}
