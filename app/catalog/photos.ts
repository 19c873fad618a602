import type { ProductPhoto } from "./model";
import type { TextLang } from "./texts";

/**
 * Where a product's photo is served from. A drawing shipped with the shop is one static
 * file; an upload is stored as AVIF and WebP at three widths (`photos.server.ts`) and
 * served from `/media/{stem}-{width}.{avif|webp}` with immutable caching.
 */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export interface PhotoView {
  /** What `<img src>` loads where no srcset is understood. */
  src: string;
  /** `srcset` for each format, widest last; absent for a drawing. */
  sources?: Record<PhotoFormat, string>;
  width: number;
  height: number;
  alt: string;
  /** The description's language, when it is not the page's (a text shown from Russian). */
  altLang?: TextLang;
}

export function isStaticPhoto(photo: Pick<ProductPhoto, "source">): boolean {
  return photo.source.startsWith("/");
}

export function photoFileName(stem: string, width: number, format: PhotoFormat): string {
  return `${stem}-${width}.${format}`;
}

/** The widths an upload was stored at: none wider than the original. */
export function storedWidths(originalWidth: number): number[] {
  return [...new Set(PHOTO_WIDTHS.map((width) => Math.min(width, originalWidth)))];
}

export function photoView(photo: ProductPhoto, alt: string, altLang?: TextLang): PhotoView {
  const described = altLang ? { alt, altLang } : { alt };
  if (isStaticPhoto(photo)) {
    return { src: photo.source, width: photo.width, height: photo.height, ...described };
  }
  const widths = storedWidths(photo.width);
  const srcset = (format: PhotoFormat) =>
    widths
      .map((width) => `/media/${photoFileName(photo.source, width, format)} ${width}w`)
      .join(", ");
  const middle = widths[Math.min(1, widths.length - 1)] ?? photo.width;
  return {
    src: `/media/${photoFileName(photo.source, middle, "webp")}`,
    sources: { avif: srcset("avif"), webp: srcset("webp") },
    width: photo.width,
    height: photo.height,
    ...described,
  };
}
