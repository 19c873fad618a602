import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type Actor, changesSince, recordChanges } from "~/content/activity.server";
import { bumpRevision } from "~/content/store.server";
import { isoAt } from "~/platform/clock";
import type { Database } from "../../db/schema";
import { isOnSale, isProductStatus } from "./model";
import { PHOTO_FORMATS, type PhotoFormat, photoFileName, storedWidths } from "./photos";
import { findProductRow } from "./product-rows.server";

/**
 * A product photo from an owner's upload, made safe to serve (libvips through sharp): only
 * JPEG, PNG and WebP by their bytes, never by their name or the browser's word; at most
 * 10 MB and 40 megapixels, the pixels counted from the header before anything is decoded,
 * so a decompression bomb never is; turned upright by its EXIF orientation, then stored as
 * AVIF and WebP at up to three widths with every piece of metadata (EXIF, GPS, XMP,
 * profiles) left behind. Names are random, never the upload's.
 */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;

export type PhotoRefusal = "empty" | "tooLarge" | "notAnImage" | "tooManyPixels" | "unreadable";

export interface ProcessedPhoto {
  width: number;
  height: number;
  files: { width: number; format: PhotoFormat; bytes: Buffer }[];
}

const CONTENT_TYPES: Record<PhotoFormat, string> = { avif: "image/avif", webp: "image/webp" };

export function contentTypeOf(format: PhotoFormat): string {
  return CONTENT_TYPES[format];
}

/** The image type the bytes themselves say, or null for anything else (an SVG, a text). */
export function sniffImage(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export async function processPhoto(
  bytes: Uint8Array,
): Promise<{ ok: true; photo: ProcessedPhoto } | { ok: false; refusal: PhotoRefusal }> {
  if (bytes.byteLength === 0) return { ok: false, refusal: "empty" };
  if (bytes.byteLength > PHOTO_MAX_BYTES) return { ok: false, refusal: "tooLarge" };
  const type = sniffImage(bytes);
  if (!type) return { ok: false, refusal: "notAnImage" };
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" as const };
  // libvips is loaded on the first upload, not with every process that serves shoppers.
  const { default: sharp } = await import("sharp");
  try {
    const header = await sharp(bytes, options).metadata();
    if (header.format !== type || !header.width || !header.height) {
      return { ok: false, refusal: "unreadable" };
    }
    if (header.width * header.height > PHOTO_MAX_PIXELS) {
      return { ok: false, refusal: "tooManyPixels" };
    }
    // Orientations 5 to 8 turn the picture a quarter: its width is the stored height.
    const turned = (header.orientation ?? 1) >= 5;
    const width = turned ? header.height : header.width;
    const height = turned ? header.width : header.height;
    const files: ProcessedPhoto["files"] = [];
    for (const target of storedWidths(width)) {
      for (const format of PHOTO_FORMATS) {
        const image = sharp(bytes, options)
          .rotate()
          .resize({ width: target, withoutEnlargement: true });
        const encoded =
          format === "avif" ? image.avif({ quality: 55, effort: 2 }) : image.webp({ quality: 78 });
        files.push({ width: target, format, bytes: await encoded.toBuffer() });
      }
    }
    return { ok: true, photo: { width, height, files } };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return { ok: false, refusal: /pixel limit/i.test(message) ? "tooManyPixels" : "unreadable" };
  }
}

function photosCount(count: number): string {
  return String(count);
}

/** Adds a processed photo as the product's last one, with its trail row and a new revision. */
/** The photos' trail rows: what a page of photos was read before. */
const PHOTOS = { prefix: "photos" };

export type PhotoAdded = "added" | "duplicate" | "stale" | "notFound";

/**
 * Adds a photo. From a page read before the photos changed (`revision`), it is refused
 * ("stale"), unless every change since was this person adding photos: that is the same
 * Upload pressed twice before the page came back, and the photo is already there
 * ("duplicate", nothing added).
 */
export async function addPhoto(
  db: Kysely<Database>,
  input: { key: string; photo: ProcessedPhoto; actor: Actor; now: number; revision?: number },
): Promise<PhotoAdded> {
  const stem = randomBytes(16).toString("hex");
  return db.transaction().execute(async (trx): Promise<PhotoAdded> => {
    const product = await findProductRow(trx, input.key);
    if (!product) return "notFound";
    const since = await changesSince(
      trx,
      { type: "product", id: input.key },
      input.revision,
      PHOTOS,
    );
    if (since.length > 0) {
      const mineAdded = since.every(
        (row) =>
          row.staff_id === input.actor.staffId &&
          Number.parseInt(row.after ?? "0", 10) > Number.parseInt(row.before ?? "0", 10),
      );
      return mineAdded ? "duplicate" : "stale";
    }
    const photos = await trx
      .selectFrom("product_photos")
      .select("position")
      .where("product_id", "=", product.id)
      .execute();
    const { id } = await trx
      .insertInto("product_photos")
      .values({
        product_id: product.id,
        position: Math.max(0, ...photos.map((photo) => photo.position)) + 1,
        source: stem,
        width: input.photo.width,
        height: input.photo.height,
        created_at: isoAt(input.now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("photo_files")
      .values(
        input.photo.files.map((file) => ({
          name: photoFileName(stem, file.width, file.format),
          photo_id: id,
          content_type: contentTypeOf(file.format),
          bytes: file.bytes,
        })),
      )
      .execute();
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "product", id: input.key },
      now: input.now,
      changes: [
        {
          field: "photos",
          before: photosCount(photos.length),
          after: photosCount(photos.length + 1),
        },
      ],
    });
    await bumpRevision(trx);
    return "added";
  });
}

export type PhotoChange = "moved" | "removed" | "notFound" | "lastPhoto" | "same" | "stale";

/** Moves a photo one place earlier or later, or removes it (a product on sale keeps one). */
export async function changePhoto(
  db: Kysely<Database>,
  input: {
    key: string;
    photoId: number;
    change: "up" | "down" | "remove";
    actor: Actor;
    now: number;
    /** The revision the page was read at: a change to the photos since refuses this one. */
    revision?: number;
  },
): Promise<PhotoChange> {
  return db.transaction().execute(async (trx): Promise<PhotoChange> => {
    const product = await findProductRow(trx, input.key);
    if (!product) return "notFound";
    const subject = { type: "product" as const, id: input.key };
    if ((await changesSince(trx, subject, input.revision, PHOTOS)).length > 0) return "stale";
    const photos = await trx
      .selectFrom("product_photos")
      .select(["id", "position", "source"])
      .where("product_id", "=", product.id)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const index = photos.findIndex((photo) => photo.id === input.photoId);
    const photo = photos[index];
    if (!photo) return "notFound";
    const order = photos.map((item) => item.id);
    if (input.change === "remove") {
      const status = isProductStatus(product.status) ? product.status : "draft";
      if (photos.length === 1 && isOnSale({ status, price: product.price, stock: product.stock })) {
        return "lastPhoto";
      }
      await trx.deleteFrom("photo_files").where("photo_id", "=", photo.id).execute();
      await trx.deleteFrom("product_photos").where("id", "=", photo.id).execute();
    } else {
      const other = input.change === "up" ? index - 1 : index + 1;
      if (other < 0 || other >= order.length) return "same";
      [order[index], order[other]] = [order[other] as number, order[index] as number];
      for (const [position, id] of order.entries()) {
        await trx
          .updateTable("product_photos")
          .set({ position: position + 1 })
          .where("id", "=", id)
          .execute();
      }
    }
    const after = input.change === "remove" ? order.filter((id) => id !== photo.id) : order;
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "product", id: input.key },
      now: input.now,
      changes: [
        {
          field: "photos",
          before: photos.map((item) => `#${item.id}`).join(", "),
          after: after.map((id) => `#${id}`).join(", "),
        },
      ],
    });
    await bumpRevision(trx);
    return input.change === "remove" ? "removed" : "moved";
  });
}

/** A stored file of an upload, by its name. */
export async function readPhotoFile(
  db: Kysely<Database>,
  name: string,
): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  const row = await db
    .selectFrom("photo_files")
    .select(["content_type", "bytes"])
    .where("name", "=", name)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: new Uint8Array(row.bytes) } : undefined;
}
