import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { type IncomingHttpHeaders, request as httpRequest } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./support/test";

// The server's answer for the build's files; the browser adds nothing, so once is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");

const CLIENT = join(import.meta.dirname, "../../build/client");
const IMMUTABLE = "public, max-age=31536000, immutable";

/** A request with exactly these headers (fetch would add and decode Accept-Encoding). */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${baseURL}${path}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The biggest script of the build: the one where the coding matters most. */
function biggestScript(): string {
  const [name] = readdirSync(join(CLIENT, "assets"))
    .filter((file) => file.endsWith(".js"))
    .sort(
      (a, b) => statSync(join(CLIENT, "assets", b)).size - statSync(join(CLIENT, "assets", a)).size,
    );
  if (!name) throw new Error("No script in build/client/assets: run `npm run build`");
  return name;
}

test("a script is sent as stored brotli or gzip, or as itself, with the same bytes and a year of cache", async () => {
  const name = biggestScript();
  const file = readFileSync(join(CLIENT, "assets", name));
  const path = `/assets/${name}`;
  const variants = [
    {
      accept: "gzip, deflate, br, zstd",
      coding: "br",
      stored: ".br",
      decode: brotliDecompressSync,
    },
    { accept: "gzip", coding: "gzip", stored: ".gz", decode: gunzipSync },
    { accept: "br;q=0, gzip, deflate", coding: "gzip", stored: ".gz", decode: gunzipSync },
    { accept: "identity", coding: undefined, stored: "", decode: (bytes: Buffer) => bytes },
    { accept: null, coding: undefined, stored: "", decode: (bytes: Buffer) => bytes },
  ];
  for (const { accept, coding, stored, decode } of variants) {
    const response = await raw(path, accept === null ? {} : { "Accept-Encoding": accept });
    const label = `Accept-Encoding: ${accept ?? "(none)"}`;
    expect(response.status, label).toBe(200);
    expect(response.headers["content-encoding"], label).toBe(coding);
    expect(response.headers["content-type"], label).toBe("application/javascript; charset=UTF-8");
    expect(response.headers["cache-control"], label).toBe(IMMUTABLE);
    expect(response.headers.vary, label).toBe("Accept-Encoding");
    expect(Number(response.headers["content-length"]), label).toBe(response.body.length);
    expect(response.headers.etag, label).toBeTruthy();
    expect(response.headers["last-modified"], label).toBeTruthy();
    // The stored bytes, not compressed again on the way out.
    const sent = readFileSync(join(CLIENT, "assets", `${name}${stored}`));
    expect(response.body.equals(sent), label).toBe(true);
    expect(decode(response.body).equals(file), label).toBe(true);
  }
  expect(file.length).toBeGreaterThan(
    3 * readFileSync(join(CLIENT, "assets", `${name}.br`)).length,
  );
});

test("HEAD, a range and a revalidation of a stored coding answer as for any static file", async () => {
  const name = biggestScript();
  const path = `/assets/${name}`;
  const brotli = readFileSync(join(CLIENT, "assets", `${name}.br`));

  const head = await raw(path, { "Accept-Encoding": "br" }, "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers["content-encoding"]).toBe("br");
  expect(Number(head.headers["content-length"])).toBe(brotli.length);
  expect(head.body.length).toBe(0);

  // A range counts in the bytes sent, the stored brotli's (RFC 9110 §14.1).
  const range = await raw(path, { "Accept-Encoding": "br", Range: "bytes=0-99" });
  expect(range.status).toBe(206);
  expect(range.headers["content-encoding"]).toBe("br");
  expect(range.headers["content-range"]).toBe(`bytes 0-99/${brotli.length}`);
  expect(range.body.equals(brotli.subarray(0, 100))).toBe(true);

  const again = await raw(path, {
    "Accept-Encoding": "br",
    "If-None-Match": String(head.headers.etag),
  });
  expect(again.status).toBe(304);
  // Each coding has its own tag, so a cache never mixes one's bytes with another's.
  const gzip = await raw(path, { "Accept-Encoding": "gzip" }, "HEAD");
  expect(gzip.headers.etag).not.toBe(head.headers.etag);
});

test("the rest of public/ is precompressed too and kept for an hour; fonts and pictures are sent as they are", async () => {
  const svg = await raw("/flags/ka.svg", { "Accept-Encoding": "gzip, br" });
  expect(svg.status).toBe(200);
  expect(svg.headers["content-encoding"]).toBe("br");
  expect(svg.headers["content-type"]).toBe("image/svg+xml");
  expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
  const flagSvg = readFileSync(join(CLIENT, "flags", "ka.svg"));
  expect(brotliDecompressSync(svg.body).equals(flagSvg)).toBe(true);

  const font = readdirSync(join(CLIENT, "assets")).find((file) => file.endsWith(".woff2"));
  const woff2 = await raw(`/assets/${font}`, { "Accept-Encoding": "gzip, br" });
  expect(woff2.status).toBe(200);
  expect(woff2.headers["content-encoding"]).toBeUndefined();
  expect(woff2.headers["cache-control"]).toBe(IMMUTABLE);

  const flag = await raw("/flags/ka.png", { "Accept-Encoding": "gzip, br" });
  expect(flag.status).toBe(200);
  expect(flag.headers["content-encoding"]).toBeUndefined();
});

test("a script of the build before this one is still served from build.previous while an upgrade runs", async () => {
  // What an upgrade leaves beside the build (README, Upgrades): the old build's files, for
  // pages a worker of the old build rendered, also while Vite empties build/client.
  const previous = join(CLIENT, "../../build.previous/client/assets");
  const name = `entry.client-Old${process.pid}.js`;
  const made = !existsSync(previous);
  mkdirSync(previous, { recursive: true });
  writeFileSync(join(previous, name), "console.log('the old build');\n");
  try {
    const old = await raw(`/assets/${name}`);
    expect(old.status).toBe(200);
    expect(old.body.toString()).toBe("console.log('the old build');\n");
    expect(old.headers["cache-control"]).toBe(IMMUTABLE);
    // The current build's files come from the current build, as before.
    const current = biggestScript();
    const served = await raw(`/assets/${current}`);
    expect(served.body.equals(readFileSync(join(CLIENT, "assets", current)))).toBe(true);
    // A file in neither build is the ordinary 404.
    expect((await raw(`/assets/entry.client-Gone${process.pid}.js`)).status).toBe(404);
  } finally {
    rmSync(join(previous, name));
    if (made) rmSync(join(CLIENT, "../../build.previous"), { recursive: true, force: true });
  }
});
