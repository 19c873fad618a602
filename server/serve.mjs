// The shop's production server: the same pieces remix-serve is made of (express,
// @remix-run/express, compression), plus what remix-serve cannot do (decision 006):
// a readable 403 for a form posted from another site before Remix's own guard answers
// a bare 500, the socket's address for the order rate limit, assets cached by kind, and
// an orderly shutdown that closes the database after the last request. It is the whole
// server, or one of WEB_CONCURRENCY workers under server/primary.mjs (decision 011).
import cluster from "node:cluster";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });

const buildPath = resolve(process.argv[2] ?? "build/server/index.js");
/** @type {import("@remix-run/node").ServerBuild & { entry: { module: ShopEntry } }} */
const build = await import(pathToFileURL(buildPath).href);

/**
 * @typedef {object} ShopEntry
 * @property {(request: Request) => Promise<Response | "trusted" | null>} guardFormOrigin
 * @property {() => Promise<void>} shutdown
 */
const { guardFormOrigin, shutdown } = build.entry.module;

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

const app = express();
app.disable("x-powered-by");
app.use(compression({ level: 4 }));
// Vite's hashed files never change under their name; the rest of public/ may.
app.use(
  "/assets",
  express.static(resolve(build.assetsBuildDirectory, "assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(build.assetsBuildDirectory, { maxAge: "1h" }));

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

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
  }),
);

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
const server = app.listen(port, host, () => {
  const worker = cluster.isWorker ? ` (worker ${process.pid})` : "";
  console.log(`The shop is listening on http://${host ?? "localhost"}:${port}${worker}`);
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
      console.error("The shop did not shut down cleanly:", error);
      process.exit(1);
    }
  });
  server.closeIdleConnections();
}
for (const signal of ["SIGTERM", "SIGINT"]) {
  // A worker may hear the signal twice, from its primary and from a service manager that
  // signals the whole group: it must keep draining, not die of the second one.
  if (cluster.isWorker) process.on(signal, drain);
  else process.once(signal, drain);
}
