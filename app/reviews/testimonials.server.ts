import type { Kysely } from "kysely";
import { type FieldChange, recordChanges } from "~/content/activity.server";
import { bumpRevision, loadTestimonials } from "~/content/store.server";
import { type LanguageCode, languageCodes } from "~/i18n/languages";
import type { Database } from "../../db/schema";
import {
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_ROLE_MAX,
  TESTIMONIAL_TEXT_MAX,
  type Testimonial,
} from "./model";

type Db = Kysely<Database>;
type Actor = { staffId: number; name: string };

/** Every testimonial, hidden ones too, for the desk. */
export const listTestimonials = (db: Db) => loadTestimonials(db, { hidden: true });

export async function findTestimonial(db: Db, id: number): Promise<Testimonial | null> {
  return (await listTestimonials(db)).find((testimonial) => testimonial.id === id) ?? null;
}

export interface TestimonialInput {
  rating: number;
  texts: Partial<Record<LanguageCode, { name: string; role: string; text: string }>>;
}

export type TestimonialProblem = "rating" | "tooLong";

/** A testimonial's form as an owner sent it, or what is wrong with it. */
export function readTestimonialForm(form: {
  get(name: string): string | null;
}): { ok: true; input: TestimonialInput } | { ok: false; problem: TestimonialProblem } {
  const rating = Number(form.get("rating"));
  if (!Number.isInteger(rating) || rating < 1 || rating > 5)
    return { ok: false, problem: "rating" };
  const texts: TestimonialInput["texts"] = {};
  for (const language of languageCodes) {
    const field = (name: string) =>
      (form.get(`${language}.${name}`) ?? "").replace(/\r\n?/g, "\n").trim();
    const name = field("name");
    const role = field("role");
    const text = field("text");
    if (
      [...name].length > TESTIMONIAL_NAME_MAX ||
      [...role].length > TESTIMONIAL_ROLE_MAX ||
      [...text].length > TESTIMONIAL_TEXT_MAX
    )
      return { ok: false, problem: "tooLong" };
    // A language is shown only with a name and a text; an empty one is left out.
    if (name && text) texts[language] = { name, role, text };
  }
  return { ok: true, input: { rating, texts } };
}

/**
 * An owner's change to a testimonial, one transaction: its rating and texts, each changed
 * field in the activity trail, and the content's revision, so the home page follows.
 */
export async function saveTestimonial(
  db: Db,
  id: number,
  input: TestimonialInput,
  actor: Actor,
  now: number,
): Promise<boolean> {
  const before = await findTestimonial(db, id);
  if (!before) return false;
  await db.transaction().execute(async (trx) => {
    const changes: FieldChange[] = [
      { field: "rating", before: String(before.rating), after: String(input.rating) },
    ];
    for (const language of languageCodes) {
      const old = before.texts[language];
      const next = input.texts[language];
      for (const name of ["name", "role", "text"] as const)
        changes.push({
          field: `testimonial.${language}.${name}`,
          before: old?.[name] ?? null,
          after: next?.[name] ?? null,
        });
    }
    const recorded = await recordChanges(trx, {
      actor,
      subject: { type: "testimonial", id: String(id) },
      changes,
      now,
    });
    if (recorded === 0) return;
    await trx
      .updateTable("testimonials")
      .set({ rating: input.rating })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("testimonial_texts").where("testimonial_id", "=", id).execute();
    const rows = Object.entries(input.texts).map(([language, text]) => ({
      testimonial_id: id,
      language,
      ...text,
    }));
    if (rows.length > 0) await trx.insertInto("testimonial_texts").values(rows).execute();
    await bumpRevision(trx);
  });
  return true;
}

/** Shown or hidden on the home page. */
export async function setTestimonialHidden(
  db: Db,
  id: number,
  hidden: boolean,
  actor: Actor,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("testimonials")
      .select("hidden")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return false;
    const recorded = await recordChanges(trx, {
      actor,
      subject: { type: "testimonial", id: String(id) },
      changes: [
        { field: "hidden", before: row.hidden ? "yes" : "no", after: hidden ? "yes" : "no" },
      ],
      now,
    });
    if (recorded > 0) {
      await trx
        .updateTable("testimonials")
        .set({ hidden: hidden ? 1 : 0 })
        .where("id", "=", id)
        .execute();
      await bumpRevision(trx);
    }
    return true;
  });
}

/** Removed for good; the trail keeps what it said (its name in the desk's language). */
export async function removeTestimonial(
  db: Db,
  id: number,
  actor: Actor,
  now: number,
): Promise<boolean> {
  const before = await findTestimonial(db, id);
  if (!before) return false;
  await db.transaction().execute(async (trx) => {
    await recordChanges(trx, {
      actor,
      subject: { type: "testimonial", id: String(id) },
      changes: [
        {
          field: "removed",
          before: Object.values(before.texts)
            .map((text) => `${text.name}: ${text.text}`)
            .slice(0, 1)
            .join(""),
          after: null,
        },
      ],
      now,
    });
    await trx.deleteFrom("testimonial_texts").where("testimonial_id", "=", id).execute();
    await trx.deleteFrom("testimonials").where("id", "=", id).execute();
    await bumpRevision(trx);
  });
  return true;
}

/** A new testimonial, hidden until it has its texts; returns its id. */
export async function addTestimonial(db: Db, actor: Actor, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("testimonials")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    const row = await trx
      .insertInto("testimonials")
      .values({ position: Number(last?.position ?? 0) + 1, rating: 5, avatar: null, hidden: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordChanges(trx, {
      actor,
      subject: { type: "testimonial", id: String(row.id) },
      changes: [{ field: "created", before: null, after: "yes" }],
      now,
    });
    return Number(row.id);
  });
}
