// After `remix vite:build` (`npm run build`, and `npm start` when it builds): a brotli
// (.br, quality 11) and a gzip (.gz, level 9) copy beside every file of build/client that
// compresses, for server/static.mjs to send as they are (D54). Fonts and
// pictures in PNG, WebP, AVIF or JPEG are compressed already and left alone; a copy that
// is not smaller than its file is not kept.
import { readFile, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { constants, brotliCompress, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const COMPRESSIBLE = /\.(?:css|html|ico|js|json|map|mjs|svg|txt|webmanifest|xml)$/i;

/**
 * @typedef {object} Precompressed
 * @property {string} file relative to the folder
 * @property {number} size
 * @property {number | null} br the .br copy's size, null when none was kept
 * @property {number | null} gz the .gz copy's size, null when none was kept
 */

/**
 * Writes (or refreshes) the .br and .gz copies of every compressible file under `dir`.
 *
 * @param {string} dir
 * @returns {Promise<Precompressed[]>}
 */
export async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  return Promise.all(
    files.map(async (file) => {
      const [bytes, { atimeMs, mtimeMs }] = await Promise.all([readFile(file), stat(file)]);
      const keep = async (extension, compressed) => {
        const path = `${file}${extension}`;
        if (compressed.length >= bytes.length) {
          await rm(path, { force: true });
          return null;
        }
        await writeFile(path, compressed);
        // Every coding of a file is as old as the file: one Last-Modified for all.
        await utimes(path, atimeMs / 1000, mtimeMs / 1000);
        return compressed.length;
      };
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }).then((compressed) => keep(".br", compressed)),
        gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }).then((compressed) =>
          keep(".gz", compressed),
        ),
      ]);
      return { file: relative(dir, file), size: bytes.length, br, gz };
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = process.argv[2] ?? "build/client";
  const done = await precompress(dir);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const total = (pick) => done.reduce((sum, file) => sum + (pick(file) ?? file.size), 0);
  console.log(
    `Precompressed ${done.length} files in ${dir}: ${kb(total((file) => file.size))}, ` +
      `brotli ${kb(total((file) => file.br))}, gzip ${kb(total((file) => file.gz))}`,
  );
}
