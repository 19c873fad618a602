// Starts the built shop (server/index.mjs) on a free loopback port with a database in a
// folder of its own: used by the browser tests, `npm run bench` and `npm run lighthouse`.
// `spawnServer` starts any server the same way (the bench's reference app).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** @returns {Promise<number>} a port nothing listens on right now */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `node ARGS…` and waits until `url` answers 200.
 * @param {string[]} args
 * @param {{ url: string, env?: Record<string, string>, cwd?: string, quiet?: boolean }} options
 *   `quiet` sends the server's standard output to /dev/null (a server that logs every
 *   request would otherwise make the caller collect every line)
 */
export async function spawnServer(args, { url, env = {}, cwd, quiet = false }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", quiet ? "ignore" : "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`The server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    process: child,
    /** Milliseconds from spawning to the first 200. */
    startupMs: Math.round(performance.now() - started),
    output: () => output,
    /** Ends the server with a signal and waits for it to exit. */
    async stop(signal = /** @type {NodeJS.Signals} */ ("SIGTERM")) {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * @param {Record<string, string>} [env] variables for the shop
 * @param {string} [dir] the folder of its database (a new temporary one by default)
 * @param {{ healthPath?: string, port?: number }} [options] the address that must answer 200
 *   before it counts as started; the port, when the shop must know it in advance (PUBLIC_URL)
 */
export async function startShop(
  env = {},
  dir = mkdtempSync(join(tmpdir(), "shop-own-")),
  options = {},
) {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServer(["server/index.mjs", "build/server/index.js"], {
    url: `${url}${options.healthPath ?? "/healthz"}`,
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: join(dir, "shop.sqlite"),
      ...env,
    },
  });
  return { url, dir, ...server };
}
