// `npm start`: build when the build is missing or older than the sources (as `npm run
// build` does: Vite, then the precompressed copies), then run the production server
// (server/index.mjs) in this same process. The server migrates the database when it loads.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { precompress } from "./precompress.mjs";

const serverBuild = "build/server/index.js";
const sources = ["app", "db", "migrations", "public", "vite.config.ts", "package-lock.json"];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const builtAt = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log(builtAt ? "Sources changed: rebuilding…" : "No build yet: building…");
  const remix = createRequire(import.meta.url).resolve("@remix-run/dev/dist/cli.js");
  execFileSync(process.execPath, [remix, "vite:build"], { stdio: "inherit" });
  await precompress("build/client");
}

process.env.NODE_ENV ??= "production";
process.argv = [process.argv[0], "server/index.mjs", serverBuild];
await import(pathToFileURL(join(import.meta.dirname, "..", "server", "index.mjs")).href);
