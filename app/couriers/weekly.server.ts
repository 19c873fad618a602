import type { Kysely } from "kysely";
import { fixedT } from "~/i18n/instance.server";
import { formatPrice } from "~/i18n/money";
import type { ChatSettings } from "~/orders/message.server";
import {
  type CalendarDate,
  addDays,
  shopToday,
  startOfShopDay,
  toIsoDate,
  toShortDate,
} from "~/platform/calendar";
import { type Clock, isoAt } from "~/platform/clock";
import { type Job, createJob } from "~/platform/job.server";
import type { Database } from "../../db/schema";
import { type PromotionReportRow, buildReport } from "./reports.server";

/** The summary goes out on Monday at this hour in Tbilisi, and only that day. */
export const WEEKLY_HOUR = 9;
export const WEEKLY_POLL_MS = 60_000;

/** The Monday of the week `date` is in. */
export function mondayOf(date: CalendarDate): CalendarDate {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The Monday whose summary is due at `now`, or null outside Monday from 09:00 to midnight. */
export function dueMonday(now: number): CalendarDate | null {
  const today = shopToday(now);
  const monday = mondayOf(today);
  if (toIsoDate(monday) !== toIsoDate(today)) return null;
  const at = startOfShopDay(today) + WEEKLY_HOUR * 60 * 60 * 1000;
  return now >= at ? monday : null;
}

/**
 * Last week's numbers (Monday to Sunday) as the desk chats read them: orders placed that
 * week; delivered, refused and the refusal rate by delivery date; the cash received from
 * couriers that week, the delivery fees the delivered orders carried, and what is still open (collected but not counted, or counted short).
 * Null for a week with nothing in it (no order placed, none delivered or refused, no cash):
 * a shop that has not started selling gets no empty summaries.
 */
export async function weeklySummaryText(
  db: Kysely<Database>,
  monday: CalendarDate,
  language: ChatSettings["language"],
): Promise<string | null> {
  const from = addDays(monday, -7);
  const to = addDays(monday, -1);
  const titles = () => null;
  const [placed, delivery] = await Promise.all([
    buildReport(db, { from, to, by: "placed" }, titles),
    buildReport(db, { from, to, by: "delivery" }, titles),
  ]);
  const t = fixedT(language, "desk");
  const money = (tetri: number) => formatPrice(tetri, language);
  const totals = delivery.totals;
  if (
    placed.totals.placed === 0 &&
    totals.delivered + totals.refused === 0 &&
    totals.received === 0 &&
    totals.uncounted === 0
  )
    return null;
  const open = totals.uncounted - totals.difference;
  const rate =
    totals.refusalRate === null ? "—" : `${Math.round(totals.refusalRate * 1000) / 10} %`;
  const escapeText = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return [
    `<b>${escapeText(t("weekly.title", { from: toShortDate(from), to: toShortDate(to) }))}</b>`,
    "",
    escapeText(t("weekly.placed", { count: placed.totals.placed })),
    escapeText(t("weekly.delivered", { count: totals.delivered })),
    escapeText(t("weekly.refused", { count: totals.refused, rate })),
    escapeText(t("weekly.received", { amount: money(totals.received) })),
    // Of the cash, what delivery brought (D84): a shop that charges none is not told of it.
    ...(totals.fees > 0 ? [escapeText(t("weekly.fees", { amount: money(totals.fees) }))] : []),
    escapeText(t("weekly.open", { amount: money(open) })),
    ...promotionLines(placed.promotions, delivery.promotions, t, money).map(escapeText),
  ].join("\n");
}

/**
 * The week's promotions (D86): each with the orders placed with it that week and the
 * discount it gave on the orders delivered that week. None in a week without any.
 */
function promotionLines(
  placed: readonly PromotionReportRow[],
  delivered: readonly PromotionReportRow[],
  t: (key: string, options?: Record<string, unknown>) => string,
  money: (tetri: number) => string,
): string[] {
  const rows = new Map(placed.map((row) => [row.key, { row, count: row.placed, given: 0 }]));
  for (const row of delivered) {
    const entry = rows.get(row.key) ?? { row, count: 0, given: 0 };
    entry.given = row.discount;
    rows.set(row.key, entry);
  }
  if (rows.size === 0) return [];
  return [
    "",
    t("weekly.promotions"),
    ...[...rows.values()].map(({ row, count, given }) =>
      t("weekly.promotion", {
        name: row.code ? `${row.code} (${row.name})` : row.name,
        count,
        amount: money(given),
      }),
    ),
  ];
}

/**
 * Queues the weekly summary for every desk chat when it is due: one outbox row per chat
 * named by the week (`weekly:YYYY-MM-DD`), so however many processes run this at once, a
 * unique index keeps one, and the outbox sends it once. Returns how many rows it added.
 */
export async function queueWeeklySummary(
  db: Kysely<Database>,
  chat: ChatSettings,
  now: number,
): Promise<number> {
  const monday = dueMonday(now);
  if (!monday || chat.deskChatIds.length === 0) return 0;
  const topic = `weekly:${toIsoDate(monday)}`;
  const queued = await db
    .selectFrom("notifications")
    .select("id")
    .where("topic", "=", topic)
    .executeTakeFirst();
  if (queued) return 0;
  const text = await weeklySummaryText(db, monday, chat.language);
  if (text === null) return 0;
  const at = isoAt(now);
  const result = await db
    .insertInto("notifications")
    .values(
      chat.deskChatIds.map((chatId) => ({
        order_id: null,
        topic,
        chat_id: chatId,
        text,
        reply_markup: null,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(["topic", "chat_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Looks every minute whether the weekly summary is due; never throws. */
export function createWeeklyJob(options: {
  db: Kysely<Database>;
  now: Clock;
  chat: ChatSettings;
  onQueued?: () => void;
  log?: Pick<Console, "info" | "error">;
  pollMs?: number;
}): Job {
  const { db, now, chat, log = console } = options;
  return createJob({
    name: "The weekly summary",
    everyMs: options.pollMs ?? WEEKLY_POLL_MS,
    log,
    async run() {
      if ((await queueWeeklySummary(db, chat, now())) > 0) {
        log.info("The weekly summary is queued for the desk chats.");
        options.onQueued?.();
      }
      return undefined;
    },
  });
}
