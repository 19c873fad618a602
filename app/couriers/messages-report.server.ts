import type { Kysely } from "kysely";
import {
  type CalendarDate,
  addDays,
  compareDates,
  shopToday,
  startOfShopDay,
  toIsoDate,
} from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Database } from "../../db/schema";
import { mondayOf } from "./weekly.server";

/** What went out in one week (its days in the report's range), by channel, and its cost. */
export interface MessageWeek {
  /** The week's first and last day in the range, ISO. */
  from: string;
  to: string;
  telegram: number;
  sms: number;
  /** The SMS's segments, as the gateway bills them. */
  segments: number;
  email: number;
  /** Tetri: the segments at the owner's price of one (settings, today's price). */
  cost: number;
}

/**
 * The messages the shop sent in a range of days (Tbilisi), a row a week that sent any
 * (Monday to Sunday, cut to the range), and the range's total: Telegram messages, SMS and
 * their segments, e-mails, and what the SMS cost at `segmentPrice` tetri a segment. A
 * message counts once, on the day it went; one not sent (waiting, failed, stopped) never.
 */
export async function messagesByWeek(
  db: Kysely<Database>,
  range: { from: CalendarDate; to: CalendarDate },
  segmentPrice: number,
): Promise<{ weeks: MessageWeek[]; total: MessageWeek }> {
  const sent = await db
    .selectFrom("notifications")
    .select(["channel", "sent_at", "segments"])
    .where("status", "=", "sent")
    .where("sent_at", ">=", isoAt(startOfShopDay(range.from)))
    .where("sent_at", "<", isoAt(startOfShopDay(addDays(range.to, 1))))
    .execute();
  const empty = (from: CalendarDate, to: CalendarDate): MessageWeek => ({
    from: toIsoDate(from),
    to: toIsoDate(to),
    telegram: 0,
    sms: 0,
    segments: 0,
    email: 0,
    cost: 0,
  });
  const weeks = new Map<string, MessageWeek>();
  const total = empty(range.from, range.to);
  for (const message of sent) {
    if (message.sent_at === null) continue;
    const day = shopToday(Date.parse(message.sent_at));
    const monday = mondayOf(day);
    const key = toIsoDate(monday);
    let week = weeks.get(key);
    if (!week) {
      const sunday = addDays(monday, 6);
      week = empty(
        compareDates(monday, range.from) < 0 ? range.from : monday,
        compareDates(sunday, range.to) > 0 ? range.to : sunday,
      );
      weeks.set(key, week);
    }
    for (const row of [week, total]) {
      if (message.channel === "sms") {
        // An SMS sent before its segments were kept was at least one.
        const segments = Math.max(1, message.segments ?? 1);
        row.sms += 1;
        row.segments += segments;
        row.cost += segments * segmentPrice;
      } else if (message.channel === "email") row.email += 1;
      else row.telegram += 1;
    }
  }
  return {
    weeks: [...weeks.values()].sort((a, b) => a.from.localeCompare(b.from)),
    total,
  };
}
