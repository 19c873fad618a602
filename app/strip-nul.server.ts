import { Transform } from "node:stream";

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
export function stripNul(chunk: Buffer): Buffer {
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

/** A stream for React to pipe the document into: every chunk passes, minus its 0x00 bytes. */
export function createNulStripper(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const kept = stripNul(chunk);
      if (kept.length > 0) callback(null, kept);
      else callback();
    },
  });
}
