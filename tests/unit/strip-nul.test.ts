import { PassThrough, type Readable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { collectDocument, stripNul } from "~/platform/strip-nul.server";

const georgian = "ქართული ენა — კრემი 100 ₾";
/** Characters of one to four bytes in UTF-8, so React's views end inside all kinds of them. */
const letters = Array.from(`${georgian} עברית 🌿 Русский`);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function through(chunks: Buffer[]): Promise<Buffer> {
  const { destination, document } = collectDocument();
  for (const chunk of chunks) destination.write(chunk);
  destination.end();
  return document;
}

/** Many short texts of varying length: React fills its views from them and pads the seams. */
function catalogue() {
  return createElement(
    "ul",
    null,
    Array.from({ length: 600 }, (_, index) =>
      createElement("li", { key: index }, letters.slice(0, 1 + (index % letters.length)).join("")),
    ),
  );
}

function renderToStream(destination: PassThrough): Promise<Buffer> {
  const collected = collect(destination);
  const { pipe } = renderToPipeableStream(catalogue(), { onAllReady: () => pipe(destination) });
  return collected;
}

describe("stripNul", () => {
  it("hands back a chunk without 0x00 untouched, the same buffer", () => {
    const chunk = Buffer.from(`<p>${georgian}</p>`);
    expect(stripNul(chunk)).toBe(chunk);
  });

  it("removes 0x00 at both edges, in runs and between characters", () => {
    const chunk = Buffer.concat([
      Buffer.from([0, 0]),
      Buffer.from("ა"),
      Buffer.from([0]),
      Buffer.from("ბ<"),
      Buffer.from([0, 0, 0]),
    ]);
    expect(stripNul(chunk).toString()).toBe("აბ<");
  });

  it("leaves nothing of a chunk made only of 0x00", () => {
    expect(stripNul(Buffer.alloc(3)).length).toBe(0);
  });
});

describe("the collected document", () => {
  it("holds every write in order without 0x00, characters split across writes intact", async () => {
    const text = Buffer.from(`${georgian} עברית العربية Հայերեն`);
    const output = await through([
      text.subarray(0, 4),
      Buffer.alloc(2),
      Buffer.concat([text.subarray(4, 10), Buffer.from([0])]),
      Buffer.concat([Buffer.from([0]), text.subarray(10)]),
      Buffer.alloc(0),
    ]);
    expect(output.equals(text)).toBe(true);
  });

  it("turns React's streamed page into exactly the bytes renderToString gives", async () => {
    const intended = Buffer.from(renderToString(catalogue()));
    const raw = await renderToStream(new PassThrough());
    const padding = raw.filter((byte) => byte === 0).length;
    expect(padding, "React 18.3 pads this page with 0x00").toBeGreaterThan(0);
    expect(raw.length - intended.length, "the padding is all React adds").toBe(padding);

    const { destination, document } = collectDocument();
    const { pipe } = renderToPipeableStream(catalogue(), { onAllReady: () => pipe(destination) });
    const stripped = await document;
    expect(stripped.includes(0)).toBe(false);
    expect(stripped.equals(intended)).toBe(true);
  });
});
