import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { type Rollup, defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const appFolder = fileURLToPath(new URL("./app/", import.meta.url));
/** What the browser runs on every page: the client entry and the root route. */
const shellRoots = ["entry.client.tsx", "root.tsx"].map((file) => `${appFolder}${file}`);

/**
 * Every page's first load in two files: `framework` (React, Remix, i18next: changes only
 * with a dependency, so a returning visitor keeps it across our releases) and `shell`
 * (the header, footer, cart badge and toasts that root renders on every page). Left to
 * Rollup they were 12–14 shared chunks, and each file is compressed on its own: 3–5 KB
 * gzip more on every page. Route code (and the desk's) stays in chunks of its own.
 */
const manualChunks: Rollup.GetManualChunk = (id, { getModuleInfo }) => {
  if (shellRoots.includes(id) || !everyPageNeeds(id, getModuleInfo)) return undefined;
  return id.startsWith(appFolder) ? "shell" : "framework";
};

let shell: Set<string> | undefined;

/** Whether a module is statically imported, at any depth, by the client entry or root. */
function everyPageNeeds(id: string, getModuleInfo: Rollup.GetModuleInfo): boolean {
  if (!shell) {
    const found = new Set<string>();
    const queue = [...shellRoots];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (found.has(next)) continue;
      found.add(next);
      queue.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
    shell = found;
  }
  return shell.has(id);
}

/**
 * React Router's own production builds in the browser (what its CommonJS entry loads in
 * production). Its ES module entry, which bundlers pick, still carries the text of its
 * development-only warnings (the v7 future-flag notices); the production build leaves them
 * out and comes minified: 0.6 KB gzip less on every page. Development keeps the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: "react-router/dist/react-router.production.min.js" },
  {
    find: /^react-router-dom$/,
    replacement: "react-router-dom/dist/react-router-dom.production.min.js",
  },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  build: {
    // The server bundle runs on Node 20, which has top-level await.
    target: "es2022",
    // Fonts stay files even when tiny (the lari sign's face): a page fetches only the
    // faces it needs, and the Content-Security-Policy keeps font-src to 'self'.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
    rollupOptions: {
      output: {
        // The server build stays one file.
        manualChunks: isSsrBuild ? undefined : manualChunks,
        // Chunks shared by some routes under 1 KB are folded into their neighbours: over
        // HTTP/1.1 a phone opens six connections, so fewer files save round trips. At
        // 2 KB Rollup began folding the desk's route code into shared chunks, and every
        // shopper downloaded 4–5 KB of it.
        experimentalMinChunkSize: 1024,
      },
    },
  },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
}));
