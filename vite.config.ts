import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // The server bundle runs on Node 20, which has top-level await.
    target: "es2022",
    // Fonts stay files even when tiny (the lari sign's face): a page fetches only the
    // faces it needs, and the Content-Security-Policy keeps font-src to 'self'.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
    // Shared chunks under 1 KB are folded into their neighbours: over HTTP/1.1 a phone
    // opens six connections, so 16 files instead of 21–26 on a first load saves round
    // trips. At 2 KB Rollup began folding the desk's route code into shared chunks, and
    // every shopper downloaded 4–5 KB of it.
    rollupOptions: { output: { experimentalMinChunkSize: 1024 } },
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
});
