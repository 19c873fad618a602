import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProduct, saveTexts } from "~/catalog/edit.server";
import { textFields } from "~/catalog/model";
import { groupSaves, listSaves, recordChanges } from "~/content/activity.server";
import { loadContent } from "~/content/store.server";
import { activityEntries } from "~/desk/activity.server";
import type { ActivityRow, Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

const NOW = Date.parse("2026-11-29T09:00:00Z");
const nino = { staffId: null, name: "Nino" };
const levan = { staffId: null, name: "Levan" };

const row = (id: number, change: Partial<ActivityRow> = {}): ActivityRow => ({
  id,
  at: new Date(NOW).toISOString(),
  staff_id: 1,
  actor: "Nino",
  subject_type: "product",
  subject: "body/hemor-cream",
  field: `field ${id}`,
  before: null,
  after: "x",
  ...change,
});

describe("the activity, one card a save (issue 36)", () => {
  it("joins rows of the same person, subject and instant; anything else parts them", () => {
    const later = new Date(NOW + 1).toISOString();
    const saves = groupSaves([
      row(9),
      row(8),
      row(7, { at: later }),
      row(6, { subject: "face/cream" }),
      row(5, { staff_id: 2, actor: "Levan" }),
      row(4, { subject_type: "settings" }),
      row(3),
      row(2),
    ]);
    expect(saves.map((save) => save.map((one) => one.id))).toEqual([
      [9, 8],
      [7],
      [6],
      [5],
      [4],
      [3, 2],
    ]);
  });

  describe("against the database", () => {
    let db: Kysely<Database>;
    beforeEach(async () => {
      db = await freshDatabase("activity-cards");
    });
    afterEach(async () => {
      await db.destroy();
    });

    const texts = (word: string) =>
      Object.fromEntries(textFields.map((field) => [field, `${word} ${field}`])) as Record<
        (typeof textFields)[number],
        string
      >;

    it("shows a save of many texts as one card listing each field in the order it was written", async () => {
      await createProduct(db, { group: "face", slug: "new-cream", actor: nino, now: NOW });
      const key = "face/new-cream";
      for (const [index, language] of (["ru", "ka", "ar"] as const).entries())
        await saveTexts(db, {
          key,
          language,
          texts: texts(language),
          actor: nino,
          now: NOW + (index + 1) * 1000,
        });
      const { entries, older } = await activityEntries(
        db,
        { subject: { type: "product", id: key } },
        { content: await loadContent(db), language: "ka", label: (subject) => subject },
      );
      // Three saves of texts and the creation: four cards, not 1 + 3 × 8.
      expect(entries).toHaveLength(4);
      expect(older).toBeNull();
      const [ar] = entries;
      expect(ar?.actor).toBe("Nino");
      expect(ar?.changes.map((change) => change.field)).toEqual(
        textFields.map((field) => `texts.ar.${field}`),
      );
      expect(ar?.changes[0]).toMatchObject({ before: null, after: "ar title" });
    });

    it("counts a page in saves and never splits one across two pages", async () => {
      // Five saves: each of three fields, then one of 250 (past one batch of rows).
      for (let save = 0; save < 5; save += 1)
        await recordChanges(db, {
          actor: save % 2 ? levan : nino,
          subject: { type: "settings", id: "contacts" },
          now: NOW + save * 1000,
          changes: Array.from({ length: save === 3 ? 250 : 3 }, (_, field) => ({
            field: `field ${field}`,
            before: null,
            after: `save ${save}`,
          })),
        });
      const first = await listSaves(db, { limit: 2 });
      expect(first.saves.map((save) => save.length)).toEqual([3, 250]);
      expect(first.older).not.toBeNull();
      const second = await listSaves(db, { limit: 2, before: first.older ?? 0 });
      expect(second.saves.map((save) => save.length)).toEqual([3, 3]);
      const third = await listSaves(db, { limit: 2, before: second.older ?? 0 });
      expect(third.saves.map((save) => save.length)).toEqual([3]);
      expect(third.older).toBeNull();
    });
  });
});
