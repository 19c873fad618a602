// A stand-in for the shop's server under server/primary.mjs in tests/unit/workers.test.ts:
// it answers every request with its pid after a short while (so requests are in flight
// when it is told to drain; /slow after 600 ms, saying when it took one; /epipe as if its
// primary had just died under a message), and drains on
// SIGTERM or when its primary is gone, as server/serve.mjs does. With the file named by
// RELOAD_WORKER_BROKEN present it dies before it listens, as new code that cannot start
// would.
import { existsSync } from "node:fs";
import http from "node:http";
import { drainWhenOrphaned } from "../../../server/orphan.mjs";

if (process.env.RELOAD_WORKER_BROKEN && existsSync(process.env.RELOAD_WORKER_BROKEN)) {
  console.log(`worker ${process.pid} broken`);
  process.exit(1);
}

const server = http.createServer((req, res) => {
  if (req.url === "/slow") console.log(`worker ${process.pid} took a slow request`);
  // As Node reports a message to a primary that just died: a failed write, EPIPE.
  if (req.url === "/epipe")
    process.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
  setTimeout(() => res.end(String(process.pid)), req.url === "/slow" ? 600 : 15);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(
    `worker ${process.pid} listening on ${typeof address === "object" ? address?.port : address}`,
  );
});
const drain = () => {
  server.close(() => {
    console.log(`worker ${process.pid} drained`);
    process.exit(0);
  });
  server.closeIdleConnections();
};
process.on("SIGTERM", drain);
drainWhenOrphaned(drain);
