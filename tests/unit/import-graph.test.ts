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

/** Every module a file imports, type-only imports and re-exports included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/g)]
    .concat([...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)])
    .map((match) => match[1] ?? "");
  return specs.flatMap((spec) => {
    const bare = spec.replace(/\?.*$/, "");
    const base = bare.startsWith("~/")
      ? join(APP, bare.slice(2))
      : bare.startsWith(".")
        ? resolve(dirname(file), bare)
        : null;
    if (base === null) return [];
    const found = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
      .map((ending) => base + ending)
      .find((path) => existsSync(path) && statSync(path).isFile() && SOURCE.test(path));
    return found ? [found] : [];
  });
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
