// The production server's log (D72): one JSON object a line on standard output,
// which journald keeps and `journalctl -o cat` gives back whole. pino writes it; every
// `console` call of the server and of the build goes through it once `routeConsole` ran,
// so a job's warning or Remix's error is a JSON line too. No line ever holds a request's
// body, address, query or headers: the request line is written from named fields
// (server/serve.mjs), and an error is written as its type, message, code and stack only,
// with any private address in them written as its pattern (`/o/:token`).
import { format } from "node:util";
import pino from "pino";

/** How many causes of an error are written under it. */
const CAUSE_DEPTH = 3;

/** The addresses whose last part is a secret: an order's private page, a desk sign-in link. */
const SECRET_PATHS = /(\/o|\/desk\/sign-in)\/[^/\s"'`?#<>]+/g;

/**
 * A text as a log line may hold it: a private address is written as its route's pattern
 * (`/o/:token`), so an error or a warning that names the address gives no token away.
 *
 * @param {string} text
 */
export function withoutSecrets(text) {
  return text.replace(SECRET_PATHS, "$1/:token");
}

/**
 * An error as a log line may hold it. Not pino's own serializer: that copies every
 * enumerable field, and a PostgreSQL error carries the failing row in `detail`.
 *
 * @param {unknown} error
 * @param {number} [depth]
 * @returns {{ type: string, message: string, code?: string | number, stack?: string, cause?: object }}
 */
export function safeError(error, depth = 0) {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === "string" ? error : "(not an Error)" };
  }
  /** @type {ReturnType<typeof safeError>} */
  const written = { type: error.name, message: withoutSecrets(error.message) };
  const code = /** @type {{ code?: unknown }} */ (error).code;
  if (typeof code === "string" || typeof code === "number") written.code = code;
  if (error.stack) written.stack = withoutSecrets(error.stack);
  if (error.cause !== undefined && depth < CAUSE_DEPTH)
    written.cause = safeError(error.cause, depth + 1);
  return written;
}

/**
 * The server's logger.
 *
 * @param {import("pino").DestinationStream} [destination] standard output unless given
 *   (written synchronously, so the line before an exit is not lost)
 */
export function createLogger(destination = pino.destination({ dest: 1, sync: true })) {
  return pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: safeError },
    },
    destination,
  );
}

/** @typedef {ReturnType<typeof createLogger>} Logger */

const LEVELS = /** @type {const} */ ({
  debug: "debug",
  log: "info",
  info: "info",
  warn: "warn",
  error: "error",
});

/**
 * Makes `console.log`, `info`, `warn`, `error` and `debug` write through `logger`: the
 * first Error among the arguments becomes `err` (see `safeError`), the rest the message.
 *
 * @param {Logger} logger
 * @param {Pick<Console, keyof typeof LEVELS>} [target] the process's console unless given
 */
export function routeConsole(logger, target = console) {
  for (const [method, level] of Object.entries(LEVELS)) {
    /** @param {unknown[]} args */
    target[/** @type {keyof typeof LEVELS} */ (method)] = (...args) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      const message = rest.length > 0 ? withoutSecrets(format(...rest)) : undefined;
      if (error) logger[level]({ err: error }, message ?? withoutSecrets(error.message));
      else logger[level](message ?? "");
    };
  }
}

/**
 * A crash is a JSON line as well: Node's own report would print every field of the error.
 *
 * @param {Logger} logger
 */
export function logCrashes(logger) {
  process.on("uncaughtException", (error, origin) => {
    logger.fatal(
      { err: error },
      origin === "unhandledRejection" ? "Unhandled rejection" : "Uncaught exception",
    );
    process.exit(1);
  });
}
