import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BACKUP_STALE_MS,
  backupAgeSeconds,
  backupIsStale,
  diskIsLow,
  diskSpace,
  readShopFigures,
  scrapeShopFigures,
} from "~/desk/health.server";
import { placeOrder } from "~/orders/place.server";
import type { Database } from "../../db/schema";
import { createLogger, routeConsole, safeError } from "../../server/log.mjs";
import {
  METRICS_CONTENT_TYPE,
  bearerMatches,
  createProcessMetrics,
  createShopGauges,
} from "../../server/metrics.mjs";
import { createRouteNamer, routePatterns } from "../../server/route-name.mjs";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

/** The shape of the build's `routes`, with the shop's own ids and paths. */
const routes = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "routes/_shop", parentId: "root" },
    { id: "routes/_own", parentId: "root" },
    { id: "routes/_shop._index", parentId: "routes/_shop", index: true },
    { id: "routes/_shop.$", parentId: "routes/_shop", path: "*" },
    { id: "routes/_shop.catalog._index", parentId: "routes/_shop", path: "catalog", index: true },
    { id: "routes/_shop.catalog.404", parentId: "routes/_shop", path: "catalog/404" },
    { id: "routes/_shop.catalog.$group._index", parentId: "routes/_shop", path: "catalog/:group" },
    {
      id: "routes/_shop.catalog.$group.$slug",
      parentId: "routes/_shop",
      path: "catalog/:group/:slug",
    },
    { id: "routes/_own.o.$token", parentId: "routes/_own", path: "o/:token" },
    { id: "routes/_own.o.$token_.cancel", parentId: "routes/_own", path: "o/:token/cancel" },
    { id: "routes/_shop.checkout", parentId: "routes/_shop", path: "checkout" },
    { id: "routes/desk", parentId: "root", path: "desk" },
    { id: "routes/desk._index", parentId: "routes/desk", index: true },
    { id: "routes/desk.$", parentId: "routes/desk", path: "*" },
    { id: "routes/desk.sign-in.$token", parentId: "routes/desk", path: "sign-in/:token" },
    { id: "routes/desk.orders.$number", parentId: "routes/desk", path: "orders/:number" },
    { id: "routes/desk.orders.new", parentId: "routes/desk", path: "orders/new" },
    { id: "routes/robots[.]txt", parentId: "root", path: "robots.txt" },
    { id: "routes/languages", parentId: "root", path: ":lang?/languages" },
  ].map((route) => [route.id, route]),
);

describe("createRouteNamer", () => {
  const routeOf = createRouteNamer(routes);

  it("names a page by its route's pattern, never by its address", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/catalog")).toBe("/catalog");
    expect(routeOf("/catalog/face/calendula")).toBe("/catalog/:group/:slug");
    expect(routeOf("/catalog/face")).toBe("/catalog/:group");
    expect(routeOf("/robots.txt")).toBe("/robots.txt");
    const token = "k3J9xQ2mZpW8vN4rT6yB1cD5fG7hL0sA";
    expect(routeOf(`/o/${token}`)).toBe("/o/:token");
    expect(routeOf(`/o/${token}/cancel`)).toBe("/o/:token/cancel");
    expect(routeOf(`/desk/sign-in/${token}`)).toBe("/desk/sign-in/:token");
  });

  it("prefers a fixed word to a parameter, whatever the order of the routes", () => {
    expect(routeOf("/catalog/404")).toBe("/catalog/404");
    expect(routeOf("/desk/orders/new")).toBe("/desk/orders/new");
    expect(routeOf("/desk/orders/123456")).toBe("/desk/orders/:number");
    const reversed = createRouteNamer(Object.fromEntries(Object.entries(routes).reverse()));
    expect(reversed("/desk/orders/new")).toBe("/desk/orders/new");
    expect(reversed("/desk")).toBe("/desk");
  });

  it("matches words without case, optional segments both ways, and a trailing slash", () => {
    expect(routeOf("/Catalog/FACE/x/")).toBe("/catalog/:group/:slug");
    expect(routeOf("/languages")).toBe("/:lang?/languages");
    expect(routeOf("/ka/languages")).toBe("/:lang?/languages");
  });

  it("calls what only a catch-all matches 404, files under /assets one name", () => {
    expect(routeOf("/nothing/here")).toBe("404");
    expect(routeOf("/desk/nothing")).toBe("404");
    expect(routeOf("/o/token/extra/words")).toBe("404");
    expect(createRouteNamer({ root: { id: "root", path: "" } })("/x")).toBe("404");
    expect(routeOf("/assets/entry.client-AbC123.js")).toBe("/assets/*");
    expect(routeOf("/__manifest")).toBe("/__manifest");
  });

  it("names data requests after their page", () => {
    expect(routeOf("/catalog/face/calendula.data")).toBe("/catalog/:group/:slug.data");
    expect(routeOf("/_root.data")).toBe("/_root.data");
    expect(routeOf("/o/secret-token.data")).toBe("/o/:token.data");
    expect(routeOf("/no/such/page.data")).toBe("404");
  });

  it("lists every pattern once", () => {
    const patterns = routePatterns(routes);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns).toContain("/desk/sign-in/:token");
    expect(patterns).toContain("/desk/*");
  });
});

describe("bearerMatches", () => {
  const token = "m".repeat(40);

  it("takes exactly the configured token after Bearer", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer  ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });

  it("takes nothing when no token is configured", () => {
    expect(bearerMatches("Bearer ", null)).toBe(false);
    expect(bearerMatches(`Bearer ${token}`, null)).toBe(false);
    expect(bearerMatches(`Bearer ${token}`, "")).toBe(false);
  });
});

describe("the metrics' text", () => {
  it("counts requests by route and status, their latency, and the page cache's outcomes", async () => {
    const metrics = createProcessMetrics({ defaults: false });
    const page = { route: "/catalog/:group/:slug", method: "GET", status: 200 };
    metrics.observe({ ...page, seconds: 0.003, cache: "hit" });
    metrics.observe({ ...page, seconds: 0.04, cache: "miss" });
    metrics.observe({ ...page, seconds: 0.001, cache: "hit" });
    metrics.observe({ route: "404", method: "GET", status: 404, seconds: 0.02, cache: "bypass" });
    metrics.observe({
      route: "/assets/*",
      method: "GET",
      status: 200,
      seconds: 0.001,
      cache: null,
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain("# TYPE shop_http_requests_total counter");
    expect(text).toContain(
      'shop_http_requests_total{route="/catalog/:group/:slug",method="GET",status="200"} 3',
    );
    expect(text).toContain('shop_http_requests_total{route="404",method="GET",status="404"} 1');
    expect(text).toContain(
      'shop_http_request_duration_seconds_bucket{le="0.005",route="/catalog/:group/:slug"} 2',
    );
    expect(text).toContain('shop_http_request_duration_seconds_count{route="/assets/*"} 1');
    expect(text).toContain('shop_page_cache_requests_total{outcome="hit"} 2');
    expect(text).toContain('shop_page_cache_requests_total{outcome="miss"} 1');
    expect(text).toContain('shop_page_cache_requests_total{outcome="bypass"} 1');
    expect(metrics.registry.contentType).toBe(METRICS_CONTENT_TYPE);
    expect(METRICS_CONTENT_TYPE).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("gives the database's figures as gauges, a missing backup or copy as infinitely old", async () => {
    const gauges = createShopGauges();
    const figures = {
      ordersPlaced: 7,
      notificationsPending: 2,
      notificationsFailed: 1,
      messages: [],
      messageSegments: [],
      backupAgeSeconds: 3600,
      backupRemoteAgeSeconds: 7200,
    };
    const text = await gauges.render(figures);
    expect(text).toContain("# TYPE shop_orders_placed gauge");
    expect(text).toContain("shop_orders_placed 7");
    expect(text).toContain('shop_notifications{status="pending"} 2');
    expect(text).toContain('shop_notifications{status="failed"} 1');
    expect(text).toContain("shop_backup_age_seconds 3600");
    expect(text).toContain("shop_backup_remote_age_seconds 7200");
    // Set, not added: the next scrape says what the database holds then.
    const next = await gauges.render({
      ...figures,
      ordersPlaced: 8,
      backupAgeSeconds: null,
      backupRemoteAgeSeconds: null,
    });
    expect(next).toContain("shop_orders_placed 8");
    expect(next).toContain("shop_backup_age_seconds +Inf");
    expect(next).toContain("shop_backup_remote_age_seconds +Inf");
  });

  it("counts the outbox's messages by channel and status, and SMS segments by status", async () => {
    const gauges = createShopGauges();
    const figures = {
      ordersPlaced: 3,
      notificationsPending: 1,
      notificationsFailed: 0,
      messages: [
        { channel: "telegram", status: "pending", count: 1 },
        { channel: "sms", status: "sent", count: 4 },
        { channel: "sms", status: "failed", count: 1 },
        { channel: "email", status: "stopped", count: 2 },
      ],
      messageSegments: [
        { status: "pending", segments: 0 },
        { status: "sent", segments: 7 },
        { status: "failed", segments: 0 },
        { status: "stopped", segments: 0 },
      ],
      backupAgeSeconds: 60,
      backupRemoteAgeSeconds: null,
    };
    const text = await gauges.render(figures);
    expect(text).toContain("# TYPE shop_messages gauge");
    expect(text).toContain('shop_messages{channel="telegram",status="pending"} 1');
    expect(text).toContain('shop_messages{channel="sms",status="sent"} 4');
    expect(text).toContain('shop_messages{channel="sms",status="failed"} 1');
    expect(text).toContain('shop_messages{channel="email",status="stopped"} 2');
    // Every channel and status is a series, 0 when the outbox holds none.
    expect(text).toContain('shop_messages{channel="email",status="failed"} 0');
    expect(text.match(/^shop_messages\{/gm)).toHaveLength(12);
    expect(text).toContain("# TYPE shop_message_segments gauge");
    expect(text).toContain('shop_message_segments{status="sent"} 7');
    expect(text).toContain('shop_message_segments{status="failed"} 0');
    // The Telegram gauge keeps its meaning beside them.
    expect(text).toContain('shop_notifications{status="pending"} 1');
    // A channel and status the outbox no longer holds goes back to 0 at the next scrape.
    const next = await gauges.render({ ...figures, messages: [] });
    expect(next).toContain('shop_messages{channel="sms",status="sent"} 0');
    expect(next.match(/^shop_messages\{/gm)).toHaveLength(12);
  });
});

/** A logger writing into an array of parsed lines. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger(stream), lines, raw };
}

describe("the log", () => {
  it("writes an error as its type, message, code and stack, never its other fields", () => {
    // As pg's DatabaseError: the failing row in `detail`.
    const error = Object.assign(new Error("null value in column violates not-null constraint"), {
      code: "23502",
      detail: "Failing row contains (+995 555 123 456, Rustaveli 1).",
      cause: Object.assign(new Error("inner"), { form: "address=Rustaveli" }),
    });
    const { logger, lines, raw } = capture();
    logger.error({ err: error }, "The request failed");
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "The request failed",
      err: {
        type: "Error",
        message: "null value in column violates not-null constraint",
        code: "23502",
        cause: { type: "Error", message: "inner" },
      },
    });
    // The phone as written, not its digits alone: a line's time in milliseconds or a
    // stack's line number may hold "555" by chance on some day.
    expect(raw.join("")).not.toContain("555 123 456");
    expect(raw.join("")).not.toContain("Rustaveli");
    expect(safeError("text")).toEqual({ type: "string", message: "text" });
    const secret = safeError(
      new Error('POST to "/o/4BtuQdeaJz6qbzJnLsn" and /desk/sign-in/Zq9_x-1?next=/desk failed'),
    );
    expect(secret.message).toBe('POST to "/o/:token" and /desk/sign-in/:token?next=/desk failed');
    expect(secret.stack).not.toContain("4BtuQdeaJz6qbzJnLsn");
    expect(safeError({ phone: "+995 555" })).toEqual({ type: "object", message: "(not an Error)" });
  });

  it("turns console calls into JSON lines at their level", () => {
    const { logger, lines } = capture();
    const target = { ...console };
    routeConsole(logger, target);
    target.info("Telegram notifications are off: %s.", "no token");
    target.warn("A warning");
    target.error("The order could not be saved:", Object.assign(new Error("busy"), { row: "x" }));
    target.error(new Error("alone"));
    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: "info", msg: "Telegram notifications are off: no token." },
      { level: "warn", msg: "A warning" },
      { level: "error", msg: "The order could not be saved:" },
      { level: "error", msg: "alone" },
    ]);
    expect(lines[2]?.err).toMatchObject({ message: "busy" });
    expect(lines[2]?.err).not.toHaveProperty("row");
    for (const line of lines) {
      expect(typeof line.time).toBe("string");
      expect(line.pid).toBe(process.pid);
      expect(line).not.toHaveProperty("hostname");
    }
  });
});

describe("the shop's health", () => {
  let db: Kysely<Database>;
  const now = Date.parse("2026-11-28T09:00:00Z");

  beforeEach(async () => {
    db = await freshDatabase("health");
  });

  afterEach(async () => {
    await db.destroy();
  });

  async function order() {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Rustaveli 1",
          deliveryTime: "05.12.26",
          phone: "+995 555 123 456",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language: "ru",
        token: `token-${Math.random()}`,
        titleLanguage: "ru",
      },
      {
        now,
        phoneHashKey: PHONE_HASH_KEY,
        telegram: {
          botToken: "123:abc",
          chatIds: ["1", "2"],
          deskChatIds: ["1", "2"],
          holdAfterRefusals: 2,
          phoneHashKey: PHONE_HASH_KEY,
          language: "ru",
        },
      },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order;
  }

  it("reads orders, pending and failed notifications and the newest backup from the database", async () => {
    const quiet = { pending: 0, failed: 0, stopped: 0, newestFailure: null };
    expect(await readShopFigures(db)).toEqual({
      ordersPlaced: 0,
      notificationsPending: 0,
      notificationsFailed: 0,
      messages: { sms: quiet, email: quiet },
      lastBackupAt: null,
      lastRemoteCopyAt: null,
      remoteCopyFailure: null,
    });
    const first = await order();
    await order();
    await db
      .updateTable("notifications")
      .set({ status: "failed" })
      .where("order_id", "=", first.id)
      .where("chat_id", "=", "1")
      .execute();
    await db
      .updateTable("notifications")
      .set({ status: "sent" })
      .where("order_id", "=", first.id)
      .where("chat_id", "=", "2")
      .execute();
    for (const finishedAt of ["2026-11-26T03:00:00.000Z", "2026-11-27T03:00:00.000Z"])
      await db
        .insertInto("backup_runs")
        .values({ finished_at: finishedAt, bytes: 1000, encrypted: 0 })
        .execute();
    expect(await readShopFigures(db)).toEqual({
      ordersPlaced: 2,
      notificationsPending: 2,
      notificationsFailed: 1,
      messages: { sms: quiet, email: quiet },
      lastBackupAt: Date.parse("2026-11-27T03:00:00.000Z"),
      lastRemoteCopyAt: null,
      remoteCopyFailure: null,
    });
    expect(await scrapeShopFigures(db, now)).toEqual({
      ordersPlaced: 2,
      notificationsPending: 2,
      notificationsFailed: 1,
      messages: expect.arrayContaining([
        { channel: "telegram", status: "pending", count: 2 },
        { channel: "telegram", status: "failed", count: 1 },
        { channel: "telegram", status: "sent", count: 1 },
      ]),
      messageSegments: [
        { status: "pending", segments: 0 },
        { status: "sent", segments: 0 },
        { status: "failed", segments: 0 },
        { status: "stopped", segments: 0 },
      ],
      backupAgeSeconds: 30 * 3600,
      backupRemoteAgeSeconds: null,
    });
  });

  it("counts SMS and e-mail apart from Telegram, with the newest failure, its order and the segments", async () => {
    const placed = await order();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const message = (
      minutes: number,
      row: {
        channel: "sms" | "email";
        status: "pending" | "sent" | "failed" | "stopped";
        order?: number | null;
        error?: string;
        segments?: number;
      },
    ) => ({
      order_id: row.order === undefined ? placed.id : row.order,
      topic: `test:${minutes}`,
      channel: row.channel,
      chat_id: row.channel === "sms" ? "995555123456" : "nino@example.ge",
      text: "text",
      status: row.status,
      attempts: row.status === "pending" ? 0 : 1,
      last_error: row.error ?? null,
      segments: row.segments ?? null,
      sent_at: row.status === "sent" ? at(minutes) : null,
      next_attempt_at: at(minutes),
      created_at: at(minutes),
    });
    await db
      .insertInto("notifications")
      .values([
        message(1, { channel: "sms", status: "sent", segments: 2 }),
        message(2, { channel: "sms", status: "sent", segments: 1 }),
        message(3, {
          channel: "sms",
          status: "failed",
          error: "gateway code 75: the number is on the gateway's stop list",
        }),
        // The newest failure is a code's SMS, which no order has (yet).
        message(4, {
          channel: "sms",
          status: "failed",
          order: null,
          error: "gateway code 20: the gateway's balance is too low",
        }),
        message(5, { channel: "sms", status: "pending" }),
        message(6, { channel: "email", status: "stopped" }),
        message(7, { channel: "email", status: "pending" }),
        message(8, { channel: "email", status: "failed", error: "SMTP 550: mailbox unavailable" }),
      ])
      .execute();
    const figures = await readShopFigures(db);
    // Telegram's figures count Telegram's rows alone: the two desk chats' of the order.
    expect(figures.notificationsPending).toBe(2);
    expect(figures.notificationsFailed).toBe(0);
    expect(figures.messages).toEqual({
      sms: {
        pending: 1,
        failed: 2,
        stopped: 0,
        newestFailure: {
          at: now + 4 * 60_000,
          error: "gateway code 20: the gateway's balance is too low",
          orderNumber: null,
        },
      },
      email: {
        pending: 1,
        failed: 1,
        stopped: 1,
        newestFailure: {
          at: now + 8 * 60_000,
          error: "SMTP 550: mailbox unavailable",
          orderNumber: placed.order_number,
        },
      },
    });
    const scraped = await scrapeShopFigures(db, now);
    expect(scraped.messages).toEqual(
      expect.arrayContaining([
        { channel: "telegram", status: "pending", count: 2 },
        { channel: "sms", status: "sent", count: 2 },
        { channel: "sms", status: "failed", count: 2 },
        { channel: "sms", status: "pending", count: 1 },
        { channel: "email", status: "stopped", count: 1 },
        { channel: "email", status: "pending", count: 1 },
        { channel: "email", status: "failed", count: 1 },
      ]),
    );
    expect(scraped.messages).toHaveLength(7);
    expect(scraped.messageSegments).toEqual([
      { status: "pending", segments: 0 },
      { status: "sent", segments: 3 },
      { status: "failed", segments: 0 },
      { status: "stopped", segments: 0 },
    ]);
    const text = await createShopGauges().render(scraped);
    expect(text).toContain('shop_messages{channel="sms",status="failed"} 2');
    expect(text).toContain('shop_message_segments{status="sent"} 3');
    expect(text).toContain('shop_notifications{status="pending"} 2');
  });

  it("calls a backup stale after two days, and no backup stale at once", () => {
    expect(backupIsStale(null, now)).toBe(true);
    expect(backupIsStale(now - BACKUP_STALE_MS, now)).toBe(false);
    expect(backupIsStale(now - BACKUP_STALE_MS - 1000, now)).toBe(true);
    expect(backupAgeSeconds(null, now)).toBeNull();
    expect(backupAgeSeconds(now - 90_500, now)).toBe(90);
    // A backup stamped by a machine whose clock runs ahead is not from the future.
    expect(backupAgeSeconds(now + 5000, now)).toBe(0);
  });

  it("measures the disk of the database's folder, or the app's for PostgreSQL", async () => {
    const sqlite = await diskSpace({
      databaseUrl: null,
      databasePath: join(tmpdir(), "shop.sqlite"),
    });
    expect(sqlite.databaseElsewhere).toBe(false);
    expect(sqlite.total).toBeGreaterThan(0);
    expect(sqlite.free).toBeLessThanOrEqual(sqlite.total);
    const postgres = await diskSpace({ databaseUrl: "postgres://x/y", databasePath: "/nowhere/x" });
    expect(postgres.databaseElsewhere).toBe(true);
    expect(diskIsLow({ free: 9, total: 100, databaseElsewhere: false })).toBe(true);
    expect(diskIsLow({ free: 10, total: 100, databaseElsewhere: false })).toBe(false);
  });
});
