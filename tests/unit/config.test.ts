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
    expect(config.desk).toEqual({ holdAfterRefusals: 2, expireUnconfirmedHours: null });
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

  it("reads the chat desk's settings and never echoes the webhook secret", () => {
    const config = parseConfig(
      {
        TELEGRAM_WEBHOOK_SECRET: "s3cret_-X",
        HOLD_AFTER_REFUSALS: "3",
        EXPIRE_UNCONFIRMED_HOURS: "48",
      },
      "/srv/shop",
    );
    expect(config.telegram.webhookSecret).toBe("s3cret_-X");
    expect(config.desk).toEqual({ holdAfterRefusals: 3, expireUnconfirmedHours: 48 });
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
