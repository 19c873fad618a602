import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import * as v from "valibot";
import type { DatabaseTarget } from "../../db/connection";
import { parseWebConcurrency } from "../../server/web-concurrency.mjs";
import { SECRET_FILES } from "./backup-secrets";
import { HTML_EMAIL } from "./email";
import { smsNumber } from "./sms-number";

export interface Config {
  port: number;
  /**
   * Server processes on the port (D28, D52). The server's primary reads it before
   * any build is loaded, with the same rule (server/web-concurrency.mjs); here so that one
   * error names every malformed variable.
   */
  webConcurrency: number;
  databasePath: string;
  /** PostgreSQL instead of the SQLite file when set (D28). */
  databaseUrl: string | null;
  /** Connections in the PostgreSQL pool of each process. */
  databasePoolSize: number;
  /** Null only before `getConfig` fills it from the file beside the database. */
  sessionSecret: string | null;
  /**
   * The key of the phone's keyed hash (D35), which keeps the refusal memory once phones
   * are gone. Null only before `getConfig` fills it from the file beside the database.
   */
  phoneHashKey: string | null;
  /** How long an order's personal data is kept after its final status (D35). */
  retention: {
    /** Days after delivery. */
    deliveredDays: number;
    /** Days after a refusal or a cancellation. */
    undeliveredDays: number;
  };
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
    /** A new order waiting longer than this many hours stands out in the queue. */
    confirmWithinHours: number;
    /** Days after delivery the shopper is asked for a review (0: at once). */
    reviewAfterDays: number;
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
  /** The bearer token `/metrics` asks for (D72); null: no `/metrics` at all. */
  metricsToken: string | null;
  /** The daily backup and the owners' `Back up now` (D71, D77). */
  backup: {
    /** The file whose content encrypts backups; null: the shop makes none (never plain). */
    passphraseFile: string | null;
    /** Holds daily/YYYY-MM-DD.backup and monthly/YYYY-MM.backup. */
    root: string;
    /** An rclone remote path each checked backup is copied to; null: none. */
    remote: string | null;
  };
  /** Messages by SMS and e-mail (D87); each channel off when unset. */
  messages: {
    sms: { url: string; key: string; sender: string } | null;
    mail: { smtpUrl: string; from: string } | null;
    /** Who hears of each new order by e-mail and by SMS (995XXXXXXXXX), besides the desk's settings. */
    deskEmails: string[];
    deskPhones: string[];
  };
}

/** Where a server keeps its backups unless BACKUP_ROOT says otherwise (deploy/, README). */
export const SERVER_BACKUP_ROOT = "/var/backups/herbal-shop";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/**
 * A variable as the shop reads it: trimmed, and null when missing or empty. The default
 * matters: `v.object` skips a missing key whose schema is optional without a default.
 */
const setting = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.transform((value) => value || null),
);

/** A setting that, when set, must pass `rule`; null when unset. */
function whenSet<TOutput>(rule: v.GenericSchema<string, TOutput>) {
  return v.pipe(setting, v.nullable(rule));
}

/** The message for a malformed variable that may be shown: what it must be, and what it was. */
function echoing(name: string, rule: string) {
  return (issue: { input: unknown }) => `${name} ${rule}, got "${issue.input}"`;
}

/**
 * A whole number from `from` to `to`, `fallback` when unset. The message says "must be a
 * whole number from A to B" unless `says` puts what the variable takes otherwise.
 */
function wholeNumber<const TFallback extends number | null>(
  name: string,
  rule: { from: number; to: number; fallback: TFallback; says?: string },
) {
  const { from, to, fallback, says = `a whole number from ${from} to ${to}` } = rule;
  return v.pipe(
    setting,
    v.nullable(
      v.pipe(
        v.string(),
        v.check(
          (raw) => /^\d+$/.test(raw) && Number(raw) >= from && Number(raw) <= to,
          echoing(name, `must be ${says}`),
        ),
        v.transform(Number),
      ),
    ),
    v.transform((value) => value ?? fallback),
  );
}

/** Comma-separated Telegram chats: numeric ids or @channel names; none when unset. */
function chatList(name: string) {
  return v.pipe(
    v.optional(v.string(), ""),
    v.transform((list) =>
      list
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
    v.array(
      v.pipe(
        v.string(),
        v.regex(/^(-?\d{1,20}|@\w{5,32})$/, echoing(name, "must be numeric ids or @channel names")),
      ),
    ),
  );
}

/** A comma-separated list, each item trimmed, empty ones dropped. */
const commaList = v.pipe(
  v.optional(v.string(), ""),
  v.transform((list) =>
    list
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

/** An http(s) address, or null. */
function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

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

const ON = ["1", "true", "yes", "on"];
const OFF = ["0", "false", "no", "off"];

const BOT_TOKEN = /^\d+:[\w-]{20,}$/;

/**
 * Every variable the shop reads, in the order its problems are listed. The messages of
 * DATABASE_URL, SESSION_SECRET, TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET and
 * METRICS_TOKEN and BACKUP_REMOTE never repeat the value: they are (or may hold) secrets.
 */
const variables = v.object({
  PORT: wholeNumber("PORT", { from: 1, to: 65535, fallback: 3000 }),
  WEB_CONCURRENCY: v.pipe(
    // The default makes the pipe run for a missing variable too (see `setting`).
    v.optional(v.string(), ""),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { workers, problem } = parseWebConcurrency(dataset.value);
      if (problem === null) return workers;
      addIssue({ message: problem });
      return NEVER;
    }),
  ),
  DATABASE_PATH: v.pipe(setting, v.nullable(v.string(), "db/shop.sqlite")),
  DATABASE_URL: whenSet(
    v.pipe(
      v.string(),
      v.regex(
        /^postgres(ql)?:\/\/\S+$/,
        "DATABASE_URL must be a PostgreSQL address like postgres://user:pass@host/db",
      ),
    ),
  ),
  DATABASE_POOL_SIZE: wholeNumber("DATABASE_POOL_SIZE", { from: 1, to: 200, fallback: 10 }),
  SESSION_SECRET: whenSet(
    v.pipe(v.string(), v.minLength(32, "SESSION_SECRET must be at least 32 characters long")),
  ),
  PHONE_HASH_KEY: whenSet(
    v.pipe(v.string(), v.minLength(32, "PHONE_HASH_KEY must be at least 32 characters long")),
  ),
  KEEP_DELIVERED_DAYS: wholeNumber("KEEP_DELIVERED_DAYS", { from: 30, to: 3650, fallback: 1095 }),
  KEEP_UNDELIVERED_DAYS: wholeNumber("KEEP_UNDELIVERED_DAYS", {
    from: 30,
    to: 3650,
    fallback: 365,
  }),
  // Checked with the rules below, so that a malformed token still asks for chats.
  TELEGRAM_BOT_TOKEN: setting,
  TELEGRAM_CHAT_IDS: chatList("TELEGRAM_CHAT_IDS"),
  DESK_TELEGRAM_CHAT_IDS: chatList("DESK_TELEGRAM_CHAT_IDS"),
  TELEGRAM_API_URL: v.pipe(
    setting,
    v.nullable(
      v.pipe(
        v.string(),
        v.check(
          (url) => httpUrl(url) !== null,
          echoing("TELEGRAM_API_URL", "must be an http(s) address"),
        ),
        v.transform((url) => url.replace(/\/+$/, "")),
      ),
      "https://api.telegram.org",
    ),
  ),
  TELEGRAM_WEBHOOK_SECRET: whenSet(
    v.pipe(
      v.string(),
      v.regex(
        /^[A-Za-z0-9_-]{1,256}$/,
        "TELEGRAM_WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -",
      ),
    ),
  ),
  HOLD_AFTER_REFUSALS: wholeNumber("HOLD_AFTER_REFUSALS", { from: 1, to: 1000, fallback: 2 }),
  CONFIRM_WITHIN_HOURS: wholeNumber("CONFIRM_WITHIN_HOURS", { from: 1, to: 720, fallback: 24 }),
  REVIEW_AFTER_DAYS: wholeNumber("REVIEW_AFTER_DAYS", { from: 0, to: 365, fallback: 3 }),
  EXPIRE_UNCONFIRMED_HOURS: wholeNumber("EXPIRE_UNCONFIRMED_HOURS", {
    from: 1,
    to: 8760,
    fallback: null,
    says: "a whole number of hours from 1 to 8760",
  }),
  GA_MEASUREMENT_ID: whenSet(
    v.pipe(
      v.string(),
      v.regex(/^G-[A-Z0-9]{4,20}$/, echoing("GA_MEASUREMENT_ID", "must look like G-XXXXXXXXXX")),
    ),
  ),
  ADS_CONVERSION_SEND_TO: whenSet(
    v.pipe(
      v.string(),
      v.regex(
        /^AW-\d{4,20}\/[\w-]{1,64}$/,
        echoing("ADS_CONVERSION_SEND_TO", "must look like AW-123456789/AbCdEf"),
      ),
    ),
  ),
  DELIVERY_FROM: whenSet(
    v.pipe(
      v.string(),
      v.check(isIsoDate, echoing("DELIVERY_FROM", "must be a date like 2025-01-01")),
    ),
  ),
  DELIVERY_UNTIL: whenSet(
    v.pipe(
      v.string(),
      v.check(isIsoDate, echoing("DELIVERY_UNTIL", "must be a date like 2025-12-31")),
    ),
  ),
  TRUST_PROXY: v.pipe(
    setting,
    v.nullable(
      v.pipe(
        v.string(),
        v.toLowerCase(),
        v.picklist([...ON, ...OFF], echoing("TRUST_PROXY", "must be true or false")),
        v.transform((word) => ON.includes(word)),
      ),
      "false",
    ),
  ),
  TRUST_PROXY_HOPS: wholeNumber("TRUST_PROXY_HOPS", { from: 1, to: 10, fallback: 1 }),
  PUBLIC_URL: whenSet(
    v.pipe(
      v.string(),
      v.check(
        (value) => {
          const url = httpUrl(value);
          return (
            url !== null &&
            url.pathname === "/" &&
            !url.search &&
            !url.hash &&
            !url.username &&
            !url.password
          );
        },
        echoing("PUBLIC_URL", "must be the shop's address like https://shop.example (no path)"),
      ),
      v.transform((value) => new URL(value).origin),
    ),
  ),
  PAGE_CACHE_MB: wholeNumber("PAGE_CACHE_MB", {
    from: 0,
    to: 4096,
    fallback: 32,
    says: "a whole number of megabytes up to 4096 (0 keeps no pages)",
  }),
  ORDER_RATE_LIMIT: wholeNumber("ORDER_RATE_LIMIT", {
    from: 0,
    to: 100_000,
    fallback: 10,
    says: "a whole number (0 turns it off)",
  }),
  // A bearer token (RFC 6750's characters), long enough not to be guessed.
  METRICS_TOKEN: whenSet(
    v.pipe(
      v.string(),
      v.minLength(32, "METRICS_TOKEN must be at least 32 characters long"),
      v.regex(
        /^[A-Za-z0-9._~+/-]+=*$/,
        "METRICS_TOKEN must be made of A-Z, a-z, 0-9 and - . _ ~ + / (a bearer token)",
      ),
    ),
  ),
  BACKUP_PASSPHRASE_FILE: setting,
  BACKUP_ROOT: setting,
  // A configured remote (`name:path`) or one made on the fly (`:backend,option=…:path`).
  // The message never repeats the value: an on-the-fly remote may carry a password.
  BACKUP_REMOTE: whenSet(
    v.pipe(
      v.string(),
      v.regex(
        /^(?::[a-z0-9]+(?:,.*)?|[\w.][\w. -]*):/i,
        "BACKUP_REMOTE must be an rclone remote path like s3:bucket/shop or sftp:host/dir",
      ),
    ),
  ),
  SMS_API_URL: v.pipe(
    setting,
    v.nullable(
      v.pipe(
        v.string(),
        v.check(
          (url) => httpUrl(url) !== null,
          echoing("SMS_API_URL", "must be an http(s) address"),
        ),
        v.transform((url) => url.replace(/\/+$/, "")),
      ),
      "https://smsoffice.ge",
    ),
  ),
  // Secret: the message never repeats it.
  SMS_API_KEY: setting,
  SMS_SENDER: whenSet(
    v.pipe(
      v.string(),
      v.check(
        (sender) => /^[A-Za-z][A-Za-z0-9 ]{0,10}$/.test(sender),
        echoing("SMS_SENDER", "must be the registered sender name: up to 11 Latin letters"),
      ),
    ),
  ),
  // Secret (it may carry a password): the message never repeats it.
  SMTP_URL: whenSet(
    v.pipe(
      v.string(),
      v.regex(
        /^smtps?:\/\/\S+$/,
        "SMTP_URL must be an SMTP address like smtp://user:password@mail.example.ge:587",
      ),
    ),
  ),
  MAIL_FROM: whenSet(
    v.pipe(
      v.string(),
      v.check(
        (from) => {
          const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
          return HTML_EMAIL.test(address.trim());
        },
        echoing(
          "MAIL_FROM",
          'must be an address, or a name and an address like "Shop <shop@example.ge>"',
        ),
      ),
    ),
  ),
  DESK_NOTIFY_EMAILS: v.pipe(
    commaList,
    v.array(
      v.pipe(
        v.string(),
        v.regex(
          HTML_EMAIL,
          echoing("DESK_NOTIFY_EMAILS", "must be e-mail addresses, comma-separated"),
        ),
      ),
    ),
  ),
  DESK_NOTIFY_PHONES: v.pipe(
    commaList,
    v.array(
      v.pipe(
        v.string(),
        v.check(
          (phone) => smsNumber(phone) !== null,
          echoing(
            "DESK_NOTIFY_PHONES",
            "must be Georgian numbers like +995 555 123 456, comma-separated",
          ),
        ),
        v.transform((phone) => smsNumber(phone) as string),
      ),
    ),
  ),
});

/**
 * The rules that tie variables together, each forwarded to the variable to change. A
 * partial check runs while its variables have no problem, and also whenever the object
 * is still typed (a failed check or regex leaves it so): its requirement must hold up on
 * a malformed value.
 */
const environment = v.pipe(
  variables,
  v.forward(
    v.partialCheck(
      [["SMS_API_KEY"], ["SMS_SENDER"]],
      (env) => env.SMS_API_KEY === null || env.SMS_SENDER !== null,
      "SMS_SENDER must name the registered sender when SMS_API_KEY is set",
    ),
    ["SMS_SENDER"],
  ),
  v.forward(
    v.partialCheck(
      [["SMTP_URL"], ["MAIL_FROM"]],
      (env) => env.SMTP_URL === null || env.MAIL_FROM !== null,
      "MAIL_FROM must give the shop's sending address when SMTP_URL is set",
    ),
    ["MAIL_FROM"],
  ),
  // Before the token's own check, which would otherwise keep this one from running when
  // other variables are malformed: a malformed token still needs its chats.
  v.forward(
    v.partialCheck(
      [["TELEGRAM_BOT_TOKEN"], ["TELEGRAM_CHAT_IDS"]],
      (env) => env.TELEGRAM_BOT_TOKEN === null || env.TELEGRAM_CHAT_IDS.length > 0,
      "TELEGRAM_CHAT_IDS must name at least one chat when TELEGRAM_BOT_TOKEN is set",
    ),
    ["TELEGRAM_CHAT_IDS"],
  ),
  v.forward(
    v.partialCheck(
      [["TELEGRAM_BOT_TOKEN"]],
      (env) => env.TELEGRAM_BOT_TOKEN === null || BOT_TOKEN.test(env.TELEGRAM_BOT_TOKEN),
      "TELEGRAM_BOT_TOKEN must look like 123456789:AAE... (digits, a colon, the key)",
    ),
    ["TELEGRAM_BOT_TOKEN"],
  ),
  v.forward(
    v.partialCheck(
      [["DELIVERY_FROM"], ["DELIVERY_UNTIL"]],
      ({ DELIVERY_FROM: from, DELIVERY_UNTIL: until }) =>
        from === null || until === null || !isIsoDate(from) || !isIsoDate(until) || from <= until,
      (issue) =>
        `DELIVERY_FROM (${issue.input.DELIVERY_FROM}) must not be after DELIVERY_UNTIL (${issue.input.DELIVERY_UNTIL})`,
    ),
    ["DELIVERY_FROM"],
  ),
);

const ORDER: string[] = Object.keys(variables.entries);

/** Where a problem is listed: with the variable its issue is about. */
function position(issue: v.BaseIssue<unknown>): number {
  return ORDER.indexOf(String(issue.path?.[0]?.key));
}

/**
 * Reads every environment variable the shop uses, once, through one schema. Pure: it
 * touches neither the file system nor the process, so it is tested directly. Every
 * malformed variable is reported by name in one error.
 */
export function parseConfig(env: Env, cwd = process.cwd()): Config {
  const result = v.safeParse(environment, env);
  if (!result.success) {
    const issues = [...result.issues].sort((a, b) => position(a) - position(b));
    throw new ConfigError(issues.map((issue) => issue.message));
  }
  const read = result.output;
  const databasePath = resolve(cwd, read.DATABASE_PATH);
  return {
    port: read.PORT,
    webConcurrency: read.WEB_CONCURRENCY,
    databasePath,
    databaseUrl: read.DATABASE_URL,
    databasePoolSize: read.DATABASE_POOL_SIZE,
    sessionSecret: read.SESSION_SECRET,
    phoneHashKey: read.PHONE_HASH_KEY,
    retention: {
      deliveredDays: read.KEEP_DELIVERED_DAYS,
      undeliveredDays: read.KEEP_UNDELIVERED_DAYS,
    },
    telegram: {
      botToken: read.TELEGRAM_BOT_TOKEN,
      chatIds: read.TELEGRAM_CHAT_IDS,
      apiUrl: read.TELEGRAM_API_URL,
      // The desk's links go to the order chats unless it has chats of its own.
      deskChatIds:
        read.DESK_TELEGRAM_CHAT_IDS.length > 0
          ? read.DESK_TELEGRAM_CHAT_IDS
          : read.TELEGRAM_CHAT_IDS,
      webhookSecret: read.TELEGRAM_WEBHOOK_SECRET,
    },
    desk: {
      holdAfterRefusals: read.HOLD_AFTER_REFUSALS,
      expireUnconfirmedHours: read.EXPIRE_UNCONFIRMED_HOURS,
      confirmWithinHours: read.CONFIRM_WITHIN_HOURS,
      reviewAfterDays: read.REVIEW_AFTER_DAYS,
    },
    analytics: {
      gaMeasurementId: read.GA_MEASUREMENT_ID,
      adsConversionSendTo: read.ADS_CONVERSION_SEND_TO,
    },
    delivery: { from: read.DELIVERY_FROM, until: read.DELIVERY_UNTIL },
    trustProxy: read.TRUST_PROXY,
    trustProxyHops: read.TRUST_PROXY_HOPS,
    publicUrl: read.PUBLIC_URL,
    orderRateLimit: read.ORDER_RATE_LIMIT,
    pageCacheBytes: read.PAGE_CACHE_MB * 1024 * 1024,
    metricsToken: read.METRICS_TOKEN,
    backup: {
      passphraseFile: read.BACKUP_PASSPHRASE_FILE && resolve(cwd, read.BACKUP_PASSPHRASE_FILE),
      // A server's backups go where its units allow; a developer's beside the database.
      root: read.BACKUP_ROOT
        ? resolve(cwd, read.BACKUP_ROOT)
        : env.NODE_ENV === "production"
          ? SERVER_BACKUP_ROOT
          : join(dirname(databasePath), "backups"),
      remote: read.BACKUP_REMOTE,
    },
    messages: {
      sms:
        read.SMS_API_KEY && read.SMS_SENDER
          ? { url: read.SMS_API_URL, key: read.SMS_API_KEY, sender: read.SMS_SENDER }
          : null,
      mail:
        read.SMTP_URL && read.MAIL_FROM ? { smtpUrl: read.SMTP_URL, from: read.MAIL_FROM } : null,
      deskEmails: read.DESK_NOTIFY_EMAILS,
      deskPhones: read.DESK_NOTIFY_PHONES,
    },
  };
}

/**
 * The session secret when none is configured: generated once and kept beside the
 * database file, so sessions (and order confirmations) survive a restart.
 */
export function ensureSessionSecret(databasePath: string): string {
  return ensureSecret(databasePath, SECRET_FILES.SESSION_SECRET);
}

/**
 * A secret generated once and kept in `name` beside the database file (readable by the
 * shop's user only), unless the database lives in memory.
 */
export function ensureSecret(databasePath: string, name: string): string {
  if (databasePath === ":memory:") return randomBytes(32).toString("hex");
  const file = join(dirname(databasePath), name);
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

export type LoadedConfig = Config & { sessionSecret: string; phoneHashKey: string };
let loaded: LoadedConfig | null = null;

/** The process's configuration, read and validated on first use (at boot). */
export function getConfig(): LoadedConfig {
  if (!loaded) {
    const config = parseConfig(process.env);
    loaded = {
      ...config,
      sessionSecret: config.sessionSecret ?? ensureSessionSecret(config.databasePath),
      // Kept apart from the database on purpose: a copy of the database alone cannot
      // turn the hashes back into phone numbers by trying every number.
      phoneHashKey:
        config.phoneHashKey ?? ensureSecret(config.databasePath, SECRET_FILES.PHONE_HASH_KEY),
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
