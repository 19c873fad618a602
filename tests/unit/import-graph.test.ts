import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every app module a file imports, type-only imports and re-exports included. */
function importsOf(file: string): string[] {
  return importsAnywhere(file).filter((path) => SOURCE.test(path));
}

/** The import circles among the app's modules, each as the path that closes it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("the app's import graph", () => {
  it("has no circle, type-only imports included", () => {
    const graph = new Map(sourceFiles(APP).map((file) => [file, importsOf(file)]));
    const found = circles(graph).map((path) => path.map((file) => relative(ROOT, file)));
    expect(found).toEqual([]);
  });

  it("reads type-only imports and finds a circle when there is one", () => {
    const root = join(APP, "root.tsx");
    expect(importsOf(root)).toContain(join(APP, "ui/root-data.ts"));
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c", "a"]]);
  });
});

/**
 * The app's layers, top to bottom (docs/ARCHITECTURE.md, "Layers"): imports run down or
 * stay in their layer. The composition root is on top, with the routes.
 */
const LAYERS: Record<string, number> = {
  routes: 4,
  "root.tsx": 4,
  "entry.server.tsx": 4,
  "entry.client.tsx": 4,
  "shop.server.ts": 4,
  desk: 3,
  ui: 3,
  cart: 3,
  checkout: 3,
  orders: 2,
  shopper: 2,
  chat: 2,
  catalog: 2,
  couriers: 2,
  reviews: 2,
  privacy: 2,
  settings: 2,
  delivery: 2,
  promotions: 2,
  content: 2,
  analytics: 2,
  i18n: 2,
  phone: 2,
  platform: 1,
  "constants.ts": 1,
  db: 0,
};

/**
 * The upward imports there are, each with its reason in docs/ARCHITECTURE.md. At most
 * eight: a ninth is a design question, not a line to add here.
 */
const UPWARD: Array<[string, string]> = [
  ["app/platform/page-cache.server.ts", "app/analytics/origin.ts"],
  ["app/platform/page-cache.server.ts", "app/i18n/i18next.server.ts"],
  ["app/platform/security.server.ts", "app/i18n/i18next.server.ts"],
  ["app/platform/security.server.ts", "app/i18n/instance.server.ts"],
  ["app/platform/security.server.ts", "app/i18n/languages.ts"],
];

/** Modules outside app/ and db/ the app may import: the server's and the kit's own, pure. */
const OUTSIDE = [
  "package.json",
  "server/encoding.mjs",
  "server/web-concurrency.mjs",
  "deploy/rotate-backups.mjs",
];

/** A file's layer: its folder under app/ (or the file itself at app's top), or db. */
function layerOf(file: string): { name: string; rank: number } | null {
  const path = relative(ROOT, file);
  if (path.startsWith("db/")) return { name: "db", rank: 0 };
  if (!path.startsWith("app/")) return null;
  const [first = ""] = path.slice("app/".length).split("/");
  const rank = LAYERS[first];
  if (rank === undefined) throw new Error(`${path} is in no layer: add its folder to LAYERS`);
  return { name: first, rank };
}

/**
 * Every module a file imports, type-only imports and re-exports included: app/ and db/, and
 * beyond (package.json, server/, deploy/).
 */
function importsAnywhere(file: string): string[] {
  return importStatements(file).flatMap(({ spec }) => {
    const found = resolveImport(file, spec);
    return found ? [found] : [];
  });
}

/**
 * A file's import and re-export statements, each with what it names (`{ a, b }`, `* as x`;
 * empty for a dynamic `import()`, which reaches everything) and where from.
 */
function importStatements(file: string): Array<{ names: string; spec: string }> {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b([^;]*?)\bfrom\s+["']([^"']+)["']/g)]
    .map((match) => ({ names: match[1] ?? "", spec: match[2] ?? "" }))
    .concat(
      [...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => ({
        names: "",
        spec: match[1] ?? "",
      })),
    );
}

/** The file an import's specifier names (app/, db/ and beyond), or null for a package. */
function resolveImport(file: string, spec: string): string | null {
  const bare = spec.replace(/\?.*$/, "");
  const base = bare.startsWith("~/")
    ? join(APP, bare.slice(2))
    : bare.startsWith(".")
      ? resolve(dirname(file), bare)
      : null;
  if (base === null) return null;
  return (
    ["", ".ts", ".tsx", ".mjs", ".json", "/index.ts", "/index.tsx"]
      .map((ending) => base + ending)
      .find(
        (path) => existsSync(path) && statSync(path).isFile() && /\.(tsx?|mjs|json)$/.test(path),
      ) ?? null
  );
}

describe("the app's layers", () => {
  const files = sourceFiles(APP);
  const edges = files.flatMap((file) => importsAnywhere(file).map((to) => [file, to] as const));

  it("run down: routes → desk and storefront UI → domain → platform → db, save the few listed", () => {
    const upward = edges.flatMap(([from, to]) => {
      const a = layerOf(from);
      const b = layerOf(to);
      return a && b && a.name !== b.name && b.rank > a.rank
        ? [[relative(ROOT, from), relative(ROOT, to)]]
        : [];
    });
    expect(upward.sort()).toEqual([...UPWARD].sort());
    expect(UPWARD.length).toBeLessThanOrEqual(8);
  });

  it("leave the app only for the server's and the kit's own pure modules", () => {
    const outside = edges.flatMap(([, to]) => (layerOf(to) ? [] : [relative(ROOT, to)]));
    expect([...new Set(outside)].sort()).toEqual([...OUTSIDE].sort());
  });

  it("reach the composition root only from the routes, root and the entries", () => {
    const root = join(APP, "shop.server.ts");
    const importers = edges.flatMap(([from, to]) => (to === root ? [relative(ROOT, from)] : []));
    expect(importers.length).toBeGreaterThan(30);
    expect(
      importers.filter((file) => !/^app\/(routes\/|root\.tsx$|entry\.server\.tsx$)/.test(file)),
    ).toEqual([]);
  });

  it("leave the settings to the composition root: no other module imports getConfig", () => {
    // Nothing below the root reads the settings; it is handed what it needs (cookies made
    // by factories, `shop.origin`, the phone's key, the headers' settings). Routes read
    // `shop.config`. A namespace or dynamic import of the module could reach it too.
    const config = join(APP, "platform/config.server.ts");
    const readers = files.filter(
      (file) =>
        file !== config &&
        importStatements(file).some(
          ({ names, spec }) =>
            resolveImport(file, spec) === config &&
            (/\bgetConfig\b/.test(names) || /\*\s*as\b/.test(names) || names === ""),
        ),
    );
    expect(readers.map((file) => relative(ROOT, file))).toEqual(["app/shop.server.ts"]);
  });

  it("are explained, each upward import with its reason, in docs/ARCHITECTURE.md", () => {
    const architecture = readFileSync(join(ROOT, "docs/ARCHITECTURE.md"), "utf8");
    for (const [from, to] of UPWARD)
      expect(architecture, `${from} → ${to}`).toContain(
        `\`${from.replace(/^app\//, "")}\` → \`${to.replace(/^app\//, "")}\``,
      );
  });

  it("stay small enough to read: no desk route over 250 lines, no app file over 700", () => {
    const lines = (file: string) => readFileSync(file, "utf8").split("\n").length;
    const long = files.filter((file) => lines(file) > 700);
    const desk = files.filter(
      (file) => /^app\/routes\/desk[.\/]/.test(relative(ROOT, file)) && lines(file) > 250,
    );
    expect([...long, ...desk].map((file) => relative(ROOT, file))).toEqual([]);
  });
});
