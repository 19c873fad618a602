import { writeFileSync } from "node:fs";

// A shop whose clock a test sets (libfaketime, Debian's `faketime`): the server reads the
// time from a file the test writes, afresh at every look (FAKETIME_NO_CACHE), and its
// timers keep the machine's monotonic clock. The server's own zone is not Tbilisi's, so
// the shop must never rely on it.

const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
export const SERVER_ZONE = "Europe/Berlin";

/** The variables that put a process on the clock in `clockFile`. */
export function shopClockEnv(clockFile: string): Record<string, string> {
  return {
    TZ: SERVER_ZONE,
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: "1",
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
  };
}

/**
 * Stops the clock at a Tbilisi wall-clock time (UTC+4). libfaketime reads the file as the
 * server's local time; an absolute time, not its "@" start time, which a running process
 * reads relative to its own start.
 */
export function stopClockAt(clockFile: string, tbilisi: string): void {
  const instant = new Date(Date.parse(`${tbilisi}+04:00`));
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: SERVER_ZONE,
    dateStyle: "short",
    timeStyle: "medium",
  }).format(instant);
  writeFileSync(clockFile, `${local}\n`);
}

/**
 * Moves the clock to a Tbilisi wall-clock time and lets it run on from there (backoffs and
 * timers need time to pass): an offset from the real time in seconds, "+172800" for two
 * days ahead, which a running process reads afresh.
 */
export function runClockFrom(clockFile: string, tbilisi: string): void {
  const offset = Math.round((Date.parse(`${tbilisi}+04:00`) - Date.now()) / 1000);
  writeFileSync(clockFile, `${offset >= 0 ? "+" : ""}${offset}\n`);
}
