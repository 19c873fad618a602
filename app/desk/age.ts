const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long an order has waited, short, in the reader's language ("12 min", "5 h", "3 d"):
 * the browser's own unit names (Intl), so every language reads as its speakers write it.
 */
export function formatAge(ms: number, locale: string): string {
  const [value, unit] =
    ms < HOUR
      ? [Math.max(0, Math.floor(ms / MINUTE)), "minute"]
      : ms < 2 * DAY
        ? [Math.floor(ms / HOUR), "hour"]
        : [Math.floor(ms / DAY), "day"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(value);
}
