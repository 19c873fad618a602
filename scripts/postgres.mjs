// A throwaway PostgreSQL cluster for the tests: Debian's binaries, a temporary folder, a
// free loopback port, trust authentication on 127.0.0.1 only; removed when stopped.
// PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres`
// system user that Debian's package creates.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./shop-server.mjs";

/** @returns {string | null} the folder of Debian's newest PostgreSQL binaries */
export function postgresBinaries() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

/**
 * @returns {Promise<{ url: string; stop(): void }>} a running cluster and its address
 */
export async function startPostgres() {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install -y postgresql).");
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync("/tmp/shop-pg-");
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const run = (tool, args) => {
    const command = asRoot ? "runuser" : join(bin, tool);
    const argv = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} failed:\n${result.stdout}\n${result.stderr}`);
    return result.stdout;
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  const port = await freePort();
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "-o",
    `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// `node scripts/postgres.mjs CMD ARGS…`: runs CMD with TEST_DATABASE_URL pointing at a
// throwaway cluster (or at TEST_DATABASE_URL when it is already set), then removes it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error("Usage: node scripts/postgres.mjs COMMAND [ARGS…]");
    process.exit(2);
  }
  let cluster = null;
  if (!process.env.TEST_DATABASE_URL) {
    if (!postgresBinaries()) {
      console.error(
        "PostgreSQL is not installed, so the PostgreSQL run cannot happen: apt-get install -y postgresql (CI does), or set TEST_DATABASE_URL.",
      );
      process.exit(1);
    }
    cluster = await startPostgres();
  }
  const url = process.env.TEST_DATABASE_URL ?? cluster?.url ?? "";
  let status = 1;
  try {
    status =
      spawnSync(command, args, {
        stdio: "inherit",
        env: { ...process.env, TEST_DATABASE_URL: url },
      }).status ?? 1;
  } finally {
    cluster?.stop();
  }
  process.exit(status);
}
