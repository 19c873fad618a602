import type { LoaderFunctionArgs } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { readPhotoFile } from "~/catalog/photos.server";
import { shop } from "~/shop.server";

/**
 * An uploaded photo's file (`/media/{stem}-{width}.{avif|webp}`). A name is never reused
 * (a new photo gets a new random stem), so a file is cached forever wherever it is kept.
 * It comes from the database, so every worker and every machine serves it; the most asked
 * for are kept in memory.
 */
const NAME = /^[0-9a-f]{32}-\d{2,4}\.(avif|webp)$/;
const files = new LRUCache<string, { contentType: string; bytes: Uint8Array<ArrayBuffer> }>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (file) => Math.max(1, file.bytes.byteLength),
});

export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  if (!NAME.test(name)) throw new Response("Not found\n", { status: 404 });
  let file = files.get(name);
  if (!file) {
    const stored = await readPhotoFile(shop.db, name);
    if (!stored) {
      throw new Response("Not found\n", { status: 404, headers: { "Cache-Control": "no-store" } });
    }
    file = { contentType: stored.contentType, bytes: new Uint8Array(stored.bytes) };
    files.set(name, file);
  }
  return new Response(file.bytes, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      ETag: `"${name}"`,
    },
  });
}
