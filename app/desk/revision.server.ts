import { type ActivitySubject, type FieldScope, activityMark } from "~/content/activity.server";
import { getLocale } from "~/i18n/i18next.server";
import type { ActivityEntry } from "./ActivityList";
import { activityEntries } from "./activity.server";
import type { DeskContext } from "./context";

/**
 * The revision an editing page was read at (the trail's newest row then), posted back in
 * the form's `revision` field. Absent or unreadable, it is undefined and nothing is
 * checked: only a page the shop drew carries one.
 */
export function formRevision(form: { get(name: string): unknown }): number | undefined {
  const value = form.get("revision");
  if (typeof value !== "string") return undefined;
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The revision a page is read at: taken before the values it shows, so nothing slips by. */
export const pageRevision = (shop: Pick<DeskContext, "db">) => activityMark(shop.db);

/** A save refused because the page was older than what is stored (no lost update). */
export interface StaleAnswer {
  kind: "stale";
  /** What changed since the page was read, by whom and when, in the reader's words. */
  changes: ActivityEntry[];
  /** The form as it comes back: what was typed, and the others' changes where nothing was. */
  values: Record<string, string>;
  /** The revision now: pressing Save again, having read the changes, saves. */
  revision: number;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").replace(/\r\n/g, "\n").trim() === (b ?? "").replace(/\r\n/g, "\n").trim();

/**
 * The refusal of a save from an older page: the changes it would have overwritten, and
 * the form with every typed value kept. A field the owner left as the page showed it takes
 * the others' change (`control` names a trail field's control, null for one whose stored
 * words differ from the form's), so pressing Save again overwrites only what was typed.
 */
export async function staleAnswer(
  shop: Pick<DeskContext, "db" | "content" | "t">,
  request: Request,
  {
    subject,
    since,
    fields,
    typed,
    control,
  }: {
    subject: ActivitySubject;
    since: number;
    fields?: FieldScope;
    typed: Record<string, string>;
    control: (field: string) => string | null;
  },
): Promise<StaleAnswer> {
  const revision = await activityMark(shop.db);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const { entries } = await activityEntries(
    shop.db,
    { subject, after: since, fields, limit: 20 },
    {
      content: shop.content(),
      language,
      label: (kind, id) => t(`activity.subjects.${kind}`, { id }),
    },
  );
  const values = { ...typed };
  const seen = new Set<string>();
  // Oldest first: a field compares with what the page showed, the value before its first change.
  // Each field changed, newest first, as the trail lists its rows.
  const changes = entries.flatMap((entry) => [...entry.changes].reverse());
  for (const change of [...changes].reverse()) {
    const name = control(change.field);
    if (name === null || seen.has(name)) continue;
    seen.add(name);
    const latest = changes.find((entry) => control(entry.field) === name);
    if (same(typed[name], change.before)) values[name] = latest?.after ?? "";
  }
  return { kind: "stale", changes: entries, values, revision };
}
