import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, onTestFinished } from "vitest";
import { precompress } from "../../scripts/precompress.mjs";
import { chooseEncoding } from "../../server/encoding.mjs";
import { findPrecompressed } from "../../server/static.mjs";

const both = ["br", "gzip"] as const;

describe("the coding a stored file is sent in", () => {
  it("takes brotli, then gzip, then the file itself, as the browser allows", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseEncoding("deflate", both)).toBe("identity");
    expect(chooseEncoding("identity", both)).toBe("identity");
    expect(chooseEncoding("", both)).toBe("identity");
  });

  it("sends the file itself to a client that sends no Accept-Encoding", () => {
    expect(chooseEncoding(undefined, both)).toBe("identity");
  });

  it("never sends a coding the client refused with q=0", () => {
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0", both)).toBe("identity");
    expect(chooseEncoding("*;q=0, identity", both)).toBe("identity");
    expect(chooseEncoding("BR; Q=0, GZIP", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0.0, gzip;q=0.000", both)).toBe("identity");
  });

  it("follows the client's weights, and breaks a tie with the smaller bytes", () => {
    expect(chooseEncoding("gzip;q=1, br;q=0.5", both)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.8, br;q=0.8", both)).toBe("br");
    expect(chooseEncoding("br;q=0.1, identity", both)).toBe("identity");
    // An unnamed identity comes after any coding the client names.
    expect(chooseEncoding("br;q=0.1", both)).toBe("br");
  });

  it("reads a wildcard; a coding it does not know gets the file itself", () => {
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("br;q=0, *", both)).toBe("gzip");
    expect(chooseEncoding("x-gzip", both)).toBe("identity");
    expect(chooseEncoding("br;q=high", both)).toBe("identity");
  });

  it("offers only the codings stored for the file", () => {
    expect(chooseEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(chooseEncoding("br", ["gzip"])).toBe("identity");
    expect(chooseEncoding("br, gzip", [])).toBe("identity");
  });
});

describe("precompressing a build", () => {
  it("writes smaller .br and .gz copies of text files only, as old as their file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "precompress-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    await mkdir(join(dir, "assets"));
    const script = "export const greeting = 'გამარჯობა';\n".repeat(200);
    writeFileSync(join(dir, "assets", "entry-Ab12.js"), script);
    utimesSync(join(dir, "assets", "entry-Ab12.js"), 1_795_000_000, 1_795_000_000.25);
    writeFileSync(join(dir, "favicon.svg"), "<svg/>");
    writeFileSync(join(dir, "font.woff2"), script);

    const done = await precompress(dir);

    expect(done.map((file) => file.file).sort()).toEqual([
      join("assets", "entry-Ab12.js"),
      "favicon.svg",
    ]);
    const js = join(dir, "assets", "entry-Ab12.js");
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    // One Last-Modified and one ETag date for every coding of a file.
    expect(statSync(`${js}.br`).mtimeMs).toBe(1_795_000_000_250);
    expect(statSync(`${js}.gz`).mtimeMs).toBe(1_795_000_000_250);
    // Six bytes do not get smaller: the server sends the file itself.
    expect(done.find((file) => file.file === "favicon.svg")).toMatchObject({ br: null, gz: null });

    expect(findPrecompressed(dir)).toEqual(new Map([["/assets/entry-Ab12.js", ["br", "gzip"]]]));
    expect(findPrecompressed(join(dir, "assets"))).toEqual(
      new Map([["/entry-Ab12.js", ["br", "gzip"]]]),
    );
    expect(findPrecompressed(join(dir, "missing"))).toEqual(new Map());
  });
});
