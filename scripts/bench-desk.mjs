// `npm run bench -- --desk` (D88): the desk at 10 000, 100 000 and 1 000 000 orders, on
// SQLite and on PostgreSQL (a throwaway cluster, when Debian's PostgreSQL is installed).
// For each size and engine it generates the orders (scripts/generate-orders.ts), starts
// the production server (scripts/shop-server.mjs), signs an owner in with a one-time link
// (scripts/desk-invite.ts) and times sequential requests of each page: the `To confirm`
// queue, a phone searched as people type it, an order, a day's hand-off and cash pages,
// the reports for 30 days and a year, and a month's CSV (its first byte and its whole).
// Server time is the Server-Timing header's durations added up (the loaders, the render,
// the compression); the CSV, a stream, is timed by the wall clock on loopback. Prints a
// table with PASS or FAIL against the targets and writes bench/desk.json. Sizes:
// BENCH_DESK_SIZES=10000,100000 (default 10000,100000,1000000); samples per page:
// BENCH_DESK_SAMPLES (default 20); BENCH_DESK_ENGINES=sqlite (default sqlite,postgres).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildWhenStale, shop as shopApp } from "./builds.mjs";
import { postgresBinaries, startPostgres } from "./postgres.mjs";
import { parseServerTiming } from "./server-timing.mjs";
import { startShop } from "./shop-server.mjs";

const SIZES = (process.env.BENCH_DESK_SIZES ?? "10000,100000,1000000")
  .split(",")
  .map(Number)
  .filter((size) => Number.isInteger(size) && size > 0);
const ENGINES = (process.env.BENCH_DESK_ENGINES ?? "sqlite,postgres").split(",");
const SAMPLES = Number(process.env.BENCH_DESK_SAMPLES ?? 20);
const PHONE_HASH_KEY = "bench-desk-phone-hash-key-0123456789abcdef";
const SESSION_SECRET = "bench-desk-session-secret-0123456789abcdef";

/** The targets (issue 40): server milliseconds, at the 95th percentile. */
const TARGETS = {
  queue: 100,
  search: 100,
  order: 100,
  handoff: 100,
  cash: 100,
  "reports 30 d": 300,
  "reports year": 1000,
  "csv month, first byte": 200,
};

function vite(script, args, env) {
  return execFileSync(
    process.execPath,
    ["node_modules/vite-node/vite-node.mjs", "--config", "vitest.config.ts", script, ...args],
    { env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
}

/**
 * One GET on a kept-alive connection: its status, headers, the milliseconds to the first
 * byte of the body and to the last, and the body (unless `discard`).
 */
function get(url, headers, agent, discard = false) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(url, { headers, agent }, (response) => {
      const chunks = [];
      let firstByteMs = null;
      let bytes = 0;
      response.on("data", (chunk) => {
        firstByteMs ??= performance.now() - started;
        bytes += chunk.length;
        if (!discard) chunks.push(chunk);
      });
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          firstByteMs: firstByteMs ?? performance.now() - started,
          wallMs: performance.now() - started,
          bytes,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/** The server's own milliseconds for a response: its Server-Timing durations added up. */
function serverMs(response) {
  const header = response.headers["server-timing"];
  const entries = parseServerTiming(Array.isArray(header) ? header.join(", ") : header);
  const durations = entries.filter((entry) => entry.dur !== undefined);
  return durations.length > 0
    ? durations.reduce((total, entry) => total + (entry.dur ?? 0), 0)
    : response.wallMs;
}

/** Signs an owner in as a person does: the link, then its button (a POST). */
async function signIn(url, env) {
  const output = vite("scripts/desk-invite.ts", ["--name", "Bench Owner", "--role", "owner"], env);
  const printed = new URL(output.trim().split("\n").at(-1) ?? "");
  const link = `${url}${printed.pathname}`;
  const page = await fetch(link);
  await page.arrayBuffer();
  const answer = await fetch(link, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ next: "/desk" }),
  });
  await answer.arrayBuffer();
  const cookie = answer.headers
    .getSetCookie()
    .map((one) => one.split(";")[0])
    .join("; ");
  if (answer.status !== 303 || !cookie) throw new Error(`Signing in answered ${answer.status}`);
  return cookie;
}

/** What to ask for, from the database the generator filled. */
async function pagesOf(query) {
  const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  const day = (offset) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const [order] = await query(
    // A number the shop itself would give (six digits, D44): past 900 000 the generator
    // numbers on with seven, which the desk's addresses rightly refuse.
    "select order_number, phone from orders where phone <> '' and status = 'delivered' and order_number < 1000000 order by id desc limit 1 offset 50",
  );
  const digits = String(order.phone).replace(/\D/g, "").slice(3);
  // The same number as people type it: with 0, dashes and no prefix.
  const typed = `0${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  const monthStart = `${day(-40).slice(0, 7)}-01`;
  const monthEnd = day(
    Math.round(
      (Date.UTC(Number(monthStart.slice(0, 4)), Number(monthStart.slice(5, 7)), 0) -
        Date.parse(`${today}T00:00:00Z`)) /
        86_400_000,
    ),
  );
  return [
    ["queue", "/desk"],
    ["search", `/desk?q=${encodeURIComponent(typed)}`],
    ["order", `/desk/orders/${String(order.order_number).padStart(6, "0")}`],
    ["handoff", `/desk/handoff?day=${today}`],
    ["cash", `/desk/cash?day=${day(-1)}`],
    ["reports 30 d", "/desk/reports?period=30"],
    ["reports year", `/desk/reports?period=range&from=${day(-364)}&to=${today}`],
    ["csv month", `/desk/export.csv?tab=all&from=${monthStart}&until=${monthEnd}`],
  ];
}

async function measure(url, cookie, pages) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { Cookie: cookie, "Accept-Encoding": "gzip", "Accept-Language": "en" };
  const rows = [];
  try {
    for (const [name, path] of pages) {
      const csv = name.startsWith("csv");
      const samples = csv ? Math.max(3, Math.round(SAMPLES / 4)) : SAMPLES;
      // A first request warms the code and the database's pages.
      const first = await get(`${url}${path}`, headers, agent, csv);
      if (first.status !== 200) {
        // A page that fails is a result too: the table shows it.
        rows.push({ page: csv ? "csv month, first byte" : name, path, error: first.status });
        process.stdout.write("x");
        continue;
      }
      const server = [];
      const firstByte = [];
      const bytes = [];
      for (let index = 0; index < samples; index += 1) {
        const response = await get(`${url}${path}`, headers, agent, csv);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        server.push(csv ? response.wallMs : serverMs(response));
        firstByte.push(response.firstByteMs);
        bytes.push(response.bytes);
      }
      if (csv) {
        rows.push({ page: "csv month, first byte", path, ...stats(firstByte), bytes: bytes[0] });
        rows.push({ page: "csv month, whole", path, ...stats(server), bytes: bytes[0] });
      } else rows.push({ page: name, path, ...stats(server), bytes: bytes[0] });
      process.stdout.write(".");
    }
  } finally {
    agent.destroy();
  }
  return rows;
}

function stats(values) {
  return {
    medianMs: Number(quantile(values, 0.5).toFixed(1)),
    p95Ms: Number(quantile(values, 0.95).toFixed(1)),
  };
}

export async function benchDesk() {
  await buildWhenStale(shopApp);
  const results = [];
  const loadAtStart = loadavg().map((value) => Number(value.toFixed(2)));
  const cluster = ENGINES.includes("postgres") && postgresBinaries() ? await startPostgres() : null;
  try {
    for (const engine of ENGINES) {
      if (engine === "postgres" && !cluster) {
        console.log("PostgreSQL is not installed: its half of the table is left out.");
        continue;
      }
      for (const size of SIZES) {
        // BENCH_DESK_REUSE=DIR measures DIR/shop.sqlite as it is (SQLite only, one size).
        const reuse = engine === "sqlite" ? process.env.BENCH_DESK_REUSE : undefined;
        const dir = reuse ?? mkdtempSync(join(tmpdir(), "shop-desk-bench-"));
        /** @type {Record<string, string>} */
        const env = {
          ...(reuse ? {} : { PHONE_HASH_KEY, SESSION_SECRET }),
          DATABASE_PATH: join(dir, "shop.sqlite"),
        };
        let client = null;
        if (engine === "postgres" && cluster) {
          const admin = new pg.Client({ connectionString: cluster.url });
          await admin.connect();
          const name = `desk_${size}_${Date.now()}`;
          await admin.query(`create database ${name}`);
          await admin.end();
          env.DATABASE_URL = cluster.url.replace(/\/postgres$/, `/${name}`);
          client = new pg.Client({ connectionString: env.DATABASE_URL });
        }
        process.stdout.write(`${engine}, ${size} orders: generating… `);
        const generated = performance.now();
        if (!reuse)
          vite("scripts/generate-orders.ts", ["--count", String(size), "--seed", "40"], env);
        const generateSeconds = Number(((performance.now() - generated) / 1000).toFixed(1));
        process.stdout.write(`${generateSeconds} s; measuring`);
        const shop = await startShop({ ...env, ORDER_RATE_LIMIT: "0" }, dir);
        try {
          let query;
          if (client) {
            await client.connect();
            query = async (text) => (await client.query(text)).rows;
          } else {
            const { default: SQLite } = await import("better-sqlite3");
            const sqlite = new SQLite(env.DATABASE_PATH, { readonly: true });
            query = async (text) => sqlite.prepare(text).all();
          }
          // The day's retention sweep (D35) runs when the shop starts; on SQLite it holds
          // the one connection while it looks for orders past their keeping time, so the
          // pages are timed once it is done, and how long it took is a figure of its own.
          const sweepStarted = performance.now();
          const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
          for (let waited = 0; waited < 900; waited += 1) {
            const [sweep] = await query(
              `select finished_at from privacy_sweeps where day = '${today}'`,
            );
            if (sweep?.finished_at) break;
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
          const sweepSeconds = Number(((performance.now() - sweepStarted) / 1000).toFixed(1));
          process.stdout.write(` (sweep ${sweepSeconds} s)`);
          const cookie = await signIn(shop.url, env);
          // BENCH_DESK_PAGES=queue,search measures only those pages.
          const only = process.env.BENCH_DESK_PAGES?.split(",");
          const pages = (await pagesOf(query)).filter(([name]) => !only || only.includes(name));
          const load = loadavg()[0]?.toFixed(2);
          for (const row of await measure(shop.url, cookie, pages))
            results.push({
              engine,
              size,
              generateSeconds,
              sweepSeconds,
              load1m: Number(load),
              ...row,
            });
          console.log(` (load ${load})`);
        } finally {
          await client?.end();
          await shop.stop();
          if (!reuse) rmSync(dir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    cluster?.stop();
  }

  const verdict = (row) => {
    const target = TARGETS[row.page];
    if (row.error) return `FAIL (${row.error})`;
    return target === undefined ? "" : row.p95Ms < target ? "PASS" : "FAIL";
  };
  console.log("\npage                    size     engine      median ms   p95 ms   target  ");
  for (const row of results) {
    const target = TARGETS[row.page];
    console.log(
      `${row.page.padEnd(23)} ${String(row.size).padStart(8)}  ${row.engine.padEnd(10)} ${String(row.medianMs).padStart(10)} ${String(row.p95Ms).padStart(8)}   ${target === undefined ? "".padEnd(8) : `< ${target}`.padEnd(8)} ${verdict(row)}`,
    );
  }
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    loadAverageAtStart: loadAtStart,
    samples: SAMPLES,
    targets: TARGETS,
    results: results.map((row) => ({ ...row, verdict: verdict(row) || null })),
  };
  mkdirSync("bench", { recursive: true });
  writeFileSync("bench/desk.json", `${JSON.stringify(report, null, 2)}\n`);
  console.log("\nWritten to bench/desk.json");
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchDesk();
  // The spawned PostgreSQL tools can keep handles: leave now.
  spawnSync("true");
  process.exit(0);
}
