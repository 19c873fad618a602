import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The testimonials a fresh install shows (the eight reviews the home page had in its
 * dictionary) live in the database, seeded from the JSON frozen beside the reviews'
 * migration. Tests read them from there.
 */
export interface SeededTestimonial {
  position: number;
  rating: number;
  avatar: string;
  texts: Record<string, { name: string; role: string; text: string }>;
}

export const seededTestimonials: SeededTestimonial[] = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../migrations/20261125_0005_reviews.json"), "utf8"),
);
