import type { Plugin } from "vite";

/** The module Vite imports into every chunk that has an `import()` (vite 6). */
const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * The browser's `import()`s as they are written. Vite wraps each in a helper (1 KB, 0.47 KB
 * gzip in the chunk that makes the call) that adds `<link rel="modulepreload">` for the
 * imported chunk's dependencies and loads its CSS. With `build.modulePreload: false` it has
 * no scripts to preload: the shop's lazily loaded modules (the checkout's rules, the
 * header's menus) import only what the page has loaded already. They must not import
 * CSS, which only the helper would load: the build fails if one does.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: "shop:plain-dynamic-imports",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    enforce: "pre",
    load(id) {
      if (id === PRELOAD_HELPER) return "export const __vitePreload = (load) => load();";
      return null;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isDynamicEntry) continue;
        if ((chunk.viteMetadata?.importedCss.size ?? 0) > 0) {
          this.error(
            `${chunk.fileName} is loaded with import() and imports CSS, which plain dynamic imports do not load (scripts/plain-dynamic-imports.ts).`,
          );
        }
      }
    },
  };
}
