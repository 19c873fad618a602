import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { createDatabase } from "../../db/connection";
import { freshPostgresUrl } from "../unit/support/postgres";
import { FakeTelegram } from "./support/fake-telegram";
import { prepareOrder, submitOrder } from "./support/fast-order";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// WEB_CONCURRENCY (D52): server-level tests with their own servers; once is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");
test.describe.configure({ mode: "serial" });

/** The workers alive now, by the primary's own account of starts and deaths. */
function liveWorkers(output: string): number[] {
  const started = [...output.matchAll(/worker (\d+) starting/g)].map((match) => Number(match[1]));
  const gone = new Set(
    [...output.matchAll(/worker (\d+) (?:was killed|exited|drained)/g)].map((match) =>
      Number(match[1]),
    ),
  );
  return started.filter((pid) => !gone.has(pid));
}

/** Workers that have said they listen and are still alive. */
function listeningWorkers(output: string): number[] {
  const live = new Set(liveWorkers(output));
  return [...output.matchAll(/listening on \S+ \(worker (\d+)\)/g)]
    .map((match) => Number(match[1]))
    .filter((pid) => live.has(pid));
}

async function waitForWorkers(shop: ShopServer, count: number): Promise<number[]> {
  await expect.poll(() => listeningWorkers(shop.output()).length, { timeout: 60_000 }).toBe(count);
  return listeningWorkers(shop.output());
}

/**
 * Orders arrive while one worker is SIGKILLed: returns the addresses confirmed with a 303
 * and every status seen (a request the dead worker held fails without one). A connection
 * the primary handed to the worker just as it died is never answered: Node's round-robin
 * primary keeps its copy open until the worker says it took it, which a dead worker never
 * does. Such a request is given up after a while, as a client or the proxy would, and
 * counts as one the dead worker held.
 */
async function ordersWhileAWorkerDies(shop: ShopServer, victim: number, label: string) {
  const prepared = await Promise.all(
    Array.from({ length: 40 }, (_, index) => prepareOrder(shop.url, `${label} order ${index}`)),
  );
  const confirmed: string[] = [];
  const statuses = new Set<number>();
  const killer = setTimeout(() => process.kill(victim, "SIGKILL"), 60 + Math.random() * 100);
  await Promise.allSettled(
    prepared.map(async (order, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 5));
      const { status } = await submitOrder(shop.url, order, {}, AbortSignal.timeout(15_000));
      statuses.add(status);
      if (status === 303) confirmed.push(order.address);
    }),
  );
  clearTimeout(killer);
  return { confirmed, statuses };
}

/** Kills a worker under load, checks a replacement takes its place and the shop answers. */
async function survivesADeadWorker(shop: ShopServer, label: string): Promise<string[]> {
  const [victim, survivor] = await waitForWorkers(shop, 2);
  if (victim === undefined || survivor === undefined) throw new Error("two workers expected");
  const { confirmed, statuses } = await ordersWhileAWorkerDies(shop, victim, label);
  expect(confirmed.length).toBeGreaterThan(0);
  // Refused or failed orders would show here; a request lost with the worker has no status.
  expect([...statuses]).toEqual([303]);
  expect(shop.output()).toContain(`worker ${victim} was killed by SIGKILL; a replacement starts`);

  const workers = await waitForWorkers(shop, 2);
  expect(workers).toContain(survivor);
  expect(workers).not.toContain(victim);
  for (const pid of workers) expect(() => process.kill(pid, 0)).not.toThrow();

  for (let index = 0; index < 6; index++) {
    const order = await prepareOrder(shop.url, `${label} after order ${index}`);
    expect((await submitOrder(shop.url, order)).status).toBe(303);
    confirmed.push(order.address);
  }
  return confirmed;
}

test("two workers on SQLite: a killed worker is replaced, no confirmed order or message is lost, SIGTERM drains both", async () => {
  test.setTimeout(150_000);
  const telegram = new FakeTelegram();
  await telegram.start();
  const shop = await startShop({
    WEB_CONCURRENCY: "2",
    ORDER_RATE_LIMIT: "0",
    TELEGRAM_BOT_TOKEN: "111:workers-test-token-abcdefghijklm",
    TELEGRAM_CHAT_IDS: "1,2",
    TELEGRAM_API_URL: telegram.url,
  });
  let confirmed: string[];
  try {
    confirmed = await survivesADeadWorker(shop, "SQLite workers");
    // Every stored order reaches both chats, including rows the killed worker had
    // claimed: its claim expires and the survivor sends them.
    const unsent = () => {
      const sent = new Set(
        telegram.delivered.map(
          (message) => `${message.chat_id}:${/№(\d{6})/.exec(message.text)?.[1]}`,
        ),
      );
      const db = new Database(join(shop.dir, "shop.sqlite"), { readonly: true });
      try {
        const numbers = db.prepare("select order_number from orders").pluck().all() as number[];
        return numbers
          .flatMap((number) =>
            ["1", "2"].map((chat) => `${chat}:${String(number).padStart(6, "0")}`),
          )
          .filter((pair) => !sent.has(pair));
      } finally {
        db.close();
      }
    };
    await expect.poll(unsent, { timeout: 90_000, intervals: [1000] }).toEqual([]);
  } catch (error) {
    await shop.stop("SIGKILL");
    await telegram.stop();
    throw error;
  }
  await telegram.stop();
  expect(await shop.stop("SIGTERM")).toBe(0);
  // The whole message of a JSON line: "stopped", not "stopped; a worker did not drain…".
  expect(shop.output()).toMatch(/"msg":"Primary \d+: stopped"/);
  expect(liveWorkers(shop.output())).toEqual([]);

  const db = new Database(join(shop.dir, "shop.sqlite"), { readonly: true });
  try {
    expect(db.prepare("pragma integrity_check").pluck().get()).toBe("ok");
    const stored = new Set(db.prepare("select address from orders").pluck().all());
    for (const address of confirmed) expect(stored.has(address), address).toBe(true);
    const orphans = db
      .prepare("select count(*) from orders where id not in (select order_id from order_items)")
      .pluck()
      .get();
    expect(orphans).toBe(0);
  } finally {
    db.close();
  }
  // The last worker to close the database checkpointed the write-ahead log.
  const wal = join(shop.dir, "shop.sqlite-wal");
  expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
});

test("two workers on PostgreSQL: a killed worker is replaced, no confirmed order is lost", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL (npm test provides it)");
  test.setTimeout(120_000);
  const databaseUrl = await freshPostgresUrl();
  const shop = await startShop({
    WEB_CONCURRENCY: "2",
    ORDER_RATE_LIMIT: "0",
    DATABASE_URL: databaseUrl,
  });
  let confirmed: string[];
  try {
    confirmed = await survivesADeadWorker(shop, "PostgreSQL workers");
  } catch (error) {
    await shop.stop("SIGKILL");
    throw error;
  }
  expect(await shop.stop("SIGTERM")).toBe(0);

  const db = createDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
  try {
    const rows = await sql<{ address: string }>`select address from orders`.execute(db);
    const stored = new Set(rows.rows.map((row) => row.address));
    for (const address of confirmed) expect(stored.has(address), address).toBe(true);
  } finally {
    await db.destroy();
  }
});

/** Runs the server to its end; resolves with its exit code and everything it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["server/index.mjs", "build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "shop-bad-")), "shop.sqlite"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

test("a bad WEB_CONCURRENCY, or a worker that cannot start, stops the server with a message", async () => {
  test.setTimeout(60_000);
  for (const value of ["0", "65", "two"]) {
    const { code, output } = await runServer({ WEB_CONCURRENCY: value });
    expect(code).toBe(1);
    expect(output).toContain(`WEB_CONCURRENCY must be a whole number from 1 to 64, got "${value}"`);
  }
  // Forking again would fail the same way: the primary gives up instead of looping.
  const { code, output } = await runServer({ WEB_CONCURRENCY: "2", ORDER_RATE_LIMIT: "many" });
  expect(code).toBe(1);
  expect(output).toContain("ORDER_RATE_LIMIT");
  expect(output).toContain("before the shop started; stopping");
  expect([...output.matchAll(/worker \d+ starting/g)]).toHaveLength(1);
});
