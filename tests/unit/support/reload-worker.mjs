// A stand-in for the shop's server under server/primary.mjs in tests/unit/workers.test.ts:
// it answers every request with its pid after a short while (so requests are in flight
// when it is told to drain), and drains on SIGTERM as server/serve.mjs does. With the file
// named by RELOAD_WORKER_BROKEN present it dies before it listens, as new code that
// cannot start would.
import { existsSync } from "node:fs";
import http from "node:http";

if (process.env.RELOAD_WORKER_BROKEN && existsSync(process.env.RELOAD_WORKER_BROKEN)) {
  console.log(`worker ${process.pid} broken`);
  process.exit(1);
}

const server = http.createServer((_req, res) => {
  setTimeout(() => res.end(String(process.pid)), 15);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(
    `worker ${process.pid} listening on ${typeof address === "object" ? address?.port : address}`,
  );
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
