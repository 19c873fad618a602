// The one rule for WEB_CONCURRENCY. Plain JavaScript because two readers need it: the
// server's primary process, which decides before any build is loaded, and the app's
// configuration (app/platform/config.server.ts), which reports every malformed variable at once.

export const MAX_WEB_CONCURRENCY = 64;

/**
 * @param {string | undefined} raw the variable as the environment holds it
 * @returns {{ workers: number, problem: string | null }} the number of server processes
 *   (1 when unset or empty), or the problem to report by name
 */
export function parseWebConcurrency(raw) {
  const value = raw?.trim();
  if (!value) return { workers: 1, problem: null };
  const workers = Number(value);
  if (!/^\d+$/.test(value) || workers < 1 || workers > MAX_WEB_CONCURRENCY) {
    return {
      workers: 1,
      problem: `WEB_CONCURRENCY must be a whole number from 1 to ${MAX_WEB_CONCURRENCY}, got "${value}"`,
    };
  }
  return { workers, problem: null };
}
