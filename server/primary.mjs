// The primary of WEB_CONCURRENCY > 1 (D52): node:cluster around the same server.
// It serves nothing itself. It keeps `workers` server processes on one port, replaces one
// that dies (waiting longer while they keep dying), and on SIGTERM or SIGINT lets every
// worker drain as a single server does, then exits. On SIGHUP it replaces the workers one
// at a time with new ones that load the code and build now on disk, each old one draining
// only once its replacement listens, so the port never stops accepting (D71). It
// also collects the workers' figures for the one that answers `/metrics`, and logs as
// they do, in JSON lines (D72).
import cluster from "node:cluster";
import { createLogger, logCrashes, routeConsole } from "./log.mjs";
import { answerWorkersForMetrics } from "./metrics.mjs";

/** Deaths further back than this no longer slow down replacements. */
const DEATH_WINDOW_MS = 60_000;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

/**
 * How long to wait before replacing a dead worker. A lone death is replaced at once;
 * while workers keep dying (a bad disk, a crash on every request), the wait doubles
 * from one second to at most thirty, so the machine is not spent on forking.
 * @param {number[]} deaths when workers died (ms), this death included
 * @param {number} now
 */
export function restartDelay(deaths, now) {
  const recent = deaths.filter((at) => now - at < DEATH_WINDOW_MS).length;
  if (recent <= 1) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (recent - 2));
}

/**
 * @param {{ workers: number, exec: string, args: string[] }} options the number of
 *   workers, and the script and arguments each one runs
 */
export function runPrimary({ workers, exec, args }) {
  cluster.setupPrimary({ exec, args });
  const logger = createLogger();
  routeConsole(logger);
  logCrashes(logger);
  const log = (/** @type {string} */ text) => logger.info(`Primary ${process.pid}: ${text}`);
  answerWorkersForMetrics();

  /** @type {Map<number, import("node:cluster").Worker>} */
  const live = new Map();
  /** @type {Set<number>} ids of the workers that listen */
  const listening = new Set();
  /** @type {Set<NodeJS.Timeout>} */
  const pendingForks = new Set();
  /** @type {number[]} */
  let deaths = [];
  // Until one worker listens, it alone starts: it migrates the database and writes the
  // session secret, which on SQLite two processes must not do at once.
  let started = false;
  let stopping = false;
  let drainFailed = false;
  let reloading = false;
  /** @type {Set<number>} ids of old workers a reload told to drain: they are not replaced */
  const retiring = new Set();
  /** @type {Map<number, (listened: boolean) => void>} a reload's new workers, until they listen or die */
  const awaited = new Map();

  const fork = () => {
    const worker = cluster.fork();
    live.set(worker.id, worker);
    log(`worker ${worker.process.pid} starting`);
    return worker;
  };

  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    awaited.get(worker.id)?.(true);
    awaited.delete(worker.id);
    // Asked to stop while it was starting: it drains now that it can.
    if (stopping) worker.process.kill("SIGTERM");
    else if (!started) {
      started = true;
      for (let count = 1; count < workers; count++) fork();
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker.id);
    const wasListening = listening.delete(worker.id);
    const pid = worker.process.pid;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const reloadsInto = awaited.get(worker.id);
    awaited.delete(worker.id);
    reloadsInto?.(false);
    if (stopping) {
      // One still starting may die of a terminal's Ctrl-C: it had served nothing.
      if (code !== 0 && wasListening) {
        drainFailed = true;
        log(`worker ${pid} ${how} while draining`);
      } else log(`worker ${pid} ${code === 0 ? "drained" : how}`);
      if (live.size === 0) {
        log(drainFailed ? "stopped; a worker did not drain cleanly" : "stopped");
        process.exit(drainFailed ? 1 : 0);
      }
      return;
    }
    // A configuration error or a failed migration: replacing it would fail the same way.
    if (!started) {
      log(`worker ${pid} ${how} before the shop started; stopping`);
      process.exit(1);
    }
    if (retiring.delete(worker.id)) {
      log(`worker ${pid} ${code === 0 ? "drained" : how}; its replacement serves`);
      return;
    }
    // New code that cannot start: the old workers it was to replace keep serving it.
    if (reloadsInto) {
      log(`worker ${pid} ${how} before it listened; the reload stops here`);
      return;
    }
    const now = Date.now();
    deaths = [...deaths.filter((at) => now - at < DEATH_WINDOW_MS), now];
    const delay = restartDelay(deaths, now);
    log(`worker ${pid} ${how}; a replacement starts ${delay ? `in ${delay / 1000} s` : "now"}`);
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      fork();
    }, delay);
    pendingForks.add(timer);
  });

  const stop = (/** @type {NodeJS.Signals} */ signal) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingForks) clearTimeout(timer);
    log(`${signal}: draining ${live.size} worker(s)`);
    if (live.size === 0) process.exit(0);
    // A worker still starting has no handler yet: it gets the signal once it listens.
    for (const worker of live.values()) {
      if (listening.has(worker.id)) worker.process.kill("SIGTERM");
    }
  };
  // `on`, not `once`: a second signal must not kill the primary while workers drain.
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  /**
   * A rolling restart: for each worker serving now, a new one is forked (it loads the
   * server and the build from disk afresh); once it listens, the old one drains. One at a
   * time, so as many workers serve as before and the primary's socket never closes.
   */
  const reload = async () => {
    if (stopping || !started) return log("SIGHUP: the shop is not serving yet; nothing to reload");
    if (reloading) return log("SIGHUP: a reload is under way already");
    reloading = true;
    const previous = [...live.values()];
    log(`SIGHUP: replacing ${previous.length} worker(s) one at a time`);
    let replaced = 0;
    for (const old of previous) {
      if (stopping) break;
      // Died meanwhile: its replacement was forked from the new code already.
      if (!live.has(old.id)) continue;
      const next = fork();
      const listened = await new Promise((resolve) => awaited.set(next.id, resolve));
      if (!listened || stopping) break;
      retiring.add(old.id);
      const drained = new Promise((resolve) => old.once("exit", resolve));
      old.process.kill("SIGTERM");
      await drained;
      replaced += 1;
    }
    reloading = false;
    log(`reload done: ${replaced} of ${previous.length} worker(s) replaced`);
  };
  process.on("SIGHUP", () => void reload());

  log(`starting ${workers} workers`);
  fork();
}
