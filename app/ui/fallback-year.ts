import { systemClock } from "~/platform/clock";

/**
 * The footer's year when the root loader gave nothing (it failed before answering). In
 * UTC: the shop's year in Tbilisi differs only in the last four hours of 31 December, and
 * the calendar module stays out of the script every page loads.
 */
export function fallbackYear(): number {
  return new Date(systemClock()).getUTCFullYear();
}
