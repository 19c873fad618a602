// `npm run bench`: measures the production server on loopback (not a test: numbers for
// people; it never fails on a missed target). Builds the shop and the reference app when
// needed, then with autocannon (BENCH_SECONDS each, 50 connections), without and with
// gzip:
// - the reference: a stock Remix page of the product page's shape and size
//   (bench/reference) served by remix-serve, the yardstick every shop figure is divided by;
// - the ceiling: node:http answering the shop's product page bytes from memory;
// - the shop's product and home pages for a first-time visitor (no cookies) and a
//   returning one (the language and a one-line cart in their cookies, as the shop set them),
//   and the product page's data for a navigation in the browser (`.data`), both visitors;
// each after a warm-up of 100 requests and followed by the Server-Timing header of 50
// sequential requests. Then durable order placement (after a warm-up of 100 orders) on
// SQLite and, when Debian's PostgreSQL is installed, on a throwaway cluster; the cold
// start and the RSS, the targets as pass or fail lines and, unless BENCH_SCALING=0, the
// product page and orders with 1 and 2 workers on SQLite and PostgreSQL. Everything goes to bench/results.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { buildWhenStale, reference as referenceApp, shop as shopApp } from "./builds.mjs";
import { postgresBinaries, startPostgres } from "./postgres.mjs";
import { summarizeServerTiming } from "./server-timing.mjs";
import { freePort, spawnServer, startShop } from "./shop-server.mjs";

// `npm run bench -- --desk`: the desk at 10k, 100k and 1M orders instead (scripts/bench-desk.mjs, D88).
if (process.argv.includes("--desk")) {
  const { benchDesk } = await import("./bench-desk.mjs");
  await benchDesk();
  process.exit(0);
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SCALING = process.env.BENCH_SCALING !== "0";
const CONNECTIONS = 50;
/** Sequential requests whose Server-Timing header is read, per scenario. */
const TIMING_SAMPLES = 50;
/** Requests before each measure, so V8 has optimised the hot paths of a fresh server. */
const WARM_UP_REQUESTS = 2 * CONNECTIONS;
const PRODUCT_PATH = "/catalog/body/hemor-cream";
/** The targets the shop's rendering work aims at, against the reference (same encoding). */
const TARGETS = {
  firstVisitRatio: 9,
  returningRatio: 3,
  p99Ms: 100,
  /** A navigation's data against the reference's whole document. */
  dataRatio: 10,
  /** Durable orders on SQLite (issue 40), and their p99. */
  ordersPerSecond: 500,
  orderP99Ms: 200,
};
const ENCODINGS = /** @type {const} */ ([
  ["identity", {}],
  ["gzip", { "Accept-Encoding": "gzip" }],
]);

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

/**
 * One GET with exactly these headers (fetch would add its own Accept-Encoding).
 * @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: Buffer }>}
 */
function get(url, headers = {}, agent = undefined) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers, agent }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** Requests per second and latency under load, after a warm-up. */
async function load(url, headers) {
  await run({ url, headers, amount: WARM_UP_REQUESTS });
  const result = await run({ url, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts a timeout as an error too.
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Server-Timing and wall time of sequential requests on one kept-alive connection. */
async function sampleTiming(url, headers) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timings = [];
  let wallMs = 0;
  let bodyBytes = 0;
  try {
    for (let index = 0; index < TIMING_SAMPLES; index += 1) {
      const started = performance.now();
      const response = await get(url, headers, agent);
      wallMs += performance.now() - started;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      const header = response.headers["server-timing"];
      timings.push(Array.isArray(header) ? header.join(", ") : header);
      bodyBytes = response.body.length;
    }
  } finally {
    agent.destroy();
  }
  return {
    bodyBytes,
    wallMs: Number((wallMs / TIMING_SAMPLES).toFixed(2)),
    ...summarizeServerTiming(timings),
  };
}

/** The cookies a returning visitor brings: English chosen, one jar in the cart. */
async function returningVisitorCookie(url) {
  const language = await fetch(`${url}/?lng=en`, { redirect: "manual" });
  await language.arrayBuffer();
  const cart = await fetch(`${url}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", key: "body/hemor-cream", fetcher: "1" }),
  });
  await cart.arrayBuffer();
  const pairs = [...language.headers.getSetCookie(), ...cart.headers.getSetCookie()].map(
    (cookie) => cookie.split(";")[0] ?? "",
  );
  const cookie = pairs.join("; ");
  const page = await get(`${url}${PRODUCT_PATH}`, { Cookie: cookie });
  const html = page.body.toString("utf8");
  if (!html.includes('<html lang="en"') || !/aria-label="[^"]*: 1 /.test(html))
    throw new Error(`The returning visitor's cookies (${cookie}) were not honoured`);
  return cookie;
}

const deliveryDate = new Date(Date.now() + 2 * 86_400_000);
const deliveryTime = [
  deliveryDate.getUTCDate(),
  deliveryDate.getUTCMonth() + 1,
  deliveryDate.getUTCFullYear() % 100,
]
  .map((part) => String(part).padStart(2, "0"))
  .join(".");
let sequence = 0;

/** Shoppers' phones: a number comes back now and then, as a shop's customers do. */
const BENCH_PHONES = 2_000;
const benchPhone = (index) => {
  const digits = String(100_000 + (index % BENCH_PHONES));
  return `+995 555 ${digits.slice(0, 3)} ${digits.slice(3)}`;
};

/**
 * POST /checkout with a fresh form token each time: durable orders, as fast as they go
 * (for BENCH_SECONDS, or `amount` orders), from BENCH_PHONES numbers in turn (one number
 * for every order would make each order count thousands of earlier ones, which no shop's
 * customer has).
 */
function orderLoad(url, cookie, amount = undefined) {
  return run({
    ...(amount ? { amount } : {}),
    url: `${url}/checkout`,
    requests: [
      {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        setupRequest(request) {
          sequence += 1;
          const token = `bench-${process.pid}-${sequence}-${Math.random().toString(36).slice(2)}`;
          return {
            ...request,
            body: new URLSearchParams({
              token,
              address: `Bench street ${sequence}`,
              deliveryTime,
              phone: benchPhone(sequence),
              messenger: "",
              email: "",
            }).toString(),
          };
        },
      },
    ],
  });
}

/** Durable orders under load, after the same warm-up as a page: WARM_UP_REQUESTS orders. */
async function ordersUnderLoad(url, cookie) {
  await orderLoad(url, cookie, WARM_UP_REQUESTS);
  return orderLoad(url, cookie);
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** remix-serve as its package installs it, run from the app's folder as its docs show. */
async function startReference() {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@remix-run/serve/package.json");
  const cli = join(
    dirname(manifest),
    JSON.parse(readFileSync(manifest, "utf8")).bin["remix-serve"],
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServer([cli, "build/server/index.js"], {
    url: `${url}${PRODUCT_PATH}`,
    cwd: resolve(referenceApp.root),
    env: { NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
    // remix-serve logs every request (morgan); a service manager would keep those lines,
    // here they go nowhere rather than through this process.
    quiet: true,
  });
  return { url, ...server };
}

const ratio = (value, base) => (base ? Number((value / base).toFixed(2)) : null);
const times = (value) => (value === null ? "–" : `${value.toFixed(2)}×`);

await buildWhenStale(shopApp);
await buildWhenStale(referenceApp);

const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
console.log(
  `${cpus().length} cores, load average ${loadAtStart.join(" ")}; ${DURATION} s a measure, ${CONNECTIONS} connections`,
);

/** What to stop at the end, the last started first. */
const toStop = [];
try {
  // A Telegram that takes each message at once, so the outbox is written and drained as in
  // production, and holds getUpdates open as its long poll does (for the poll's timeout).
  const telegram = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (result) => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ ok: true, result }));
      };
      if (!request.url?.endsWith("/getUpdates")) return answer({ message_id: 1 });
      const { timeout = 0 } = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      const held = setTimeout(() => answer([]), timeout * 1000);
      response.on("close", () => clearTimeout(held));
    });
  });
  const telegramPort = await listen(telegram);
  toStop.push(() => new Promise((resolve) => telegram.close(resolve)));
  const shopEnv = {
    ORDER_RATE_LIMIT: "0",
    TELEGRAM_BOT_TOKEN: "1:bench-token-abcdefghijklmnopq",
    TELEGRAM_CHAT_IDS: "1,2",
    TELEGRAM_API_URL: `http://127.0.0.1:${telegramPort}`,
  };

  const referenceServer = await startReference();
  toStop.push(() => referenceServer.stop());
  const shop = await startShop(shopEnv, undefined, { healthPath: "/" });
  toStop.push(() => shop.stop());

  // The ceiling: the shop's product page from memory, no rendering, no database.
  const productBytes = (await get(`${shop.url}${PRODUCT_PATH}`)).body;
  const productGzipped = gzipSync(productBytes);
  const ceiling = createServer((request, response) => {
    const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    const body = gzip ? productGzipped : productBytes;
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    });
    response.end(body);
  });
  const ceilingUrl = `http://127.0.0.1:${await listen(ceiling)}`;
  toStop.push(() => new Promise((resolve) => ceiling.close(resolve)));

  const returningCookie = await returningVisitorCookie(shop.url);
  const scenarios = [
    { server: "reference", page: "product", visitor: "", url: referenceServer.url, cookie: "" },
    { server: "ceiling", page: "product", visitor: "", url: ceilingUrl, cookie: "" },
  ];
  for (const [page, path] of [
    ["product", PRODUCT_PATH],
    ["home", "/"],
  ]) {
    for (const [visitor, cookie] of [
      ["first-time", ""],
      ["returning", returningCookie],
    ]) {
      scenarios.push({ server: "shop", page, visitor, url: shop.url, path, cookie });
    }
  }
  // A navigation in the browser to the product page asks for its data (single fetch).
  for (const [visitor, cookie] of [
    ["first-time", ""],
    ["returning", returningCookie],
  ]) {
    scenarios.push({
      server: "shop",
      page: "product data",
      visitor,
      url: shop.url,
      path: `${PRODUCT_PATH}.data`,
      cookie,
    });
  }

  const pages = [];
  for (const scenario of scenarios) {
    for (const [encoding, encodingHeaders] of ENCODINGS) {
      const url = `${scenario.url}${scenario.path ?? PRODUCT_PATH}`;
      const headers = {
        ...encodingHeaders,
        ...(scenario.cookie ? { Cookie: scenario.cookie } : {}),
      };
      const name = [scenario.server, scenario.page, scenario.visitor].filter(Boolean).join(" ");
      process.stdout.write(`${name}, ${encoding}… `);
      const measured = await load(url, headers);
      const timing = scenario.server === "ceiling" ? null : await sampleTiming(url, headers);
      console.log(`${measured.requestsPerSecond} req/s`);
      pages.push({
        name,
        server: scenario.server,
        page: scenario.page,
        visitor: scenario.visitor || null,
        encoding,
        path: scenario.path ?? PRODUCT_PATH,
        ...measured,
        bodyBytes:
          timing?.bodyBytes ?? (encoding === "gzip" ? productGzipped : productBytes).length,
        serverTiming: timing,
      });
    }
  }
  for (const row of pages) {
    const base = pages.find(
      (other) => other.server === "reference" && other.encoding === row.encoding,
    );
    row.ratioToReference =
      row.server === "reference" || !base
        ? null
        : {
            requestsPerSecond: ratio(row.requestsPerSecond, base.requestsPerSecond),
            p50Ms: ratio(row.p50Ms, base.p50Ms),
            p99Ms: ratio(row.p99Ms, base.p99Ms),
          };
  }

  // Durable order placement: a cart, then POST /checkout with a fresh token each time.
  const orderFigures = (engine, placed) => ({
    name: `POST /checkout (order + items + outbox), ${engine}`,
    engine,
    ordersPerSecond: Math.round((placed["3xx"] ?? 0) / DURATION),
    p50Ms: placed.latency.p50,
    p99Ms: placed.latency.p99,
    confirmed: placed["3xx"] ?? 0,
    // Refused (4xx, 5xx: a write lock not granted within its wait, say) apart from the
    // requests that got no answer at all (a socket error, autocannon's 10 s timeout).
    refused: (placed["4xx"] ?? 0) + (placed["5xx"] ?? 0),
    errors: placed.errors,
    timeouts: placed.timeouts,
  });
  process.stdout.write("POST /checkout, SQLite… ");
  const orders = orderFigures("SQLite", await ordersUnderLoad(shop.url, returningCookie));
  console.log(`${orders.ordersPerSecond} orders/s`);
  // The same on a throwaway PostgreSQL cluster (Debian's server), when it is installed: a
  // shop of its own. The scaling measures below use the same cluster.
  const cluster = postgresBinaries() ? await startPostgres() : null;
  if (cluster) toStop.push(async () => cluster.stop());
  const postgresDatabase = async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const name = `bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.query(`create database ${name}`);
    await admin.end();
    return { DATABASE_URL: cluster.url.replace(/\/postgres$/, `/${name}`) };
  };
  let ordersPostgres = null;
  if (cluster) {
    process.stdout.write("POST /checkout, PostgreSQL… ");
    const onPostgres = await startShop({ ...(await postgresDatabase()), ...shopEnv }, undefined, {
      healthPath: "/",
    });
    try {
      const cookie = await returningVisitorCookie(onPostgres.url);
      ordersPostgres = orderFigures("PostgreSQL", await ordersUnderLoad(onPostgres.url, cookie));
      console.log(`${ordersPostgres.ordersPerSecond} orders/s`);
    } finally {
      await onPostgres.stop();
    }
  }
  const rssAfterRunMb = {
    shop: rssMb(shop.process.pid),
    reference: rssMb(referenceServer.process.pid),
  };

  const targets = [
    {
      target: `durable orders ≥ ${TARGETS.ordersPerSecond}/s with p99 < ${TARGETS.orderP99Ms} ms on SQLite (synchronous=FULL, ${CONNECTIONS} connections)`,
      measured: `${orders.ordersPerSecond} orders/s, p99 ${orders.p99Ms} ms`,
      pass: orders.ordersPerSecond >= TARGETS.ordersPerSecond && orders.p99Ms < TARGETS.orderP99Ms,
    },
  ];
  for (const [encoding] of ENCODINGS) {
    const find = (server, page, visitor) =>
      pages.find(
        (row) =>
          row.server === server &&
          row.page === page &&
          row.encoding === encoding &&
          (visitor === null || row.visitor === visitor),
      );
    const base = find("reference", "product", null);
    if (!base) continue;
    const against = (row, times) => ({
      measured: `${row.requestsPerSecond} req/s = ${(row.requestsPerSecond / base.requestsPerSecond).toFixed(2)}× ${base.requestsPerSecond}`,
      pass: row.requestsPerSecond >= times * base.requestsPerSecond,
    });
    for (const [page, visitor, times] of [
      ["product", "first-time", TARGETS.firstVisitRatio],
      ["product", "returning", TARGETS.returningRatio],
      ["home", "returning", TARGETS.returningRatio],
      ["product data", "first-time", TARGETS.dataRatio],
      ["product data", "returning", TARGETS.dataRatio],
    ]) {
      const row = find("shop", page, visitor);
      if (!row) continue;
      const who = visitor === "returning" ? "returning visitor with a cart" : "first-time visitor";
      targets.push({
        target: `${who}, ${page}, ${encoding}: req/s ≥ ${times}× the reference's document`,
        ...against(row, times),
      });
      if (page !== "product data")
        targets.push({
          target: `${who}, ${page}, ${encoding}: p99 < ${TARGETS.p99Ms} ms at ${CONNECTIONS} connections`,
          measured: `p99 ${row.p99Ms} ms`,
          pass: row.p99Ms < TARGETS.p99Ms,
        });
    }
  }

  // Scaling (D28): the product page and durable orders with 1 and 2 workers, on SQLite and,
  // when Debian's PostgreSQL is installed, on a throwaway PostgreSQL cluster.
  const scaling = SCALING ? [] : null;
  if (scaling) {
    {
      const engines = [["SQLite", async () => ({})]];
      if (cluster) engines.push(["PostgreSQL", postgresDatabase]);
      for (const [engine, database] of engines) {
        for (const workers of [1, 2]) {
          process.stdout.write(`scaling: ${engine}, ${workers} worker(s)… `);
          const scaled = await startShop(
            { ...(await database()), ...shopEnv, WEB_CONCURRENCY: String(workers) },
            undefined,
            { healthPath: "/" },
          );
          try {
            const page = await load(`${scaled.url}${PRODUCT_PATH}`, { "Accept-Encoding": "gzip" });
            const ordered = await ordersUnderLoad(
              scaled.url,
              await returningVisitorCookie(scaled.url),
            );
            scaling.push({
              engine,
              workers,
              pageRequestsPerSecond: page.requestsPerSecond,
              pageP99Ms: page.p99Ms,
              ordersPerSecond: Math.round((ordered["3xx"] ?? 0) / DURATION),
              orderP99Ms: ordered.latency.p99,
            });
            console.log("done");
          } finally {
            await scaled.stop();
          }
        }
      }
    }
  }

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    loadAverageAtStart: loadAtStart,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    timingSamples: TIMING_SAMPLES,
    coldStartMs: { shop: shop.startupMs, reference: referenceServer.startupMs },
    rssAfterRunMb,
    pages,
    orders,
    ordersPostgres,
    targets,
    scaling,
  };
  mkdirSync("bench", { recursive: true });
  writeFileSync("bench/results.json", `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    "\nThroughput and latency (×ref: the figure divided by the reference's, same encoding)",
  );
  console.table(
    pages.map((row) => ({
      measure: row.name,
      encoding: row.encoding,
      KB: Number((row.bodyBytes / 1024).toFixed(1)),
      "req/s": row.requestsPerSecond,
      "p50 ms": row.p50Ms,
      "p99 ms": row.p99Ms,
      "req/s ×ref": times(row.ratioToReference?.requestsPerSecond ?? null),
      "p50 ×ref": times(row.ratioToReference?.p50Ms ?? null),
      "p99 ×ref": times(row.ratioToReference?.p99Ms ?? null),
      errors: row.errors + row.non2xx,
    })),
  );

  const timed = pages.filter((row) => row.serverTiming);
  const metricNames = [
    ...new Set([
      "loader",
      "render",
      "compress",
      ...timed.flatMap((row) => Object.keys(row.serverTiming.metrics)),
    ]),
  ];
  console.log(
    `Server-Timing, mean ms over ${TIMING_SAMPLES} sequential requests (– where the header has no such entry); sequential ms: a whole request as the client saw it`,
  );
  console.table(
    timed.map((row) => {
      const { metrics, cache, wallMs } = row.serverTiming;
      const outcomes = Object.entries(cache).map(([desc, count]) => `${desc} ${count}`);
      return {
        measure: row.name,
        encoding: row.encoding,
        ...Object.fromEntries(
          metricNames.map((name) => [name, metrics[name] ? metrics[name].meanMs.toFixed(2) : "–"]),
        ),
        cache: outcomes.length ? outcomes.join(", ") : "–",
        "sequential ms": wallMs.toFixed(2),
      };
    }),
  );

  for (const figures of [orders, ordersPostgres])
    if (figures)
      console.log(
        `${figures.name}: ${figures.ordersPerSecond} durable orders/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms; ${figures.refused} refused, ${figures.errors} errors (of them ${figures.timeouts} timeouts)`,
      );
  if (!ordersPostgres) console.log("PostgreSQL orders: skipped (no PostgreSQL server installed)");
  if (scaling) {
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
  } else {
    console.log("Scaling: skipped (BENCH_SCALING=0)");
  }
  console.log(
    `Cold start to first 200: shop ${report.coldStartMs.shop} ms, reference ${report.coldStartMs.reference} ms; RSS after the run: shop ${rssAfterRunMb.shop} MB, reference ${rssAfterRunMb.reference} MB`,
  );
  console.log("\nTargets (informational: a miss does not fail the bench)");
  for (const target of targets) {
    console.log(`  ${target.pass ? "PASS" : "FAIL"}  ${target.target}: ${target.measured}`);
  }
  console.log("\nWritten to bench/results.json");
} finally {
  for (const stop of toStop.reverse()) await stop();
}
