// The build's files as express.static serves them, except that a file with a brotli (.br)
// or gzip (.gz) sibling written at build time (scripts/precompress.mjs) is answered with
// the sibling's bytes when the request accepts that coding (D54). The bytes are
// compressed once at the highest levels instead of at level 4 or 6 on every response, and
// compression() leaves a response that already has a Content-Encoding alone.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import express from "express";
import { chooseEncoding } from "./encoding.mjs";

/** The codings written at build time, in the order we prefer them: the smaller first. */
export const CODINGS = /** @type {const} */ ({ br: ".br", gzip: ".gz" });

/** @typedef {keyof typeof CODINGS | "identity"} Coding */

/**
 * The files under `root` that have stored codings, by their path below it ("/a/b.js").
 *
 * @param {string} root
 * @returns {Map<string, Array<keyof typeof CODINGS>>}
 */
export function findPrecompressed(root) {
  /** @type {Map<string, Array<keyof typeof CODINGS>>} */
  const found = new Map();
  /** @param {string} dir @param {string} prefix */
  const walk = (dir, prefix) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
    for (const entry of entries) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
    }
    for (const name of files) {
      for (const [coding, extension] of Object.entries(CODINGS)) {
        const original = name.slice(0, -extension.length);
        if (!name.endsWith(extension) || !files.has(original)) continue;
        const key = `${prefix}${original}`;
        found.set(key, [...(found.get(key) ?? []), /** @type {keyof typeof CODINGS} */ (coding)]);
      }
    }
  };
  try {
    walk(root, "/");
  } catch (error) {
    // No build folder: express.static answers nothing from it either.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
  }
  return found;
}

/**
 * The Content-Type express.static gives the file itself (send's own lookup).
 *
 * @param {string} path
 */
function contentTypeOf(path) {
  const { mime } = express.static;
  const type = mime.lookup(path);
  const charset = mime.charsets.lookup(type);
  return charset ? `${type}; charset=${charset}` : type;
}

/**
 * express.static(root, options), answering with a stored coding where there is one. The
 * sibling goes through express.static itself, so ETag, Last-Modified, conditional
 * requests, ranges (of the stored bytes), HEAD and the caching options are its own.
 *
 * @param {string} root
 * @param {Record<string, unknown>} options express.static's own
 */
export function precompressedStatic(root, options) {
  const serve = express.static(root, options);
  const precompressed = findPrecompressed(root);
  return (req, res, next) => {
    let stored;
    if (req.method === "GET" || req.method === "HEAD") {
      try {
        stored = precompressed.get(decodeURIComponent(req.path));
      } catch {
        // A malformed escape: express.static answers it.
      }
    }
    if (!stored) return serve(req, res, next);
    res.vary("Accept-Encoding");
    const coding = chooseEncoding(req.get("Accept-Encoding"), stored);
    if (coding === "identity") return serve(req, res, next);

    const url = req.url;
    const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
    res.setHeader("Content-Type", contentTypeOf(req.path));
    res.setHeader("Content-Encoding", coding);
    req.url = `${req.path}${CODINGS[coding]}${query}`;
    serve(req, res, (error) => {
      // The sibling was not served (gone since start): the file itself, as before.
      req.url = url;
      res.removeHeader("Content-Type");
      res.removeHeader("Content-Encoding");
      if (error) return next(error);
      serve(req, res, next);
    });
  };
}
