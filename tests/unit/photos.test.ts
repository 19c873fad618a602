import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addPhoto, changePhoto, processPhoto, readPhotoFile } from "~/catalog/photos.server";
import { activityMark } from "~/content/activity.server";
import { listActivity } from "~/content/activity.server";
import { loadContent, readRevision } from "~/content/store.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

let db: Kysely<Database>;
beforeEach(async () => {
  db = await freshDatabase("photos");
});
afterEach(async () => {
  await db.destroy();
});

const NOW = Date.parse("2026-11-24T09:00:00Z");
const actor = { staffId: null, name: "Nino" };
const KEY = "body/burn-cream";

/** A photo as a phone takes it: a JPEG with the camera's EXIF, the place's GPS, turned. */
function phonePhoto(width = 2400, height = 1800) {
  return sharp({ create: { width, height, channels: 3, background: "#8a5a12" } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone", Model: "Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 43/1 0/1" },
    })
    .toBuffer();
}

async function rows(table: "product_photos" | "photo_files") {
  return Number(
    (await db.selectFrom(table).select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow())
      .n,
  );
}

// Encoding photos is real work for the CPU: on a busy 2-core machine one test can take
// several seconds, which is no fault of the shop's.
const PHOTO_WORK = { timeout: 20_000 };

describe("a photo from an upload", PHOTO_WORK, () => {
  it("is stored as AVIF and WebP at three widths, upright, without EXIF or GPS", async () => {
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif?.toString("latin1")).toContain("Phone");
    const processed = await processPhoto(original);
    if (!processed.ok) throw new Error(processed.refusal);
    // Orientation 6 turns the picture a quarter: 2400 × 1800 is shown 1800 wide.
    expect([processed.photo.width, processed.photo.height]).toEqual([1800, 2400]);
    expect(processed.photo.files.map((file) => `${file.width}.${file.format}`)).toEqual([
      "480.avif",
      "480.webp",
      "960.avif",
      "960.webp",
      "1600.avif",
      "1600.webp",
    ]);
    for (const file of processed.photo.files) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.format).toBe(file.format === "avif" ? "heif" : "webp");
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.width).toBe(file.width);
    }
  });

  it("takes PNG and WebP, and keeps a small one at its own width", async () => {
    const small = sharp({ create: { width: 600, height: 400, channels: 4, background: "#fff" } });
    for (const bytes of [
      await small.clone().png().toBuffer(),
      await small.clone().webp().toBuffer(),
    ]) {
      const processed = await processPhoto(bytes);
      expect(processed.ok && processed.photo.files.map((file) => file.width)).toEqual([
        480, 480, 600, 600,
      ]);
    }
  });

  it("refuses what is not a photo it can take, and stores nothing", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const text = Buffer.from("just a text file renamed to photo.jpg");
    // 20 000 × 20 000 pixels of one colour: a few kilobytes that would take 1.6 GB decoded.
    const bomb = await sharp({
      create: { width: 20_000, height: 20_000, channels: 3, background: "#000" },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const oversized = Buffer.concat([await phonePhoto(100, 100), Buffer.alloc(11 * 1024 * 1024)]);
    const corrupt = (await phonePhoto(100, 100)).subarray(0, 200);
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    const refusals = [];
    for (const bytes of [new Uint8Array(), text, svg, bomb, oversized, corrupt]) {
      const processed = await processPhoto(bytes);
      refusals.push(processed.ok ? "stored" : processed.refusal);
    }
    expect(refusals).toEqual([
      "empty",
      "notAnImage",
      "notAnImage",
      "tooManyPixels",
      "tooLarge",
      "unreadable",
    ]);
    expect(await rows("product_photos")).toBe(6);
    expect(await rows("photo_files")).toBe(0);
  });
});

describe("a product's photos", PHOTO_WORK, () => {
  it("are added once when Upload is pressed twice, and refused from a page read before another's change", async () => {
    const processed = await processPhoto(await phonePhoto(800, 600));
    if (!processed.ok) throw new Error(processed.refusal);
    const count = async () =>
      (await loadContent(db)).catalog.products.find((product) => product.key === KEY)?.photos
        .length ?? 0;
    const before = await count();
    const read = await activityMark(db);
    const upload = (who: { staffId: number | null; name: string }) =>
      addPhoto(db, { key: KEY, photo: processed.photo, actor: who, now: NOW, revision: read });
    expect(await upload(actor)).toBe("added");
    // The same press again, before the page came back: nothing more.
    expect(await upload(actor)).toBe("duplicate");
    expect(await count()).toBe(before + 1);
    // Another person's page read before that photo came: refused.
    expect(await upload({ staffId: 99, name: "Levan" })).toBe("stale");
    const [first] =
      (await loadContent(db)).catalog.products.find((p) => p.key === KEY)?.photos ?? [];
    const change = (revision: number) =>
      changePhoto(db, {
        key: KEY,
        photoId: first?.id ?? 0,
        change: "down",
        actor,
        now: NOW,
        revision,
      });
    expect(await change(read)).toBe("stale");
    expect(await change(await activityMark(db))).toBe("moved");
    expect(await count()).toBe(before + 1);
  });

  it("are added last, moved, removed, each in the trail and a new revision", async () => {
    const processed = await processPhoto(await phonePhoto(800, 600));
    if (!processed.ok) throw new Error(processed.refusal);
    const revision = await readRevision(db);
    expect(await addPhoto(db, { key: KEY, photo: processed.photo, actor, now: NOW })).toBe("added");
    expect(await readRevision(db)).toBe(revision + 1);
    const photos = () =>
      loadContent(db).then(
        ({ catalog }) => catalog.products.find((product) => product.key === KEY)?.photos ?? [],
      );
    const [first, second, added] = await photos();
    expect(added?.source).toMatch(/^[0-9a-f]{32}$/);
    expect([added?.width, added?.height]).toEqual([600, 800]);
    const file = await readPhotoFile(db, `${added?.source}-480.webp`);
    expect(file?.contentType).toBe("image/webp");
    expect((await sharp(Buffer.from(file?.bytes ?? [])).metadata()).width).toBe(480);

    const change = (photoId: number, to: "up" | "down" | "remove") =>
      changePhoto(db, { key: KEY, photoId, change: to, actor, now: NOW });
    expect(await change(added?.id ?? 0, "up")).toBe("moved");
    expect((await photos()).map((photo) => photo.id)).toEqual([first?.id, added?.id, second?.id]);
    expect(await change(first?.id ?? 0, "up")).toBe("same");
    expect(await change(added?.id ?? 0, "remove")).toBe("removed");
    expect(await readPhotoFile(db, `${added?.source}-480.webp`)).toBeUndefined();
    expect((await photos()).map((photo) => photo.id)).toEqual([first?.id, second?.id]);
    const trail = await listActivity(db, { subject: { type: "product", id: KEY } });
    expect(trail.map((row) => row.field)).toEqual(["photos", "photos", "photos"]);
    expect([trail.at(-1)?.before, trail.at(-1)?.after]).toEqual(["2", "3"]);
  });

  it("never leaves a product on sale without a photo", async () => {
    const cream = "body/hemor-cream";
    const [first, second] =
      (await loadContent(db)).catalog.products.find((product) => product.key === cream)?.photos ??
      [];
    const remove = (photoId: number) =>
      changePhoto(db, { key: cream, photoId, change: "remove", actor, now: NOW });
    expect(await remove(first?.id ?? 0)).toBe("removed");
    expect(await remove(second?.id ?? 0)).toBe("lastPhoto");
  });
});
