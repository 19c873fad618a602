// `npm start`: build when the build is missing or older than the sources (as `npm run
// build` does: Vite, then the precompressed copies), then run the production server
// (server/index.mjs) in this same process. The server migrates the database when it loads.
import "./check-node.mjs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildWhenStale, shop } from "./builds.mjs";

await buildWhenStale(shop);

process.env.NODE_ENV ??= "production";
process.argv = [process.argv[0], "server/index.mjs", shop.serverBuild];
await import(pathToFileURL(join(import.meta.dirname, "..", "server", "index.mjs")).href);
