import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type TranslationCalls,
  type TranslationKey,
  findTranslationCalls,
} from "./support/translation-calls";

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

/** Every text of the Russian dictionaries by namespace, plural forms under their base key. */
const russian = new Map<string, Set<string>>();
for (const file of readdirSync(join(LOCALES, "ru"))) {
  const keys = new Set<string>();
  const collect = (dictionary: Dictionary, prefix: string) => {
    for (const [name, value] of Object.entries(dictionary)) {
      const path = prefix ? `${prefix}.${name}` : name;
      // i18next plurals: `cartBadge` is `cartBadge_one`, `cartBadge_other`…
      if (typeof value === "string") keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
      else collect(value, path);
    }
  };
  collect(JSON.parse(readFileSync(join(LOCALES, "ru", file), "utf8")), "");
  russian.set(file.replace(/\.json$/, ""), keys);
}

/** Whether a text exists for the key, or for a pattern some text matches (`*`: anything). */
function exists({ namespace, key, pattern }: TranslationKey): boolean {
  const keys = namespace === null ? undefined : russian.get(namespace);
  if (!keys) return false;
  if (!pattern) return keys.has(key);
  const parts = key.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  const matcher = new RegExp(`^${parts.join(".+")}$`);
  return [...keys].some((candidate) => matcher.test(candidate));
}

const missing = (keys: TranslationKey[]) =>
  keys.filter((key) => !exists(key)).map((key) => `${key.namespace ?? "?"}:${key.key}`);

const ROOT = join(APP, "..");
/** Every form a translation call takes, each asking for a key no dictionary has. Only in memory. */
const FORMS = join(APP, "translation-forms.virtual.ts");
const FORMS_SOURCE = `
import { useTranslation } from "react-i18next";
import { fixedT } from "~/i18n/instance.server";
import type { Translate } from "~/orders/message";

declare const shop: { t: typeof fixedT };
type Kind = "new" | "gone";

export function forms(kind: Kind, passed: Translate, chat: { t: Translate }, free: string) {
  fixedT("ru", "desk")("forms.direct");
  const made = () => fixedT("ru", "desk");
  made()("forms.callOfCall");
  shop.t("ru", "catalog")("forms.shopT");
  passed("desk:forms.parameter");
  chat.t("desk:forms.property");
  const fixed = fixedT("ru", "desk");
  fixed(\`status.\${kind}\`);
  fixed(kind === "new" ? "status.new" : "forms.conditional");
  fixed(\`forms.\${free}.title\`);
  passed("forms.noNamespace");
  return fixed(free);
}

export function Hook() {
  const { t } = useTranslation("desk");
  return t("forms.hook");
}
`;

/** The app as the compiler sees it (tsconfig.json), with the forms above beside it. */
function appProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!config) throw new Error("tsconfig.json could not be read.");
  const host = ts.createCompilerHost(config.options, true);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName === FORMS
      ? ts.createSourceFile(fileName, FORMS_SOURCE, language, true)
      : getSourceFile.call(host, fileName, language, ...rest);
  host.fileExists = (fileName) => fileName === FORMS || fileExists.call(host, fileName);
  const rootNames = config.fileNames.filter((name) => name.startsWith(`${APP}/`));
  return ts.createProgram({ rootNames: [...rootNames, FORMS], options: config.options, host });
}

const inApp = (name: string) =>
  name.startsWith(`${APP}/`) && !name.startsWith(`${LOCALES}/`) && name !== FORMS;

describe("every key the code asks for exists", () => {
  let forms: TranslationCalls;
  let app: TranslationCalls;

  // Type checking the app's calls takes seconds, more on a busy machine: done once, here.
  beforeAll(() => {
    const program = appProgram();
    const read = (include: (name: string) => boolean) =>
      findTranslationCalls(program, { include, root: ROOT, defaultNamespace: "common" });
    forms = read((name) => name === FORMS);
    app = read(inApp);
  }, 120_000);

  it("follows every form of translation call, and a missing key through any of them fails", () => {
    expect(missing(forms.keys).sort()).toEqual(
      [
        "desk:forms.direct",
        "desk:forms.callOfCall",
        "catalog:forms.shopT",
        "desk:forms.parameter",
        "desk:forms.property",
        // The template expands to status.new, which exists, and status.gone.
        "desk:status.gone",
        "desk:forms.conditional",
        "desk:forms.*.title",
        // A passed-in translator says no namespace: its keys must name one.
        "?:forms.noNamespace",
        "desk:forms.hook",
      ].sort(),
    );
    expect(forms.keys.map((key) => `${key.namespace}:${key.key}`)).toContain("desk:status.new");
    expect(forms.dynamic).toEqual(["app/translation-forms.virtual.ts: fixed(free)"]);
  });

  it("finds every key of every translation call in app/ in the Russian dictionaries", () => {
    const { keys, dynamic } = app;
    expect(keys.length).toBeGreaterThan(450);
    expect(
      keys
        .filter((key) => !exists(key))
        .map((key) => `${key.at} ${key.namespace ?? "?"}:${key.key}`),
    ).toEqual([]);
    // Keys known only when the code runs, each for a reason:
    expect(dynamic).toEqual([
      // The translator's own cache, passing on whatever it was asked.
      "app/i18n/instance.server.ts: t(key, ...rest)",
      "app/i18n/instance.server.ts: t(key, ...rest)",
      // A note the shop stored as a key (the expiry's), translated for its reader.
      "app/orders/event-note.ts: t(event.note_key, values)",
    ]);
  });
});
