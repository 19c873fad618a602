import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const APP = join(import.meta.dirname, "../../app");
const LOCALES = join(APP, "locales");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : sourceFiles(path);
    return /\.(tsx?|mts)$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(APP).map((path) => ({
  path: relative(APP, path),
  source: ts.createSourceFile(
    path,
    readFileSync(path, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  ),
}));

const LETTER = /\p{L}/u;
/** Attributes whose text a person reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  "alt",
  "aria-label",
  "title",
  "placeholder",
  "label",
  "aria-description",
]);

describe("no visible text outside the dictionaries", () => {
  it("has no literal words in JSX text or readable attributes", () => {
    const found: string[] = [];
    for (const { path, source } of files) {
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && LETTER.test(node.text)) {
          found.push(`${path}: text "${node.text.trim()}"`);
        }
        if (
          ts.isJsxAttribute(node) &&
          TEXT_ATTRIBUTES.has(node.name.getText(source)) &&
          node.initializer &&
          ts.isStringLiteral(node.initializer) &&
          LETTER.test(node.initializer.text)
        ) {
          found.push(`${path}: ${node.name.getText(source)}="${node.initializer.text}"`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});

type Dictionary = { [key: string]: string | Dictionary };
const russian = new Map<string, Dictionary>();
for (const file of readdirSync(join(LOCALES, "ru"))) {
  russian.set(
    file.replace(/\.json$/, ""),
    JSON.parse(readFileSync(join(LOCALES, "ru", file), "utf8")),
  );
}

/** Whether `path` names a text (or, for a prefix of a built key, a group) in a namespace. */
function exists(namespace: string, path: string, prefixOnly: boolean): boolean {
  let node: string | Dictionary | undefined = russian.get(namespace);
  const parts = path.split(".").filter(Boolean);
  for (const [index, part] of parts.entries()) {
    if (typeof node !== "object") return false;
    const last = index === parts.length - 1;
    // i18next plurals: `cartBadge` is `cartBadge_one`, `cartBadge_other`…
    node =
      node[part] ??
      (last && !prefixOnly ? (node[`${part}_other`] as string | undefined) : undefined);
  }
  return prefixOnly ? typeof node === "object" : typeof node === "string";
}

/** The namespace a `t` in this function was made for: useTranslation, getRequestT, getFixedT, fixedT or shop.t. */
function namespaceOf(call: ts.CallExpression, source: ts.SourceFile): string {
  for (let scope: ts.Node | undefined = call.parent; scope; scope = scope.parent) {
    if (!ts.isFunctionLike(scope)) continue;
    let namespace: string | null = null;
    const visit = (node: ts.Node) => {
      if (namespace !== null) return;
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(source);
        const argument =
          callee === "useTranslation"
            ? node.arguments[0]
            : callee.endsWith("getRequestT") ||
                callee.endsWith("getFixedT") ||
                callee === "fixedT" ||
                callee === "shop.t"
              ? node.arguments[1]
              : undefined;
        if (callee === "useTranslation" || argument) {
          if (!argument) namespace = "common";
          else if (ts.isStringLiteral(argument)) namespace = argument.text;
          else if (
            ts.isArrayLiteralExpression(argument) &&
            argument.elements[0] &&
            ts.isStringLiteral(argument.elements[0])
          ) {
            namespace = argument.elements[0].text;
          }
        }
      }
      if (!ts.isFunctionLike(node) || node === scope) ts.forEachChild(node, visit);
    };
    ts.forEachChild(scope, visit);
    if (namespace) return namespace;
  }
  return "common";
}

describe("every key the code asks for exists", () => {
  it("finds each t('…') key in the Russian dictionaries", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { path, source } of files) {
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          /^(t|ownerT|translate)$/.test(node.expression.text)
        ) {
          const [argument] = node.arguments;
          let key: string | null = null;
          let prefixOnly = false;
          if (
            argument &&
            (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))
          ) {
            key = argument.text;
          } else if (argument && ts.isTemplateExpression(argument)) {
            key = argument.head.text.replace(/\.$/, "");
            prefixOnly = true;
          }
          if (key) {
            const [namespace, path] = key.includes(":")
              ? (key.split(":") as [string, string])
              : [namespaceOf(node, source), key];
            checked++;
            if (path && !exists(namespace, path, prefixOnly))
              missing.push(`${path}: ${namespace}:${key}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(checked).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  });
});
