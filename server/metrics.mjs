// `/metrics` in Prometheus's text format (D72), made with prom-client. Two kinds
// of figures: what each server process counts (requests, their latency, the page cache's
// outcomes, the process's own), which are summed over the workers of WEB_CONCURRENCY; and
// what the database holds (orders, notifications, the newest backup and its copy off the
// machine), read once at each scrape by the worker that answers, so they are never counted
// once per worker.
import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import client from "prom-client";

export const METRICS_PATH = "/metrics";

/** A worker asks its primary for every worker's figures; the primary answers. */
const ASK = "shop:metrics";
const ANSWER = "shop:metrics-answer";
/** Longer than prom-client's own 5 s for the workers to answer the primary. */
const ASK_TIMEOUT_MS = 7000;

/** Seconds: from a page out of memory (about 1 ms) to a slow order (seconds). */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/** @param {string} text */
const digest = (text) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header carries `token`. Both are hashed first, so the
 * comparison takes the same time whatever the header's length or first wrong character.
 *
 * @param {string | undefined} header
 * @param {string | null} token null: no token opens `/metrics`
 */
export function bearerMatches(header, token) {
  if (!token || !header) return false;
  const presented = BEARER.exec(header)?.[1];
  if (presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * What one server process counts.
 *
 * @param {{ defaults?: boolean }} [options] `defaults`: also the process's CPU, memory,
 *   event loop and garbage collection (prom-client's default metrics)
 */
export function createProcessMetrics({ defaults = true } = {}) {
  const registry = new client.Registry();
  if (defaults) client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "shop_http_requests_total",
    help: "Requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"],
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Time from a request's arrival to the last byte of its answer, by route pattern.",
    labelNames: ["route"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: "shop_page_cache_requests_total",
    help: "Pages by the page cache's outcome: hit (from memory), miss (rendered and kept), bypass (rendered for one visitor).",
    labelNames: ["outcome"],
    registers: [registry],
  });
  for (const outcome of ["hit", "miss", "bypass"]) pageCache.inc({ outcome }, 0);
  return {
    registry,
    /**
     * @param {{ route: string, method: string, status: number, seconds: number,
     *   cache: string | null }} request
     */
    observe({ route, method, status, seconds, cache }) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route }, seconds);
      if (cache === "hit" || cache === "miss" || cache === "bypass")
        pageCache.inc({ outcome: cache });
    },
  };
}

/**
 * @typedef {object} ShopFigures what the database holds now (app/desk/health.server.ts)
 * @property {number} ordersPlaced
 * @property {number} notificationsPending
 * @property {number} notificationsFailed
 * @property {Array<{ channel: string, status: string, count: number }>} messages the
 *   outbox's rows by channel (telegram, sms, email) and status
 * @property {Array<{ status: string, segments: number }>} messageSegments SMS segments by status
 * @property {number | null} backupAgeSeconds null: no backup was ever recorded
 * @property {number | null} backupRemoteAgeSeconds null: no copy ever reached BACKUP_REMOTE
 */

/** The outbox's channels and statuses (D87), each a series even when it counts none. */
const MESSAGE_CHANNELS = ["telegram", "sms", "email"];
const MESSAGE_STATUSES = ["pending", "sent", "failed", "stopped"];

/** The figures read from the database at each scrape, in a registry of their own. */
export function createShopGauges() {
  const registry = new client.Registry();
  const orders = new client.Gauge({
    name: "shop_orders_placed",
    help: "Orders in the database: every order placed since the shop opened, on any worker or machine.",
    registers: [registry],
  });
  const notifications = new client.Gauge({
    name: "shop_notifications",
    help: "Telegram notifications in the outbox that are pending (not yet sent) or failed (given up).",
    labelNames: ["status"],
    registers: [registry],
  });
  const messages = new client.Gauge({
    name: "shop_messages",
    help: "Messages in the outbox by channel (telegram, sms, email) and status (pending, sent, failed, stopped: the shopper asked for no more).",
    labelNames: ["channel", "status"],
    registers: [registry],
  });
  const segments = new client.Gauge({
    name: "shop_message_segments",
    help: "SMS segments by the messages' status: what the gateway bills for those sent.",
    labelNames: ["status"],
    registers: [registry],
  });
  const backupAge = new client.Gauge({
    name: "shop_backup_age_seconds",
    help: "Seconds since the newest recorded backup finished; +Inf when there was none.",
    registers: [registry],
  });
  const remoteAge = new client.Gauge({
    name: "shop_backup_remote_age_seconds",
    help: "Seconds since the newest whole copy of a backup reached BACKUP_REMOTE; +Inf when there was none.",
    registers: [registry],
  });
  return {
    registry,
    /** @param {ShopFigures} figures @returns {Promise<string>} the text of these gauges */
    render(figures) {
      orders.set(figures.ordersPlaced);
      notifications.set({ status: "pending" }, figures.notificationsPending);
      notifications.set({ status: "failed" }, figures.notificationsFailed);
      // Every channel and status has its series, 0 when the outbox holds none.
      messages.reset();
      for (const channel of MESSAGE_CHANNELS)
        for (const status of MESSAGE_STATUSES) messages.set({ channel, status }, 0);
      for (const { channel, status, count } of figures.messages)
        messages.set({ channel, status }, count);
      segments.reset();
      for (const status of MESSAGE_STATUSES) segments.set({ status }, 0);
      for (const { status, segments: sum } of figures.messageSegments)
        segments.set({ status }, sum);
      backupAge.set(figures.backupAgeSeconds ?? Number.POSITIVE_INFINITY);
      remoteAge.set(figures.backupRemoteAgeSeconds ?? Number.POSITIVE_INFINITY);
      return registry.metrics();
    },
  };
}

/** The content type of the text format, version 0.0.4. */
export const METRICS_CONTENT_TYPE = client.Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * The text of every process's figures, as seen from a server process: its own, or under
 * a primary every worker's, summed by the primary (prom-client's AggregatorRegistry).
 *
 * @param {client.Registry} registry this process's figures
 * @returns {() => Promise<string>}
 */
export function createProcessMetricsReader(registry) {
  if (!cluster.isWorker) return () => registry.metrics();
  // Answers the primary's `clusterMetrics()` with this worker's registry.
  new client.AggregatorRegistry();
  client.AggregatorRegistry.setRegistries([registry]);
  /** @type {Map<number, { resolve: (text: string) => void, reject: (error: Error) => void }>} */
  const waiting = new Map();
  let next = 0;
  process.on("message", (/** @type {any} */ message) => {
    if (message?.type !== ANSWER) return;
    const asked = waiting.get(message.id);
    if (!asked) return;
    waiting.delete(message.id);
    if (typeof message.text === "string") asked.resolve(message.text);
    else asked.reject(new Error(`The primary could not collect the metrics: ${message.error}`));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("The primary did not answer with the metrics in time."));
      }, ASK_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: ASK, id });
    });
}

/** In the primary: answers a worker's request with every worker's figures, summed. */
export function answerWorkersForMetrics() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, /** @type {any} */ message) => {
    if (message?.type !== ASK) return;
    const reply = (/** @type {object} */ answer) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error) => reply({ error: String(error?.message ?? error) }),
    );
  });
}
