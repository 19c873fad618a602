// `npm run bench`: measures the production server on loopback (not a test: numbers for
// people). Builds when needed, starts the server on a temporary database, and with
// autocannon (10 s, 50 connections) measures the home and product pages in ru and en
// against a plain node:http server answering the same bytes from memory (the ceiling),
// then durable order placement with the outbox; also the cold start and the RSS.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import autocannon from "autocannon";
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

if (!existsSync("build/server/index.js")) {
  execFileSync(process.execPath, [require.resolve("@remix-run/dev/dist/cli.js"), "vite:build"], {
    stdio: "inherit",
  });
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
  const cart = `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`;
  const date = new Date(Date.now() + 2 * 86_400_000);
  const deliveryTime = `${String(date.getUTCDate()).padStart(2, "0")}.${String(date.getUTCMonth() + 1).padStart(2, "0")}.${String(date.getUTCFullYear() % 100).padStart(2, "0")}`;
  let sequence = 0;
  const orders = await run({
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
  const orderSummary = summary("POST /checkout (order + items + outbox)", orders);
  orderSummary.note = `${orders["3xx"] ?? 0} orders confirmed with 303`;
  results.push(orderSummary);

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
  console.log(
    `cold start to first 200: ${coldStartMs} ms; RSS after the run: ${report.rssAfterRunMb} MB`,
  );
  console.log("Written to bench/results.json");
} finally {
  await shop.stop();
  telegram.close();
}
