import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { type Rollup, defineConfig } from "vite";
import { linkedLicences } from "./scripts/linked-licences";
import { plainDynamicImports } from "./scripts/plain-dynamic-imports";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const appFolder = fileURLToPath(new URL("./app/", import.meta.url));
const routesFolder = `${appFolder}routes/`;
/**
 * What the browser runs on every page: the client entry, the root route and the
 * storefront's layout (header, footer, analytics). Their own code is in `shell` too: one
 * file compresses better than three (0.5 KB gzip less on every page, measured 28 Nov); the
 * root's and the layout's route modules are then two one-line files that point into it.
 */
const shellRoots = ["entry.client.tsx", "root.tsx", "routes/_shop.tsx"].map(
  (file) => `${appFolder}${file}`,
);
/**
 * Shared code of this many of the shop's routes joins the shell (today the page meta, the
 * price and text isolation). Measured: at 2 or 3 pages carried code they do not use, at
 * 4 every page was smaller than without the rule.
 */
const SHELL_MIN_ROUTES = 4;

/**
 * Every page's first load in a few files: `framework` (React, Remix, i18next: it changes
 * only with a dependency, so a returning visitor keeps it across our releases), `shell`
 * (what root renders on every page: header, footer, cart badge, toasts, and what most
 * pages share), the root and the page's route. Left to Rollup they were 12–14 shared
 * chunks, each compressed on its own: 3.3–4.1 KB gzip more a page. Code of one or a
 * few routes (and the desk's) stays in chunks of its own.
 */
/**
 * The catalogue's rules and the owner's product forms: only the desk's pages run them in
 * the browser. Left to Rollup, their constants joined the storefront layout's chunk. A
 * language's text state (missing, outdated) joins them: its own chunk put two more imports
 * into the route manifest every storefront page loads. So does the desk's page kit (its
 * choices, form answers, revision, timeline, activity and card lists): one chunk, not six.
 */
const deskOnly = [
  "catalog/model.ts",
  "catalog/product-form.ts",
  "desk/TextState.tsx",
  "desk/Choice.tsx",
  "desk/Revision.tsx",
  "desk/form-answer.tsx",
  "desk/Timeline.tsx",
  "desk/ActivityList.tsx",
  "desk/CardList.tsx",
].map((file) => `${appFolder}${file}`);

/**
 * The order's own pages (its status, its cancellation, its review): a shopper reaches them
 * from a link, seldom. Left to Rollup, their small route modules were folded into a chunk
 * the checkout loads, and every checkout carried them.
 */
const orderPages = `${routesFolder}_own.o.`;

/**
 * What the catalogue's pages (all products, a line, a product) share: one file rather than
 * one each, 0.15 KB gzip less on a product page.
 */
const catalogPieces = ["ui/Breadcrumbs.tsx", "ui/ProductCard.tsx"].map(
  (file) => `${appFolder}${file}`,
);

/**
 * What the checkout shares: its fields and the calendar (with the masks and rules it
 * fetches later, checkout/typing.ts, so its own chunk shares nothing with them: Rollup
 * would split it into two files), the notice the cart shows too, and the reading of
 * Arabic-Indic digits the cart's quantity and the checkout's masks both use (a file of its
 * own otherwise). One file, not three.
 */
const checkoutShared = [
  "checkout/fields.ts",
  "phone/prefix.ts",
  "platform/email.ts",
  "platform/calendar.ts",
  "platform/digits.ts",
  "i18n/left-to-right.ts",
  "ui/ClosedNotice.tsx",
  // The area chosen (D84): the checkout's form and summary, and its lazily loaded rules.
  "checkout/offered.ts",
].map((file) => `${appFolder}${file}`);

const manualChunks: Rollup.GetManualChunk = (id, { getModuleInfo }) => {
  if (id.startsWith(orderPages)) return "order-pages";
  if (catalogPieces.includes(id)) return "catalog";
  if (checkoutShared.includes(id)) return "ordering";
  // Delivery's money (D84): the cart's hint and the checkout's later rules; left to Rollup,
  // it rode in the desk's chunk.
  if (id === `${appFolder}delivery/fee.ts`) return "delivery-fee";
  if (shellRoots.includes(id)) return "shell";
  if (id.startsWith(routesFolder)) return undefined;
  if (deskOnly.includes(id)) return "desk-catalog";
  if (rootImports(getModuleInfo).has(id)) return id.startsWith(appFolder) ? "shell" : "framework";
  if (id.startsWith(appFolder) && shopRoutesImporting(id, getModuleInfo) >= SHELL_MIN_ROUTES) {
    return "shell";
  }
  return undefined;
};

const rootImportsByBuild = new WeakMap<Rollup.GetModuleInfo, Set<string>>();

/** Every module the client entry and root import statically, at any depth. */
function rootImports(getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  let found = rootImportsByBuild.get(getModuleInfo);
  if (found) return found;
  found = new Set();
  const queue = [...shellRoots];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...(getModuleInfo(next)?.importedIds ?? []));
  }
  rootImportsByBuild.set(getModuleInfo, found);
  return found;
}

/** How many of the shop's routes (the desk's not counted) import a module, at any depth. */
function shopRoutesImporting(id: string, getModuleInfo: Rollup.GetModuleInfo): number {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const importer of getModuleInfo(next)?.importers ?? []) {
      if (!importer.startsWith(routesFolder)) queue.push(importer);
      else if (!importer.startsWith(`${routesFolder}desk`)) routes.add(importer);
    }
  }
  return routes.size;
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
  // Development: the browser's dependencies are bundled before the first page, and no
  // others are looked for. Vite's scan reads route modules before Remix strips their
  // server code, found better-sqlite3, pg and friends on the first visit, bundled again
  // and reloaded: until then two copies of React broke hydration ("Invalid hook call").
  optimizeDeps: {
    noDiscovery: true,
    include: [
      "react",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "react-dom",
      "react-dom/client",
      "@remix-run/react",
      "i18next",
      "react-i18next",
      "@simplewebauthn/browser",
    ],
  },
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" && !isSsrBuild ? reactRouterProduction : []),
    ],
  },
  build: {
    // The server bundle runs on Node 24 (D77), which has top-level await.
    target: "es2022",
    // No `<link rel="modulepreload">` for what an `import()` imports: see
    // scripts/plain-dynamic-imports.ts. Remix preloads each page's own modules itself.
    modulePreload: false,
    // Fonts stay files even when tiny (the lari sign's face): a page fetches only the
    // faces it needs, and the Content-Security-Policy keeps font-src to 'self'.
    assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined),
    // Terser rather than esbuild for the browser's files: measured, 4 KB gzip less on
    // every page for a few seconds more of build; libraries' licence comments are kept.
    minify: isSsrBuild ? false : "terser",
    terserOptions: {
      ecma: 2020,
      module: true,
      compress: { passes: 2 },
      format: { comments: "some" },
    },
    rollupOptions: {
      output: {
        // The server build stays one file.
        manualChunks: isSsrBuild ? undefined : manualChunks,
        // No folding of small shared chunks into their neighbours (Rollup's
        // experimentalMinChunkSize): it joined route modules into whichever chunk was at
        // hand, so the product page downloaded the about page's code for its JSON-LD and a
        // desk-only change once put 0.5 KB on every checkout. Measured without it (28 Nov):
        // every page 0.2–0.7 KB gzip smaller, in a few more files, which a phone fetches
        // at once (they are preloaded, over HTTP/2 behind the proxy).
      },
    },
  },
  plugins: [
    linkedLicences(),
    plainDynamicImports(),
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
