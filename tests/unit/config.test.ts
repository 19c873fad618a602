import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, ensureSessionSecret, parseConfig } from "~/platform/config.server";
import { parseWebConcurrency } from "../../server/web-concurrency.mjs";

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env, "/srv/shop");
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("parseConfig", () => {
  it("starts with nothing configured", () => {
    const config = parseConfig({}, "/srv/shop");
    expect(config.port).toBe(3000);
    expect(config.webConcurrency).toBe(1);
    expect(config.databasePath).toBe("/srv/shop/db/shop.sqlite");
    expect(config.sessionSecret).toBeNull();
    expect(config.telegram).toEqual({
      botToken: null,
      chatIds: [],
      apiUrl: "https://api.telegram.org",
      deskChatIds: [],
      webhookSecret: null,
    });
    expect(config.desk).toEqual({
      holdAfterRefusals: 2,
      expireUnconfirmedHours: null,
      confirmWithinHours: 24,
      reviewAfterDays: 3,
    });
    expect(config.analytics).toEqual({ gaMeasurementId: null, adsConversionSendTo: null });
    expect(config.delivery).toEqual({ from: null, until: null });
    expect(config.trustProxy).toBe(false);
    expect(config.trustProxyHops).toBe(1);
    expect(config.publicUrl).toBeNull();
  });

  it("keeps PUBLIC_URL to an origin and counts proxy hops", () => {
    const config = parseConfig(
      { PUBLIC_URL: "https://Shop.Example/", TRUST_PROXY_HOPS: "2" },
      "/srv/shop",
    );
    expect(config.publicUrl).toBe("https://shop.example");
    expect(config.trustProxyHops).toBe(2);
    expect(problemsOf({ PUBLIC_URL: "shop.example" })[0]).toMatch(/^PUBLIC_URL/);
    expect(problemsOf({ PUBLIC_URL: "https://shop.example/ka" })[0]).toMatch(/^PUBLIC_URL/);
    expect(problemsOf({ PUBLIC_URL: "ftp://shop.example" })[0]).toMatch(/^PUBLIC_URL/);
    expect(problemsOf({ TRUST_PROXY_HOPS: "0" })[0]).toMatch(/^TRUST_PROXY_HOPS/);
    expect(problemsOf({ TRUST_PROXY_HOPS: "one" })[0]).toMatch(/^TRUST_PROXY_HOPS/);
  });

  it("reads every variable", () => {
    const config = parseConfig(
      {
        PORT: "8080",
        DATABASE_PATH: "/var/lib/shop/orders.sqlite",
        SESSION_SECRET: "s".repeat(40),
        TELEGRAM_BOT_TOKEN: "123456:ABCdefGHIjklMNOpqrSTUvwx",
        TELEGRAM_CHAT_IDS: " 111 , -1002222 ",
        TELEGRAM_API_URL: "http://127.0.0.1:9999/",
        GA_MEASUREMENT_ID: "G-ABC123XYZ",
        ADS_CONVERSION_SEND_TO: "AW-123456789/AbC-dEf",
        DELIVERY_FROM: "2025-01-01",
        DELIVERY_UNTIL: "2025-12-31",
        TRUST_PROXY: "true",
      },
      "/srv/shop",
    );
    expect(config.port).toBe(8080);
    expect(config.databasePath).toBe("/var/lib/shop/orders.sqlite");
    expect(config.sessionSecret).toBe("s".repeat(40));
    expect(config.telegram.chatIds).toEqual(["111", "-1002222"]);
    // The desk's sign-in links go to the order chats unless it has chats of its own.
    expect(config.telegram.deskChatIds).toEqual(["111", "-1002222"]);
    expect(
      parseConfig({ TELEGRAM_CHAT_IDS: "1", DESK_TELEGRAM_CHAT_IDS: "7, 8" }, "/srv").telegram
        .deskChatIds,
    ).toEqual(["7", "8"]);
    expect(problemsOf({ DESK_TELEGRAM_CHAT_IDS: "x y" })[0]).toMatch(/^DESK_TELEGRAM_CHAT_IDS/);
    expect(config.telegram.apiUrl).toBe("http://127.0.0.1:9999");
    expect(config.analytics.gaMeasurementId).toBe("G-ABC123XYZ");
    expect(config.delivery).toEqual({ from: "2025-01-01", until: "2025-12-31" });
    expect(config.trustProxy).toBe(true);
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "65" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "2.5" }, "WEB_CONCURRENCY"],
    [{ WEB_CONCURRENCY: "auto" }, "WEB_CONCURRENCY"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ TELEGRAM_BOT_TOKEN: "not-a-token", TELEGRAM_CHAT_IDS: "1" }, "TELEGRAM_BOT_TOKEN"],
    [{ TELEGRAM_BOT_TOKEN: "123456:ABCdefGHIjklMNOpqrSTUvwx" }, "TELEGRAM_CHAT_IDS"],
    [{ TELEGRAM_CHAT_IDS: "12;34" }, "TELEGRAM_CHAT_IDS"],
    [{ TELEGRAM_API_URL: "ftp://example" }, "TELEGRAM_API_URL"],
    [{ GA_MEASUREMENT_ID: "UA-1234" }, "GA_MEASUREMENT_ID"],
    [{ ADS_CONVERSION_SEND_TO: "AW-12" }, "ADS_CONVERSION_SEND_TO"],
    [{ DELIVERY_FROM: "2025-02-30" }, "DELIVERY_FROM"],
    [{ DELIVERY_UNTIL: "31.12.2025" }, "DELIVERY_UNTIL"],
    [{ DELIVERY_FROM: "2025-12-31", DELIVERY_UNTIL: "2025-01-01" }, "DELIVERY_FROM"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
  ])("names the malformed variable in %o", (env, name) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  it("reads SMS and e-mail: each off unless whole, secrets never echoed, the owner's numbers as the gateway takes them", () => {
    const off = parseConfig({}, "/srv/shop").messages;
    expect(off).toEqual({ sms: null, mail: null, deskEmails: [], deskPhones: [] });
    const on = parseConfig(
      {
        SMS_API_KEY: "key-123",
        SMS_SENDER: "Kolkhida",
        SMTP_URL: "smtp://shop:secret@mail.example.ge:587",
        MAIL_FROM: "Kolkhida <shop@example.ge>",
        DESK_NOTIFY_EMAILS: "owner@example.ge, second@example.ge",
        DESK_NOTIFY_PHONES: "+995 555 12 34 56, 599000111",
      },
      "/srv/shop",
    ).messages;
    expect(on).toEqual({
      sms: { url: "https://smsoffice.ge", key: "key-123", sender: "Kolkhida" },
      mail: {
        smtpUrl: "smtp://shop:secret@mail.example.ge:587",
        from: "Kolkhida <shop@example.ge>",
      },
      deskEmails: ["owner@example.ge", "second@example.ge"],
      deskPhones: ["995555123456", "995599000111"],
    });
    expect(problemsOf({ SMS_API_KEY: "key-123" })).toEqual([
      "SMS_SENDER must name the registered sender when SMS_API_KEY is set",
    ]);
    expect(problemsOf({ SMTP_URL: "smtp://shop:secret@mail.example.ge" })).toEqual([
      "MAIL_FROM must give the shop's sending address when SMTP_URL is set",
    ]);
    const bad = problemsOf({
      SMS_SENDER: "Колхида",
      SMTP_URL: "http://shop:secret@mail.example.ge",
      MAIL_FROM: "not an address",
      DESK_NOTIFY_PHONES: "12345",
      DESK_NOTIFY_EMAILS: "owner@",
    });
    expect(bad).toHaveLength(5);
    expect(bad.join("\n")).not.toContain("secret");
  });

  it("reads METRICS_TOKEN as a bearer token of 32 characters or more, never echoed", () => {
    expect(parseConfig({}, "/srv/shop").metricsToken).toBeNull();
    const token = "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6-._~+/=";
    expect(parseConfig({ METRICS_TOKEN: ` ${token} ` }, "/srv/shop").metricsToken).toBe(token);
    for (const bad of [
      "short-token",
      `${"x".repeat(31)}`,
      `${"x".repeat(32)} y`,
      `é${"x".repeat(40)}`,
    ]) {
      const problems = problemsOf({ METRICS_TOKEN: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toMatch(/^METRICS_TOKEN must/);
      expect(problems[0]).not.toContain(bad.trim());
    }
  });

  it("reads the backups' settings: a developer's beside the database, a server's in /var/backups", () => {
    expect(parseConfig({}, "/srv/shop").backup).toEqual({
      passphraseFile: null,
      root: "/srv/shop/db/backups",
      remote: null,
    });
    expect(parseConfig({ NODE_ENV: "production" }, "/srv/shop").backup.root).toBe(
      "/var/backups/herbal-shop",
    );
    const remote = ":webdav,url='http://127.0.0.1:8080',bearer_token=hunter2hunter2:shop";
    expect(
      parseConfig(
        {
          BACKUP_PASSPHRASE_FILE: "keys/backup.pass",
          BACKUP_ROOT: "/data/b",
          BACKUP_REMOTE: remote,
        },
        "/srv/shop",
      ).backup,
    ).toEqual({ passphraseFile: "/srv/shop/keys/backup.pass", root: "/data/b", remote });
    expect(parseConfig({ BACKUP_REMOTE: "s3:bucket/shop" }, "/srv/shop").backup.remote).toBe(
      "s3:bucket/shop",
    );
    // A local path is not a remote; the message never repeats what was given.
    for (const bad of ["/var/backups/elsewhere", "bucket/pass-w0rd-here"]) {
      const problems = problemsOf({ BACKUP_REMOTE: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^BACKUP_REMOTE must be an rclone remote path/);
      expect(problems[0]).not.toContain(bad);
    }
  });

  it("reads PAGE_CACHE_MB as whole megabytes, 0 keeping no pages", () => {
    expect(parseConfig({}, "/srv/shop").pageCacheBytes).toBe(32 * 1024 * 1024);
    expect(parseConfig({ PAGE_CACHE_MB: "0" }, "/srv/shop").pageCacheBytes).toBe(0);
    expect(parseConfig({ PAGE_CACHE_MB: "64" }, "/srv/shop").pageCacheBytes).toBe(64 * 1024 * 1024);
    for (const bad of ["-1", "1.5", "lots", "5000"])
      expect(problemsOf({ PAGE_CACHE_MB: bad })[0]).toMatch(/^PAGE_CACHE_MB/);
  });

  it("reads WEB_CONCURRENCY with the rule the server's primary uses", () => {
    expect(parseConfig({ WEB_CONCURRENCY: " 4 " }, "/srv/shop").webConcurrency).toBe(4);
    expect(parseConfig({ WEB_CONCURRENCY: "64" }, "/srv/shop").webConcurrency).toBe(64);
    expect(parseConfig({ WEB_CONCURRENCY: "" }, "/srv/shop").webConcurrency).toBe(1);
    expect(problemsOf({ WEB_CONCURRENCY: "0" })).toEqual([parseWebConcurrency("0").problem]);
  });

  it("reads how long personal data is kept and the phone hash's key, never echoing the key", () => {
    const defaults = parseConfig({}, "/srv/shop");
    expect(defaults.retention).toEqual({ deliveredDays: 1095, undeliveredDays: 365 });
    expect(defaults.phoneHashKey).toBeNull();
    const set = parseConfig(
      { KEEP_DELIVERED_DAYS: "730", KEEP_UNDELIVERED_DAYS: "90", PHONE_HASH_KEY: "k".repeat(32) },
      "/srv/shop",
    );
    expect(set.retention).toEqual({ deliveredDays: 730, undeliveredDays: 90 });
    expect(set.phoneHashKey).toBe("k".repeat(32));
    expect(problemsOf({ KEEP_DELIVERED_DAYS: "7" })[0]).toMatch(/^KEEP_DELIVERED_DAYS/);
    expect(problemsOf({ KEEP_UNDELIVERED_DAYS: "forever" })[0]).toMatch(/^KEEP_UNDELIVERED_DAYS/);
    const short = "short-key";
    const problems = problemsOf({ PHONE_HASH_KEY: short });
    expect(problems[0]).toMatch(/^PHONE_HASH_KEY/);
    expect(problems.join("\n")).not.toContain(short);
  });

  it("reads the chat desk's settings and never echoes the webhook secret", () => {
    const config = parseConfig(
      {
        TELEGRAM_WEBHOOK_SECRET: "s3cret_-X",
        HOLD_AFTER_REFUSALS: "3",
        EXPIRE_UNCONFIRMED_HOURS: "48",
        CONFIRM_WITHIN_HOURS: "6",
        REVIEW_AFTER_DAYS: "0",
      },
      "/srv/shop",
    );
    expect(config.telegram.webhookSecret).toBe("s3cret_-X");
    expect(config.desk).toEqual({
      holdAfterRefusals: 3,
      expireUnconfirmedHours: 48,
      confirmWithinHours: 6,
      reviewAfterDays: 0,
    });
    expect(problemsOf({ CONFIRM_WITHIN_HOURS: "0" })[0]).toMatch(/^CONFIRM_WITHIN_HOURS/);
    expect(problemsOf({ REVIEW_AFTER_DAYS: "-1" })[0]).toMatch(/^REVIEW_AFTER_DAYS/);
    const secret = "not allowed!";
    const problems = problemsOf({ TELEGRAM_WEBHOOK_SECRET: secret });
    expect(problems[0]).toMatch(/^TELEGRAM_WEBHOOK_SECRET/);
    expect(problems.join("\n")).not.toContain(secret);
    expect(problemsOf({ TELEGRAM_WEBHOOK_SECRET: "x".repeat(257) })[0]).toMatch(
      /^TELEGRAM_WEBHOOK_SECRET/,
    );
    expect(problemsOf({ HOLD_AFTER_REFUSALS: "0" })[0]).toMatch(/^HOLD_AFTER_REFUSALS/);
    expect(problemsOf({ EXPIRE_UNCONFIRMED_HOURS: "1.5" })[0]).toMatch(/^EXPIRE_UNCONFIRMED_HOURS/);
  });

  it("reports every malformed variable at once and never echoes the bot token", () => {
    const token = "999:this-is-not-valid";
    const problems = problemsOf({ PORT: "x", TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_IDS: "1" });
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).not.toContain(token);
  });

  it("lists every malformed variable in one error, each under its own name", () => {
    const secrets = {
      DATABASE_URL: "mysql://root:hunter2@db/shop",
      SESSION_SECRET: "hunter2-too-short",
      TELEGRAM_BOT_TOKEN: "hunter2",
      TELEGRAM_WEBHOOK_SECRET: "hunter2 with spaces",
    };
    let error: unknown;
    try {
      parseConfig(
        {
          ...secrets,
          PORT: "0",
          WEB_CONCURRENCY: "auto",
          DATABASE_POOL_SIZE: "201",
          TELEGRAM_CHAT_IDS: "12;34",
          DESK_TELEGRAM_CHAT_IDS: "7, x y",
          TELEGRAM_API_URL: "ftp://example",
          HOLD_AFTER_REFUSALS: "0",
          EXPIRE_UNCONFIRMED_HOURS: "1.5",
          GA_MEASUREMENT_ID: "UA-1234",
          ADS_CONVERSION_SEND_TO: "AW-12",
          DELIVERY_FROM: "2025-02-30",
          DELIVERY_UNTIL: "31.12.2025",
          TRUST_PROXY: "Maybe",
          TRUST_PROXY_HOPS: "11",
          PUBLIC_URL: "https://shop.example/ka",
          PAGE_CACHE_MB: "5000",
          ORDER_RATE_LIMIT: "-1",
        },
        "/srv/shop",
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toEqual([
      'PORT must be a whole number from 1 to 65535, got "0"',
      'WEB_CONCURRENCY must be a whole number from 1 to 64, got "auto"',
      "DATABASE_URL must be a PostgreSQL address like postgres://user:pass@host/db",
      'DATABASE_POOL_SIZE must be a whole number from 1 to 200, got "201"',
      "SESSION_SECRET must be at least 32 characters long",
      "TELEGRAM_BOT_TOKEN must look like 123456789:AAE... (digits, a colon, the key)",
      'TELEGRAM_CHAT_IDS must be numeric ids or @channel names, got "12;34"',
      'DESK_TELEGRAM_CHAT_IDS must be numeric ids or @channel names, got "x y"',
      'TELEGRAM_API_URL must be an http(s) address, got "ftp://example"',
      "TELEGRAM_WEBHOOK_SECRET must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -",
      'HOLD_AFTER_REFUSALS must be a whole number from 1 to 1000, got "0"',
      'EXPIRE_UNCONFIRMED_HOURS must be a whole number of hours from 1 to 8760, got "1.5"',
      'GA_MEASUREMENT_ID must look like G-XXXXXXXXXX, got "UA-1234"',
      'ADS_CONVERSION_SEND_TO must look like AW-123456789/AbCdEf, got "AW-12"',
      'DELIVERY_FROM must be a date like 2025-01-01, got "2025-02-30"',
      'DELIVERY_UNTIL must be a date like 2025-12-31, got "31.12.2025"',
      'TRUST_PROXY must be true or false, got "maybe"',
      'TRUST_PROXY_HOPS must be a whole number from 1 to 10, got "11"',
      'PUBLIC_URL must be the shop\'s address like https://shop.example (no path), got "https://shop.example/ka"',
      'PAGE_CACHE_MB must be a whole number of megabytes up to 4096 (0 keeps no pages), got "5000"',
      'ORDER_RATE_LIMIT must be a whole number (0 turns it off), got "-1"',
    ]);
    for (const problem of problems) expect(message).toContain(`  - ${problem}`);
    expect(message).not.toContain("hunter2");
  });

  it("asks a malformed bot token for its chats too", () => {
    expect(problemsOf({ TELEGRAM_BOT_TOKEN: "hunter2" })).toEqual([
      "TELEGRAM_BOT_TOKEN must look like 123456789:AAE... (digits, a colon, the key)",
      "TELEGRAM_CHAT_IDS must name at least one chat when TELEGRAM_BOT_TOKEN is set",
    ]);
    // The same while another variable is malformed.
    expect(problemsOf({ TELEGRAM_BOT_TOKEN: "hunter2", PORT: "x" })).toHaveLength(3);
  });

  it("compares the delivery dates only when both are dates", () => {
    for (const others of [{}, { PORT: "x" }] as Record<string, string>[]) {
      const problems = problemsOf({
        ...others,
        DELIVERY_FROM: "2025-13-01",
        DELIVERY_UNTIL: "2025-01-01",
      });
      expect(problems.filter((problem) => problem.startsWith("DELIVERY_"))).toEqual([
        'DELIVERY_FROM must be a date like 2025-01-01, got "2025-13-01"',
      ]);
    }
    expect(
      problemsOf({ DELIVERY_FROM: "2025-12-31", DELIVERY_UNTIL: "2025-01-01", PORT: "x" }),
    ).toEqual([
      'PORT must be a whole number from 1 to 65535, got "x"',
      "DELIVERY_FROM (2025-12-31) must not be after DELIVERY_UNTIL (2025-01-01)",
    ]);
  });

  it("reads TRUST_PROXY's spellings in any case, and empty or blank as unset", () => {
    for (const on of ["1", "true", "YES", " On "])
      expect(parseConfig({ TRUST_PROXY: on }, "/srv").trustProxy).toBe(true);
    for (const off of ["0", "False", "no", "OFF", "", "   "])
      expect(parseConfig({ TRUST_PROXY: off }, "/srv").trustProxy).toBe(false);
    const blank = parseConfig({ PORT: " ", TELEGRAM_API_URL: "", DATABASE_PATH: "  " }, "/srv");
    expect(blank.port).toBe(3000);
    expect(blank.telegram.apiUrl).toBe("https://api.telegram.org");
    expect(blank.databasePath).toBe("/srv/db/shop.sqlite");
    expect(parseConfig({}, "/srv")).toMatchObject({ orderRateLimit: 10, databasePoolSize: 10 });
  });
});

describe("ensureSessionSecret", () => {
  it("generates a secret once beside the database and keeps it", () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-secret-"));
    const databasePath = join(dir, "shop.sqlite");
    const first = ensureSessionSecret(databasePath);
    const second = ensureSessionSecret(databasePath);
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    const file = join(dir, "session.secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
