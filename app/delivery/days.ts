import {
  type CalendarDate,
  addDays,
  compareDates,
  isoWeekday,
  parseIsoDate,
  shopHour,
  shopToday,
  toIsoDate,
} from "~/platform/calendar";
import { deliveryFee, openZones } from "./fee";
import { type DeliveryWeek, type DeliveryZone, zoneName } from "./zones";

/**
 * The days a parcel can be delivered on (D84), one rule for the server and the browser: a
 * day the zone's courier goes out, not a holiday, inside the booking window, and not before
 * the zone's earliest day counted from the order's day in Tbilisi (after the cut-off hour
 * an order counts as placed the next day). The server works out each zone's first day from
 * its own clock and hands it to the page, so a browser's wrong clock changes nothing.
 */
export interface BookingRange {
  /** The first day the window allows (never before today). */
  min: CalendarDate;
  /** Its last day; before `min` when no day is open. */
  max: CalendarDate;
}

/** A zone as the checkout offers it: its rules, its name in the page's language, its first day. */
export interface ZoneOffer {
  id: string;
  name: string;
  fee: number;
  freeFrom: number | null;
  weekdays: number[];
  /** The first day it can be delivered (ISO); null: none inside the window. */
  first: string | null;
  /** What delivery there costs for the goods the offer was made for (its fee, or 0 from Free from). */
  charge: number;
}

/** What the checkout needs to know of the week: the offers, the holidays, the window's end. */
export interface DeliveryOffer {
  zones: ZoneOffer[];
  holidays: string[];
  /** The window's last day (ISO). */
  last: string;
}

/** The day an order placed at `now` counts as placed on: the next one from the cut-off hour. */
export function orderDay(now: number, week: Pick<DeliveryWeek, "cutoffHour">): CalendarDate {
  const today = shopToday(now);
  return week.cutoffHour !== null && shopHour(now) >= week.cutoffHour ? addDays(today, 1) : today;
}

function delivers(
  date: CalendarDate,
  weekdays: readonly number[],
  holidays: readonly string[],
): boolean {
  return weekdays.includes(isoWeekday(date)) && !holidays.includes(toIsoDate(date));
}

/** The first day from `from` (itself included) to `last` the courier goes out; null: none. */
export function nextDeliveryDay(
  from: CalendarDate,
  weekdays: readonly number[],
  holidays: readonly string[],
  last: CalendarDate,
): CalendarDate | null {
  // A year and a week of days is more than any window: the loop always ends.
  for (let day = from, step = 0; compareDates(day, last) <= 0 && step < 400; step++) {
    if (delivers(day, weekdays, holidays)) return day;
    day = addDays(day, 1);
  }
  return null;
}

/** The first day an order placed at `now` can reach `zone`; null when none is open. */
export function firstDeliveryDay(
  zone: Pick<DeliveryZone, "weekdays" | "earliest">,
  week: DeliveryWeek,
  now: number,
  range: BookingRange,
): CalendarDate | null {
  const earliest = addDays(orderDay(now, week), zone.earliest);
  const from = compareDates(earliest, range.min) < 0 ? range.min : earliest;
  return nextDeliveryDay(from, zone.weekdays, week.holidays, range.max);
}

/** The open zones as the checkout offers them at `now` for goods of `goods` tetri, named in `language`. */
export function deliveryOffer(
  zones: readonly DeliveryZone[],
  week: DeliveryWeek,
  now: number,
  range: BookingRange,
  language: string,
  goods = 0,
): DeliveryOffer {
  const last = toIsoDate(range.max);
  return {
    zones: openZones(zones).map((zone) => {
      const first = firstDeliveryDay(zone, week, now, range);
      return {
        id: zone.id,
        name: zoneName(zone, language),
        fee: zone.fee,
        freeFrom: zone.freeFrom,
        weekdays: zone.weekdays,
        first: first && toIsoDate(first),
        charge: deliveryFee(zone, goods),
      };
    }),
    // Only the days a shopper could pick: the page carries no more than it needs.
    holidays: week.holidays.filter((day) => day >= toIsoDate(range.min) && day <= last),
    last,
  };
}

export type DayProblem = "early" | "closed" | "late" | "none";

export type DayCheck =
  | { ok: true }
  /** `next`: the first possible day on or after the one asked for (or the first at all). */
  | { ok: false; problem: DayProblem; next: CalendarDate | null };

/**
 * Whether `zone` can be delivered on `date`: "early" before its first day, "late" after the
 * window, "closed" on a day its courier does not go out or a holiday, "none" when no day is
 * open at all. A refusal names the next possible day.
 */
export function checkDeliveryDay(
  date: CalendarDate,
  zone: ZoneOffer,
  offer: Pick<DeliveryOffer, "holidays" | "last">,
): DayCheck {
  const first = zone.first ? parseIsoDate(zone.first) : null;
  const last = parseIsoDate(offer.last);
  if (!first || !last) return { ok: false, problem: "none", next: null };
  if (compareDates(date, first) < 0) return { ok: false, problem: "early", next: first };
  if (compareDates(date, last) > 0) return { ok: false, problem: "late", next: null };
  if (delivers(date, zone.weekdays, offer.holidays)) return { ok: true };
  const next = nextDeliveryDay(date, zone.weekdays, offer.holidays, last);
  return { ok: false, problem: next ? "closed" : "late", next };
}
