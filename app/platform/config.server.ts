import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { DatabaseTarget } from "../../db/connection";
import { parseWebConcurrency } from "../../server/web-concurrency.mjs";

export interface Config {
  port: number;
  /**
   * Server processes on the port (D28, decision 011). The server's primary reads it before
   * any build is loaded, with the same rule (server/web-concurrency.mjs); here so that one
   * error names every malformed variable.
   */
  webConcurrency: number;
  databasePath: string;
  /** PostgreSQL instead of the SQLite file when set (D28). */
  databaseUrl: string | null;
  /** Connections in the PostgreSQL pool of each process. */
  databasePoolSize: number;
  /** Null only before `loadConfig` fills it from the file beside the database. */
  sessionSecret: string | null;
  telegram: {
    botToken: string | null;
    chatIds: string[];
    apiUrl: string;
    /** The chats that work the desk (D23, D25): sign-in links and order buttons go there. */
    deskChatIds: string[];
    /**
     * The secret Telegram sends with every webhook call (D25). With an https PUBLIC_URL
     * the shop registers a webhook; otherwise it long-polls.
     */
    webhookSecret: string | null;
  };
  desk: {
    /** From this many refused orders on a phone, a new order is marked "call before shipping" (D26). */
    holdAfterRefusals: number;
    /** A new order not confirmed within this many hours is cancelled by the system; null: never. */
    expireUnconfirmedHours: number | null;
  };
  analytics: {
    gaMeasurementId: string | null;
    adsConversionSendTo: string | null;
  };
  delivery: {
    /** ISO date (YYYY-MM-DD); null means "today". */
    from: string | null;
    /** ISO date (YYYY-MM-DD); null means "90 days after the start". */
    until: string | null;
  };
  trustProxy: boolean;
  /** How many proxies of ours stand in front: the client is that many X-Forwarded-For entries from the right. */
  trustProxyHops: number;
  /**
   * The shop's absolute address (D29), without a trailing slash: canonical links,
   * hreflang, the sitemap and links in messages. Null when unset (see `publicOrigin`).
   */
  publicUrl: string | null;
  /** New orders per client per 10 minutes; 0 turns the limit off. */
  orderRateLimit: number;
  /** Memory for pages that are the same for every visitor (D29), in bytes; 0: none kept. */
  pageCacheBytes: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Reads every environment variable the shop uses, once. Pure: it touches neither the
 * file system nor the process, so it is tested directly. Every malformed variable is
 * reported by name in one error.
 */
export function parseConfig(env: Env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };

  let port = 3000;
  const rawPort = text("PORT");
  if (rawPort !== null) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
      problems.push(`PORT must be a whole number from 1 to 65535, got "${rawPort}"`);
    }
  }

  const { workers: webConcurrency, problem: webConcurrencyProblem } = parseWebConcurrency(
    env.WEB_CONCURRENCY,
  );
  if (webConcurrencyProblem !== null) problems.push(webConcurrencyProblem);

  const databasePath = resolve(cwd, text("DATABASE_PATH") ?? "db/shop.sqlite");

  const databaseUrl = text("DATABASE_URL");
  if (databaseUrl !== null && !/^postgres(ql)?:\/\/\S+$/.test(databaseUrl)) {
    // The address may hold a password: never echo it.
    problems.push("DATABASE_URL must be a PostgreSQL address like postgres://user:pass@host/db");
  }
  let databasePoolSize = 10;
  const rawPool = text("DATABASE_POOL_SIZE");
  if (rawPool !== null) {
    databasePoolSize = Number(rawPool);
    if (!/^\d+$/.test(rawPool) || databasePoolSize < 1 || databasePoolSize > 200) {
      problems.push(`DATABASE_POOL_SIZE must be a whole number from 1 to 200, got "${rawPool}"`);
    }
  }

  const sessionSecret = text("SESSION_SECRET");
  if (sessionSecret !== null && sessionSecret.length < 32) {
    problems.push("SESSION_SECRET must be at least 32 characters long");
  }

  const botToken = text("TELEGRAM_BOT_TOKEN");
  if (botToken !== null && !/^\d+:[\w-]{20,}$/.test(botToken)) {
    // The token itself is a secret: never echo it.
    problems.push("TELEGRAM_BOT_TOKEN must look like 123456789:AAE... (digits, a colon, the key)");
  }

  const chatList = (name: string) => {
    const ids = (text(name) ?? "")
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    for (const id of ids) {
      if (!/^-?\d{1,20}$/.test(id) && !/^@\w{5,32}$/.test(id)) {
        problems.push(`${name} must be numeric ids or @channel names, got "${id}"`);
      }
    }
    return ids;
  };
  const chatIds = chatList("TELEGRAM_CHAT_IDS");
  const ownDeskChats = chatList("DESK_TELEGRAM_CHAT_IDS");
  const deskChatIds = ownDeskChats.length > 0 ? ownDeskChats : chatIds;
  if (botToken !== null && chatIds.length === 0) {
    problems.push("TELEGRAM_CHAT_IDS must name at least one chat when TELEGRAM_BOT_TOKEN is set");
  }

  let apiUrl = text("TELEGRAM_API_URL") ?? "https://api.telegram.org";
  try {
    const url = new URL(apiUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
    apiUrl = apiUrl.replace(/\/+$/, "");
  } catch {
    problems.push(`TELEGRAM_API_URL must be an http(s) address, got "${apiUrl}"`);
  }

  const webhookSecret = text("TELEGRAM_WEBHOOK_SECRET");
  if (webhookSecret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(webhookSecret)) {
    // A secret: never echo it.
    problems.push("TELEGRAM_WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -");
  }

  let holdAfterRefusals = 2;
  const rawHold = text("HOLD_AFTER_REFUSALS");
  if (rawHold !== null) {
    holdAfterRefusals = Number(rawHold);
    if (!/^\d+$/.test(rawHold) || holdAfterRefusals < 1 || holdAfterRefusals > 1000) {
      problems.push(`HOLD_AFTER_REFUSALS must be a whole number from 1 to 1000, got "${rawHold}"`);
    }
  }

  let expireUnconfirmedHours: number | null = null;
  const rawExpire = text("EXPIRE_UNCONFIRMED_HOURS");
  if (rawExpire !== null) {
    expireUnconfirmedHours = Number(rawExpire);
    if (!/^\d+$/.test(rawExpire) || expireUnconfirmedHours < 1 || expireUnconfirmedHours > 8760) {
      problems.push(
        `EXPIRE_UNCONFIRMED_HOURS must be a whole number of hours from 1 to 8760, got "${rawExpire}"`,
      );
    }
  }

  const gaMeasurementId = text("GA_MEASUREMENT_ID");
  if (gaMeasurementId !== null && !/^G-[A-Z0-9]{4,20}$/.test(gaMeasurementId)) {
    problems.push(`GA_MEASUREMENT_ID must look like G-XXXXXXXXXX, got "${gaMeasurementId}"`);
  }

  const adsConversionSendTo = text("ADS_CONVERSION_SEND_TO");
  if (adsConversionSendTo !== null && !/^AW-\d{4,20}\/[\w-]{1,64}$/.test(adsConversionSendTo)) {
    problems.push(
      `ADS_CONVERSION_SEND_TO must look like AW-123456789/AbCdEf, got "${adsConversionSendTo}"`,
    );
  }

  const from = text("DELIVERY_FROM");
  const until = text("DELIVERY_UNTIL");
  if (from !== null && !isIsoDate(from)) {
    problems.push(`DELIVERY_FROM must be a date like 2025-01-01, got "${from}"`);
  }
  if (until !== null && !isIsoDate(until)) {
    problems.push(`DELIVERY_UNTIL must be a date like 2025-12-31, got "${until}"`);
  }
  if (from !== null && until !== null && isIsoDate(from) && isIsoDate(until) && from > until) {
    problems.push(`DELIVERY_FROM (${from}) must not be after DELIVERY_UNTIL (${until})`);
  }

  let trustProxy = false;
  const rawTrustProxy = text("TRUST_PROXY")?.toLowerCase() ?? null;
  if (rawTrustProxy !== null) {
    if (["1", "true", "yes", "on"].includes(rawTrustProxy)) trustProxy = true;
    else if (!["0", "false", "no", "off"].includes(rawTrustProxy)) {
      problems.push(`TRUST_PROXY must be true or false, got "${rawTrustProxy}"`);
    }
  }

  let trustProxyHops = 1;
  const rawHops = text("TRUST_PROXY_HOPS");
  if (rawHops !== null) {
    trustProxyHops = Number(rawHops);
    if (!/^\d+$/.test(rawHops) || trustProxyHops < 1 || trustProxyHops > 10) {
      problems.push(`TRUST_PROXY_HOPS must be a whole number from 1 to 10, got "${rawHops}"`);
    }
  }

  let publicUrl = text("PUBLIC_URL");
  if (publicUrl !== null) {
    try {
      const url = new URL(publicUrl);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
      if (url.pathname !== "/" || url.search || url.hash || url.username || url.password)
        throw new Error("more than an origin");
      publicUrl = url.origin;
    } catch {
      problems.push(
        `PUBLIC_URL must be the shop's address like https://shop.example (no path), got "${publicUrl}"`,
      );
    }
  }

  let pageCacheMb = 32;
  const rawPageCache = text("PAGE_CACHE_MB");
  if (rawPageCache !== null) {
    pageCacheMb = Number(rawPageCache);
    if (!/^\d+$/.test(rawPageCache) || pageCacheMb > 4096) {
      problems.push(
        `PAGE_CACHE_MB must be a whole number of megabytes up to 4096 (0 keeps no pages), got "${rawPageCache}"`,
      );
    }
  }

  let orderRateLimit = 10;
  const rawRateLimit = text("ORDER_RATE_LIMIT");
  if (rawRateLimit !== null) {
    orderRateLimit = Number(rawRateLimit);
    if (!/^\d+$/.test(rawRateLimit) || orderRateLimit > 100_000) {
      problems.push(
        `ORDER_RATE_LIMIT must be a whole number (0 turns it off), got "${rawRateLimit}"`,
      );
    }
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    webConcurrency,
    databasePath,
    databaseUrl,
    databasePoolSize,
    sessionSecret,
    telegram: { botToken, chatIds, apiUrl, deskChatIds, webhookSecret },
    desk: { holdAfterRefusals, expireUnconfirmedHours },
    analytics: { gaMeasurementId, adsConversionSendTo },
    delivery: { from, until },
    trustProxy,
    trustProxyHops,
    publicUrl,
    orderRateLimit,
    pageCacheBytes: pageCacheMb * 1024 * 1024,
  };
}

/**
 * The session secret when none is configured: generated once and kept beside the
 * database file, so sessions (and order confirmations) survive a restart.
 */
export function ensureSessionSecret(databasePath: string): string {
  if (databasePath === ":memory:") return randomBytes(32).toString("hex");
  const file = join(dirname(databasePath), "session.secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

let loaded: (Config & { sessionSecret: string }) | null = null;

/** The process's configuration, read and validated on first use (at boot). */
export function getConfig(): Config & { sessionSecret: string } {
  if (!loaded) {
    const config = parseConfig(process.env);
    loaded = {
      ...config,
      sessionSecret: config.sessionSecret ?? ensureSessionSecret(config.databasePath),
    };
  }
  return loaded;
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: "sqlite", path: config.databasePath };
}
