/** The shop's calendar: dates are the local date in Tbilisi, whatever the server's zone (D6). */
export const SHOP_TIME_ZONE = "Asia/Tbilisi";

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** Today's date in Tbilisi at the instant `now`. */
export function shopToday(now: Date = new Date()): CalendarDate {
  const parts = partsFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}
