// `node deploy/rotate-backups.mjs DIR [--today YYYY-MM-DD]`: the backups' rotation, run by
// deploy/backup.sh after each night's backup. DIR holds daily/YYYY-MM-DD.backup (one a
// night) and monthly/YYYY-MM.backup. It keeps the newest 14 daily copies and, for each of
// the newest 6 months, the first backup of that month (hard-linked into monthly/ before
// its daily copy goes). Every date comes from a file's name; `today` (the backup's own
// date) only keeps a file named after a day still to come from counting as the newest.
// A file whose name is not a date is never touched, except the leftovers of a backup that
// was killed (hidden .partial and .plain files, the latter unencrypted): no backup runs
// while the rotation does.
import { copyFileSync, linkSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

export const KEEP_DAILY = 14;
export const KEEP_MONTHS = 6;

const DAILY = /^(\d{4})-(\d{2})-(\d{2})\.backup$/;
const MONTHLY = /^(\d{4})-(\d{2})\.backup$/;
const LEFTOVER = /^\.\d{4}-\d{2}-\d{2}\.backup\.[0-9a-f]{8}\.(?:partial|plain)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists (2026-02-30 does not). */
function isDate(day) {
  const [year, month, date] = day.split("-").map(Number);
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return (
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === date
  );
}

/**
 * What the rotation does with the files it finds. Pure: names in, decisions out.
 *
 * @param {{ daily: string[], monthly: string[], today: string,
 *   keepDaily?: number, keepMonths?: number }} input the names in daily/ and monthly/
 * @returns {{ link: Array<{ daily: string, monthly: string }>, removeDaily: string[],
 *   removeMonthly: string[] }} daily copies to link into monthly/ (first), then the
 *   names to remove from each folder
 */
export function planRotation({
  daily,
  monthly,
  today,
  keepDaily = KEEP_DAILY,
  keepMonths = KEEP_MONTHS,
}) {
  if (!DAY.test(today) || !isDate(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
  const days = daily
    .filter((name) => DAILY.test(name) && isDate(name.slice(0, 10)) && name.slice(0, 10) <= today)
    .sort();
  const months = new Set(
    monthly.filter((name) => MONTHLY.test(name) && name.slice(0, 7) <= today.slice(0, 7)),
  );

  /** @type {Array<{ daily: string, monthly: string }>} */
  const link = [];
  for (const name of days) {
    const month = `${name.slice(0, 7)}.backup`;
    // The days are sorted: the first seen of a month is its first backup.
    if (!months.has(month)) {
      months.add(month);
      link.push({ daily: name, monthly: month });
    }
  }
  const keptMonths = new Set([...months].sort().slice(-keepMonths));
  return {
    link: link.filter((entry) => keptMonths.has(entry.monthly)),
    removeDaily: [
      ...days.slice(0, Math.max(0, days.length - keepDaily)),
      ...daily.filter((name) => LEFTOVER.test(name)),
    ].sort(),
    removeMonthly: [...months].filter((name) => !keptMonths.has(name) && monthly.includes(name)),
  };
}

/**
 * Rotates the backups in `dir` (daily/ and monthly/ inside it) as `planRotation` decides.
 *
 * @param {string} dir
 * @param {string} today YYYY-MM-DD
 */
export function rotateBackups(dir, today) {
  const dailyDir = join(dir, "daily");
  const monthlyDir = join(dir, "monthly");
  const plan = planRotation({
    daily: readdirSync(dailyDir),
    monthly: readdirSync(monthlyDir),
    today,
  });
  for (const { daily, monthly } of plan.link) {
    try {
      linkSync(join(dailyDir, daily), join(monthlyDir, monthly));
    } catch (error) {
      // daily/ and monthly/ on different file systems: a copy does the same.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EXDEV") throw error;
      copyFileSync(join(dailyDir, daily), join(monthlyDir, monthly));
    }
  }
  for (const name of plan.removeDaily) rmSync(join(dailyDir, name), { force: true });
  for (const name of plan.removeMonthly) rmSync(join(monthlyDir, name), { force: true });
  return plan;
}

/** Today in the server's time zone, as `date +%F` writes it. */
function localToday() {
  const now = new Date();
  const pad = (/** @type {number} */ value) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values, positionals } = parseArgs({
    options: { today: { type: "string" } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error("Usage: node deploy/rotate-backups.mjs DIR [--today YYYY-MM-DD]");
    process.exit(2);
  }
  try {
    const plan = rotateBackups(positionals[0], values.today ?? localToday());
    const linked = plan.link.map((entry) => `monthly/${entry.monthly}`);
    console.log(
      `Rotated ${positionals[0]}: ${linked.length ? `kept ${linked.join(", ")}; ` : ""}removed ${
        plan.removeDaily.length
      } daily and ${plan.removeMonthly.length} monthly backup(s).`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
