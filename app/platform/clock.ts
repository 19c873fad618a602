/**
 * The shop's one source of the current time. Every module that needs "now" takes a
 * `Clock` (milliseconds since the epoch) as a parameter; only the composition roots
 * (the server's entry points and scripts) pass `systemClock`, so a test chooses the
 * instant and nothing depends on the day the suite runs.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** An instant as the database stores it: ISO 8601 in UTC, sortable as text. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}
