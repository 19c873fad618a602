// The shop's production server: the same pieces remix-serve is made of (express,
// @remix-run/express, compression), plus what remix-serve cannot do (D47):
// a readable 403 for a form posted from another site before Remix's own guard answers
// a bare 500, the socket's address for the order rate limit, assets cached by kind, and
// an orderly shutdown that closes the database after the last request. It is the whole
// server, or one of WEB_CONCURRENCY workers under server/primary.mjs (D52). It
// writes one JSON line a request and answers `/metrics` (D72).
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import {
  createRequestHandler as createRemixHandler,
  installGlobals,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createLogger, logCrashes, routeConsole } from "./log.mjs";
import {
  METRICS_CONTENT_TYPE,
  METRICS_PATH,
  bearerMatches,
  createProcessMetrics,
  createProcessMetricsReader,
  createShopGauges,
} from "./metrics.mjs";
import { drainWhenOrphaned } from "./orphan.mjs";
import { createRouteNamer } from "./route-name.mjs";
import { precompressedStatic } from "./static.mjs";

process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });

// Before the build loads: what it logs while it starts is a JSON line too.
const log = createLogger();
routeConsole(log);
logCrashes(log);

const buildPath = resolve(process.argv[2] ?? "build/server/index.js");
/** @type {import("@remix-run/node").ServerBuild & { entry: { module: ShopEntry } }} */
const build = await import(pathToFileURL(buildPath).href);

/**
 * @typedef {object} ShopEntry
 * @property {(request: Request) => Promise<Response | "trusted" | null>} guardFormOrigin
 * @property {() => void} start
 * @property {() => Promise<void>} shutdown
 * @property {(build: string, render: (request: Request, context: object) => Promise<Response>) =>
 *   import("../app/platform/page-cache.server").PageServer} createPages
 * @property {string | null} metricsToken
 * @property {() => Promise<import("./metrics.mjs").ShopFigures>} shopFigures
 */
const { guardFormOrigin, start, shutdown, createPages, metricsToken, shopFigures } =
  build.entry.module;

/** Headers and address of an express request, as a Fetch Request without its body. */
function headersOnly(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(new URL(req.originalUrl, `http://${req.headers.host ?? "localhost"}`), {
    method: req.method,
    headers,
  });
}

/**
 * What the page cache reads of a request (app/platform/request-head.ts), straight from
 * Node's, before express: the address as `readRequest` makes it, and the headers as Node
 * joined them. No Fetch Request is made for a page answered from memory.
 *
 * @returns {import("../app/platform/request-head").RequestHead}
 */
function requestHead(req) {
  const { headers } = req;
  // As express names them (its "trust proxy" is off: TRUST_PROXY is read by the shop).
  const protocol = req.socket.encrypted ? "https" : "http";
  return {
    method: req.method,
    url: `${protocol}://${headers.host}${req.url}`,
    headers: {
      get(name) {
        const value = headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(", ") : value;
      },
      has: (name) => headers[name.toLowerCase()] !== undefined,
    },
  };
}

/** A page from memory onto the response: headers and stored bytes, nothing to stream. */
function sendKept(res, { status, headers, body }) {
  res.statusCode = status;
  for (const [name, value] of headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.end(body);
}

/**
 * A GET or HEAD as the Remix adapter would build it, aborted when the client goes away
 * before the answer is sent.
 */
function readRequest(req, res) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const { headers, method } = headersOnly(req);
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`), {
    method,
    headers,
    signal: controller.signal,
  });
}

/** A Fetch Response onto the express response, as the Remix adapter sends it. */
async function send(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

const app = express();
app.disable("x-powered-by");
const mode = process.env.NODE_ENV;
/** What every loader and action is handed (app/platform/load-context.ts). */
const loadContext = (req, res) => ({
  clientAddress: req.socket.remoteAddress,
  buildVersion: build.assets.version,
  log: res.locals.log,
});

const routeOf = createRouteNamer(build.routes);
/** Public files other than Vite's hashed ones (the favicon, flags, images), one name for all. */
const STATIC_ROUTE = "static";
const counted = createProcessMetrics();
const processMetrics = createProcessMetricsReader(counted.registry);
const shopGauges = createShopGauges();

// One JSON line a request, written when its answer is sent or the client went away. It
// names the route's pattern, never the address (it may carry an order's token) nor the
// query, and nothing of the visitor: no address, no user agent, no header, no body.
function track(req, res) {
  const received = performance.now();
  const path = pathOf(req.url);
  const id = randomUUID();
  res.setHeader("X-Request-Id", id);
  // What express keeps for the request (it keeps an object that is there). The request's
  // own logger (what loaders and actions log through) is made when first used: a page from
  // memory logs only its request line.
  res.locals = Object.create(null);
  let requestLog;
  Object.defineProperty(res.locals, "log", {
    get: () => {
      requestLog ??= log.child({ reqId: id });
      return requestLog;
    },
  });
  res.once("close", () => {
    const seconds = (performance.now() - received) / 1000;
    const route = res.locals.route ?? routeOf(path);
    const cache = /\bcache;desc="(\w+)"/.exec(String(res.getHeader("Server-Timing") ?? ""))?.[1];
    const line = {
      route,
      method: req.method,
      status: res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
      cache: cache ?? null,
    };
    const request = res.writableFinished ? line : { ...line, aborted: true };
    (requestLog ?? log).info(requestLog ? request : { reqId: id, ...request }, "request");
    counted.observe({ ...line, seconds });
  });
}

/** A request's path, without its query. */
function pathOf(url = "/") {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

// Only with the token; otherwise the request goes on and gets the shop's own 404, the
// same as any address the shop does not have.
app.get(METRICS_PATH, async (req, res, next) => {
  if (!bearerMatches(req.get("Authorization"), metricsToken)) return next();
  res.locals.route = METRICS_PATH;
  try {
    const [processes, figures] = await Promise.all([processMetrics(), shopFigures()]);
    const text = `${processes}${await shopGauges.render(figures)}`;
    // `end`, not `send`: send would rewrite the type's parameters (charset first).
    res.set({ "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" }).end(text);
  } catch (error) {
    next(error);
  }
});

// Reading pages and their data: through the page cache, which answers what is the same for
// everyone with the same language and cart from memory and compresses each document and
// data answer itself (D56, D75). It comes first, so a page costs no file-system
// lookup and no compression() wrapper; files and resource routes with a name (robots.txt)
// go on below, and submissions, with their bodies, go to the Remix adapter.
const pages = createPages(build.assets.version, createRemixHandler(build, mode));
app.use(async (req, res, next) => {
  if ((req.method !== "GET" && req.method !== "HEAD") || !isPagePath(req.path)) return next();
  try {
    await send(res, await pages(readRequest(req, res), loadContext(req, res)));
  } catch (error) {
    next(error);
  }
});

/**
 * Pages have no dot in their last segment; every file and named resource has one. A page's
 * data for a navigation in the browser (`.data`, single fetch) goes with its page: it is
 * kept in memory on the same rules (D75).
 */
function isPagePath(path) {
  const last = path.slice(path.lastIndexOf("/"));
  return !last.includes(".") || /^\/[^.]*\.data$/.test(last);
}

app.use(compression());

// Vite's hashed files never change under their name; the rest of public/ may.
app.use(
  "/assets",
  precompressedStatic(resolve(build.assetsBuildDirectory, "assets"), {
    immutable: true,
    maxAge: "1y",
  }),
);
// The build before this one, where an upgrade keeps it (README, Upgrades: `build.previous`
// beside `build`): a page a worker of the old build rendered names the old build's files,
// and while the new build is written (Vite empties build/client first) and until every
// worker and every server runs it, those files are served from there.
app.use(
  "/assets",
  express.static(`${resolve(build.assetsBuildDirectory, "..")}.previous/client/assets`, {
    immutable: true,
    maxAge: "1y",
    index: false,
  }),
);
const publicFiles = precompressedStatic(build.assetsBuildDirectory, { maxAge: "1h" });
app.use((req, res, next) => {
  res.locals.route = STATIC_ROUTE;
  publicFiles(req, res, (error) => {
    res.locals.route = undefined;
    next(error);
  });
});

app.use(async (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  try {
    const verdict = await guardFormOrigin(headersOnly(req));
    if (verdict === null) return next();
    // Our own public address behind a proxy that rewrote Host: Remix would misjudge it.
    if (verdict === "trusted") {
      req.headers.origin = undefined;
      return next();
    }
    res.status(verdict.status);
    verdict.headers.forEach((value, name) => res.setHeader(name, value));
    res.send(await verdict.text());
  } catch (error) {
    next(error);
  }
});

app.all("*", createRequestHandler({ build, mode, getLoadContext: loadContext }));

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
/**
 * Every request is tracked; a page or data answer kept in memory is sent before express
 * (its routing, query parsing and response helpers were a tenth of such an answer's time);
 * anything else, and a page not in memory, goes to the express app above.
 */
async function handle(req, res) {
  // Draining: this answer is its connection's last. A proxy in front (Caddy) sends request
  // after request on the connections it keeps open, and would keep a stopping server
  // serving, never done draining.
  if (stopping) res.setHeader("Connection", "close");
  track(req, res);
  if ((req.method === "GET" || req.method === "HEAD") && isPagePath(pathOf(req.url))) {
    try {
      const kept = await pages.fromMemory(requestHead(req));
      if (kept) return sendKept(res, kept);
    } catch (error) {
      log.error({ err: error }, "The page cache failed; the page is rendered");
    }
  }
  app(req, res);
}

const server = createServer(handle).listen(port, host, () => {
  const worker = cluster.isWorker ? ` (worker ${process.pid})` : "";
  log.info(`The shop is listening on http://${host ?? "localhost"}:${port}${worker}`);
  // The outbox, the chat's buttons and the expiry job, once requests can be answered.
  start();
});

let stopping = false;
/** Finishes the requests in flight, then the outbox round, then closes the database. */
function drain() {
  if (stopping) return;
  stopping = true;
  server.close(async () => {
    try {
      await shutdown();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "The shop did not shut down cleanly");
      process.exit(1);
    }
  });
  // Now and while draining: a connection whose last answer went before the draining began
  // is idle only once that answer is out.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 200).unref();
}
// A worker whose primary died drains the same way rather than exit mid-request.
drainWhenOrphaned(() => {
  log.warn("The primary is gone: this worker finishes its requests and stops");
  drain();
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  // A worker may hear the signal twice, from its primary and from a service manager that
  // signals the whole group: it must keep draining, not die of the second one.
  if (cluster.isWorker) process.on(signal, drain);
  else process.once(signal, drain);
}
