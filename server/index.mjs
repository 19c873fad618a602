// Starts the shop: with WEB_CONCURRENCY unset or 1, this process is the server
// (server/serve.mjs, D47); above 1, it becomes a primary that keeps that many
// server processes on one port (server/primary.mjs, D52).
import cluster from "node:cluster";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseWebConcurrency } from "./web-concurrency.mjs";

if (cluster.isPrimary) {
  const { workers, problem } = parseWebConcurrency(process.env.WEB_CONCURRENCY);
  if (problem) {
    console.error(`Invalid configuration:\n  - ${problem}`);
    process.exit(1);
  }
  if (workers > 1) {
    const { runPrimary } = await import("./primary.mjs");
    runPrimary({
      workers,
      exec: fileURLToPath(import.meta.url),
      args: [resolve(process.argv[2] ?? "build/server/index.js")],
    });
  } else {
    await import("./serve.mjs");
  }
} else {
  await import("./serve.mjs");
}
