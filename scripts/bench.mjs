// `npm run bench`: measures the production server on loopback (not a test: numbers for
// people). Builds when needed, starts the server on a temporary database, and with
// autocannon (10 s, 50 connections) measures the home and product pages in ru and en
// against a plain node:http server answering the same bytes from memory (the ceiling),
// then durable order placement with the outbox; also the cold start and the RSS; then the
// product page and orders per second with 1 and 2 workers on SQLite and PostgreSQL.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import autocannon from "autocannon";
import pg from "pg";
import { postgresBinaries, startPostgres } from "./postgres.mjs";
import { precompress } from "./precompress.mjs";
import { startShop } from "./shop-server.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const require = createRequire(import.meta.url);

function listen(server) {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(server.address().port)),
  );
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function summary(name, result) {
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const cart = `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`;
const deliveryDate = new Date(Date.now() + 2 * 86_400_000);
const deliveryTime = [
  deliveryDate.getUTCDate(),
  deliveryDate.getUTCMonth() + 1,
  deliveryDate.getUTCFullYear() % 100,
]
  .map((part) => String(part).padStart(2, "0"))
  .join(".");
let sequence = 0;

/** POST /checkout with a fresh form token each time: durable orders, as fast as they go. */
function orderLoad(url) {
  return run({
    url: `${url}/checkout`,
    requests: [
      {
        method: "POST",
        headers: { Cookie: cart, "Content-Type": "application/x-www-form-urlencoded" },
        setupRequest(request) {
          sequence += 1;
          const token = `bench-${process.pid}-${sequence}-${Math.random().toString(36).slice(2)}`;
          return {
            ...request,
            body: new URLSearchParams({
              token,
              address: `Bench street ${sequence}`,
              deliveryTime,
              phone: "+995 555 123 456",
              messenger: "",
              email: "",
            }).toString(),
          };
        },
      },
    ],
  });
}

if (!existsSync("build/server/index.js")) {
  execFileSync(process.execPath, [require.resolve("@remix-run/dev/dist/cli.js"), "vite:build"], {
    stdio: "inherit",
  });
  await precompress("build/client");
}

// A Telegram that answers at once, so the outbox is written and drained as in production.
const telegram = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"ok":true,"result":{}}');
  });
});
const telegramPort = await listen(telegram);

const shop = await startShop(
  {
    ORDER_RATE_LIMIT: "0",
    TELEGRAM_BOT_TOKEN: "1:bench-token-abcdefghijklmnopq",
    TELEGRAM_CHAT_IDS: "1,2",
    TELEGRAM_API_URL: `http://127.0.0.1:${telegramPort}`,
  },
  undefined,
  { healthPath: "/" },
);
const { url } = shop;
const coldStartMs = shop.startupMs;

const results = [];
try {
  for (const [name, path, language] of [
    ["GET / (ru)", "/", "ru"],
    ["GET / (en)", "/", "en"],
    ["GET product (ru)", "/catalog/body/hemor-cream", "ru"],
    ["GET product (en)", "/catalog/body/hemor-cream", "en"],
  ]) {
    const headers = { Cookie: `lng=${language}`, "Accept-Encoding": "gzip" };
    const page = await fetch(`${url}${path}`, { headers: { Cookie: `lng=${language}` } });
    const body = Buffer.from(await page.arrayBuffer());
    const shopResult = summary(name, await run({ url: `${url}${path}`, headers }));

    // The ceiling: the same bytes from memory, no rendering, no database.
    const baseline = createServer((request, response) => {
      response.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": body.length,
      });
      response.end(body);
    });
    const baselinePort = await listen(baseline);
    const ceiling = summary(
      `${name} baseline`,
      await run({ url: `http://127.0.0.1:${baselinePort}${path}` }),
    );
    await new Promise((resolve) => baseline.close(resolve));
    results.push({
      ...shopResult,
      ceilingRequestsPerSecond: ceiling.requestsPerSecond,
      ratioToCeiling: Number((shopResult.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3)),
    });
  }

  // Durable order placement: a cart, then POST /checkout with a fresh token each time.
  const orders = await orderLoad(url);
  const orderSummary = summary("POST /checkout (order + items + outbox)", orders);
  orderSummary.note = `${orders["3xx"] ?? 0} orders confirmed with 303`;
  results.push(orderSummary);

  // Scaling (D28): the product page and durable orders with 1 and 2 workers, on SQLite and,
  // when Debian's PostgreSQL is installed, on a throwaway PostgreSQL cluster.
  const scaling = [];
  const cluster = postgresBinaries() ? await startPostgres() : null;
  try {
    const engines = [["SQLite", async () => ({})]];
    if (cluster) {
      engines.push([
        "PostgreSQL",
        async () => {
          const admin = new pg.Client({ connectionString: cluster.url });
          await admin.connect();
          const name = `bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
          await admin.query(`create database ${name}`);
          await admin.end();
          return { DATABASE_URL: cluster.url.replace(/\/postgres$/, `/${name}`) };
        },
      ]);
    }
    for (const [engine, database] of engines) {
      for (const workers of [1, 2]) {
        const scaled = await startShop(
          {
            ...(await database()),
            WEB_CONCURRENCY: String(workers),
            ORDER_RATE_LIMIT: "0",
            TELEGRAM_BOT_TOKEN: "1:bench-token-abcdefghijklmnopq",
            TELEGRAM_CHAT_IDS: "1,2",
            TELEGRAM_API_URL: `http://127.0.0.1:${telegramPort}`,
          },
          undefined,
          { healthPath: "/" },
        );
        try {
          const page = await run({
            url: `${scaled.url}/catalog/body/hemor-cream`,
            headers: { Cookie: "lng=ru", "Accept-Encoding": "gzip" },
          });
          const placed = await orderLoad(scaled.url);
          scaling.push({
            engine,
            workers,
            pageRequestsPerSecond: Math.round(page.requests.average),
            pageP99Ms: page.latency.p99,
            ordersPerSecond: Math.round((placed["3xx"] ?? 0) / DURATION),
            orderP99Ms: placed.latency.p99,
          });
        } finally {
          await scaled.stop();
        }
      }
    }
  } finally {
    cluster?.stop();
  }

  const rssKb = Number(
    /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${shop.process.pid}/status`, "utf8"))?.[1] ?? 0,
  );
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    coldStartMs,
    rssAfterRunMb: Math.round(rssKb / 1024),
    results,
    scaling,
  };
  mkdirSync("bench", { recursive: true });
  writeFileSync("bench/results.json", `${JSON.stringify(report, null, 2)}\n`);
  console.table(
    results.map((row) => ({
      measure: row.name,
      "req/s": row.requestsPerSecond,
      "p50 ms": row.p50Ms,
      "p99 ms": row.p99Ms,
      "ceiling req/s": row.ceilingRequestsPerSecond ?? "",
      "of ceiling": row.ratioToCeiling ?? "",
      errors: row.errors + row.non2xx - (row.name.startsWith("POST") ? (orders["3xx"] ?? 0) : 0),
    })),
  );
  console.table(
    scaling.map((row) => ({
      engine: row.engine,
      workers: row.workers,
      "product req/s": row.pageRequestsPerSecond,
      "product p99 ms": row.pageP99Ms,
      "orders/s": row.ordersPerSecond,
      "order p99 ms": row.orderP99Ms,
    })),
  );
  console.log(
    `cold start to first 200: ${coldStartMs} ms; RSS after the run: ${report.rssAfterRunMb} MB`,
  );
  console.log("Written to bench/results.json");
} finally {
  await shop.stop();
  telegram.close();
}
