import { Writable } from "node:stream";

/**
 * React 18.3's renderToPipeableStream encodes the page into 2048-byte views. When the
 * next character does not fit in a view, `TextEncoder.encodeInto` stops before it (it
 * never splits a character) and React then writes the whole view rather than the part
 * it filled (react issue #31134). The unfilled tail, one to three bytes, is still the
 * zeros of a freshly allocated Uint8Array, so 0x00 lands in the document wherever a
 * multi-byte character meets a view boundary.
 *
 * Every 0x00 is removed, not only the tail of 2048-byte writes: that would hang on
 * React's view size and on each of its writes arriving here as one chunk. Removing them
 * all gives exactly the bytes React meant to send as long as the page itself holds no
 * U+0000, which HTML forbids anyway (a parse error; in an attribute or a script it
 * becomes U+FFFD), and it cannot cut a character: 0x00 never occurs inside a multi-byte
 * UTF-8 sequence, so chunks need no decoding and no carry-over between them.
 */
export function stripNul(chunk: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let nul = chunk.indexOf(0);
  if (nul === -1) return chunk;
  const kept = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  let start = 0;
  while (nul !== -1) {
    length += chunk.copy(kept, length, start, nul);
    start = nul + 1;
    nul = chunk.indexOf(0, start);
  }
  length += chunk.copy(kept, length, start);
  return kept.subarray(0, length);
}

/**
 * A destination for React to pipe a document into, and the document it received: all
 * of React's writes in one buffer, minus its 0x00 bytes, once React ends the stream.
 * Sending the page as one body costs far less CPU than passing each 2 KB write through
 * a transform, a web stream and the server's response one by one.
 */
export function collectDocument(): {
  destination: Writable;
  document: Promise<Buffer<ArrayBuffer>>;
} {
  const chunks: Buffer[] = [];
  const destination = new Writable({
    // React takes "close" for a client gone early and ends the stream a second time,
    // creating an error nobody reads: a collected document has no client to lose.
    emitClose: false,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const document = new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    destination.on("finish", () => resolve(stripNul(Buffer.concat(chunks))));
    destination.on("error", reject);
  });
  return { destination, document };
}
