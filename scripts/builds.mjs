// Builds an app with the Remix Vite plugin when its server build is missing or older than
// its sources: the shop for `npm start` and `npm run bench` (as `npm run build` does:
// Vite, then the precompressed copies), and the bench's reference app.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { precompress } from "./precompress.mjs";

/**
 * @typedef {object} App
 * @property {string} name how the messages call it
 * @property {string} root its folder (the Vite root)
 * @property {string} serverBuild the file the build writes last
 * @property {string[]} sources files and folders whose change calls for a new build
 * @property {() => Promise<unknown>} [afterBuild] what the build goes on with after Vite
 */

/** @type {App} */
export const shop = {
  name: "the shop",
  root: ".",
  serverBuild: "build/server/index.js",
  sources: ["app", "db", "migrations", "public", "vite.config.ts", "package-lock.json"],
  afterBuild: () => precompress("build/client"),
};

/** @type {App} */
export const reference = {
  name: "the reference app",
  root: "bench/reference",
  serverBuild: "bench/reference/build/server/index.js",
  sources: [
    "bench/reference/app",
    "bench/reference/vite.config.ts",
    "bench/reference/package.json",
    "package-lock.json",
  ],
};

/** What the shop writes beside its code at run time (the database, the session secret). */
const RUNTIME_FILE = /\.(sqlite|sqlite-wal|sqlite-shm|secret)$/;

/** The newest change of a source file under `path`; a folder's own time changes with any file written into it. */
function newestChange(path) {
  if (!existsSync(path) || RUNTIME_FILE.test(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** @param {App} app */
export async function buildWhenStale(app) {
  const builtAt = existsSync(app.serverBuild) ? statSync(app.serverBuild).mtimeMs : 0;
  if (builtAt >= Math.max(...app.sources.map(newestChange))) return;
  console.log(
    builtAt
      ? `Sources of ${app.name} changed: rebuilding…`
      : `No build of ${app.name} yet: building…`,
  );
  const remix = createRequire(import.meta.url).resolve("@remix-run/dev/dist/cli.js");
  execFileSync(process.execPath, [remix, "vite:build", app.root], { stdio: "inherit" });
  await app.afterBuild?.();
}
