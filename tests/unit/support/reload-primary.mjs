// server/primary.mjs over two stand-in workers (reload-worker.mjs), for
// tests/unit/workers.test.ts. A file rather than `node -e`: cluster workers inherit the
// primary's execArgv, and would run an `-e` script again.
import { fileURLToPath } from "node:url";
import { runPrimary } from "../../../server/primary.mjs";

runPrimary({
  workers: 2,
  exec: fileURLToPath(new URL("./reload-worker.mjs", import.meta.url)),
  args: [],
});
