// A worker whose primary is gone (killed, crashed: D52's primary holds the listening
// socket, so no new connection comes). Node ends such a worker at once, cutting the requests
// it is answering and an outbox round between a Telegram message sent and its record, which
// another host then sends again once the claim runs out. It drains instead, as on SIGTERM:
// the requests in flight are answered, the round ends, the database closes, the process
// exits, and the primary's replacement starts workers of its own on the same port.
import cluster from "node:cluster";

/**
 * Calls `drain` when this worker's channel to its primary closes unasked.
 * @param {() => void} drain
 */
export function drainWhenOrphaned(drain) {
  const worker = cluster.worker;
  if (!worker) return;
  // A message to a primary that just died fails (EPIPE: Node acknowledging a connection the
  // primary handed over as it died). Node passes the failure on as the worker's "error",
  // and with no listener there it would end this worker as an uncaught exception, mid-drain.
  worker.on("error", (error) => {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === "EPIPE" || code === "ERR_IPC_CHANNEL_CLOSED" || code === "ECONNRESET") return;
    throw error;
  });
  worker.on("disconnect", () => {
    // A disconnect the primary or the worker asked for (worker.disconnect()) ends as Node ends it.
    if (worker.exitedAfterDisconnect) return;
    // Node exits right after this event unless the disconnect counts as asked for.
    worker.exitedAfterDisconnect = true;
    drain();
  });
}
