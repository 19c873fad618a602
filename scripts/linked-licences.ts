import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/**
 * The libraries' licences in one file beside the browser's scripts, instead of the licence
 * comments the minifier kept at the top of their modules (19 of them in the framework
 * chunk: 4.3 KB, 0.44 KB gzip on every page's first load). Each script that had them names
 * the file in a one-line comment, as esbuild's `legalComments: "linked"` does. The file
 * holds every package the browser's scripts contain, with its licence's full text: the
 * comments covered React and Remix only (i18next, turbo-stream and valibot had none). The
 * notices still ship with every copy of the code, as the licences ask; a phone no longer
 * downloads them before the page works.
 */
export function linkedLicences(): Plugin {
  return {
    name: "shop:linked-licences",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    // After the minifier: these are the comments it kept (`format.comments: "some"`).
    enforce: "post",
    generateBundle(_options, bundle) {
      const packages = new Set<string>();
      const stripped: { chunk: { code: string }; code: string }[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          // Modules tree-shaking left nothing of are not in the scripts.
          if (module.renderedLength === 0) continue;
          const root = packageRoot(id);
          if (root) packages.add(root);
        }
        const found = licenceComments(chunk.code);
        if (found.length > 0) stripped.push({ chunk, code: withoutComments(chunk.code, found) });
      }
      if (packages.size === 0) return;
      const reference = this.emitFile({
        type: "asset",
        name: "licences.txt",
        source: `${[...packages].sort().map(packageNotice).join("\n\n")}\n`,
      });
      const file = this.getFileName(reference).replace(/^.*\//, "");
      for (const { chunk, code } of stripped) {
        chunk.code = `/*! Licences of the libraries in this file: ./${file} */\n${code}`;
      }
    },
  };
}

/**
 * A comment the minifier kept because it is a licence: it starts a line, opens with
 * `/**` or `/*!`, and names a licence (React's and Remix's say "@license").
 */
const LICENCE_COMMENT = /^\/\*[*!][\s\S]*?\*\/\n?/gm;

function licenceComments(code: string): string[] {
  return [...code.matchAll(LICENCE_COMMENT)]
    .map((match) => match[0])
    .filter((comment) => /licen[sc]e/i.test(comment));
}

function withoutComments(code: string, comments: string[]): string {
  let result = code;
  for (const comment of comments) result = result.replace(comment, "");
  return result;
}

/** The folder of the package a bundled module comes from, or null for the shop's own. */
function packageRoot(id: string): string | null {
  const path = id.replace(/^\0/, "").replace(/\?.*$/, "");
  const at = path.lastIndexOf("/node_modules/");
  if (at === -1) return null;
  const rest = path.slice(at + "/node_modules/".length).split("/");
  const name = rest[0]?.startsWith("@") ? rest.slice(0, 2).join("/") : rest[0];
  if (!name) return null;
  const root = join(path.slice(0, at), "node_modules", name);
  return existsSync(join(root, "package.json")) ? root : dirname(root);
}

/** A package's name, version, licence and the full text of its licence file. */
function packageNotice(root: string): string {
  const { name, version, license } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const file = readdirSync(root).find((entry) => /^licen[sc]e/i.test(entry));
  const text = file ? readFileSync(join(root, file), "utf8").trim() : `${license} licence`;
  return `${name} ${version} (${license})\n\n${text}`;
}
