import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { type TextChangeTimes, lastTextChanges } from "./texts";

/**
 * When each product's text fields last changed, read from the trail (D31): the desk shows
 * a translation written before its Russian text last changed as outdated (D36). Keyed by
 * product key; one query for the products named, or for all.
 */
export async function textChangeTimes(
  db: Kysely<Database>,
  keys?: readonly string[],
): Promise<Map<string, TextChangeTimes>> {
  if (keys !== undefined && keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("activity")
    .select(["subject", "field", "at", "before", "after"])
    .where("subject_type", "=", "product")
    .where("field", "like", "texts.%")
    .$if(keys !== undefined, (query) => query.where("subject", "in", keys ?? []))
    .execute();
  const bySubject = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = bySubject.get(row.subject);
    if (list) list.push(row);
    else bySubject.set(row.subject, [row]);
  }
  return new Map(
    [...bySubject].map(([subject, subjectRows]) => [subject, lastTextChanges(subjectRows)]),
  );
}
