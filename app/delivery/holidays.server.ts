import Holidays from "date-holidays";
import { type CalendarDate, addDays, toIsoDate } from "~/platform/calendar";

/**
 * Georgia's public holidays (D84) from the next day on for a year: the list the owner
 * fills in with one press and edits. From `date-holidays`, which keeps each country's law
 * (Orthodox Easter's four days move every year), rather than a table of our own.
 */
export function georgianHolidays(today: CalendarDate): string[] {
  const from = toIsoDate(addDays(today, 1));
  const until = toIsoDate(addDays(today, 366));
  const calendar = new Holidays("GE");
  const days = new Set<string>();
  for (const year of [today.year, today.year + 1])
    for (const holiday of calendar.getHolidays(year))
      if (holiday.type === "public") {
        const day = holiday.date.slice(0, 10);
        if (day >= from && day <= until) days.add(day);
      }
  return [...days].sort();
}
