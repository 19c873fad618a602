import type { Kysely } from "kysely";
import { findProduct } from "~/catalog/model";
import { titleOf } from "~/catalog/texts";
import { type ActivityFilter, listSaves } from "~/content/activity.server";
import type { Content } from "~/content/store.server";
import type { LanguageCode } from "~/i18n/languages";
import { formatShopDate, formatShopDateTime } from "~/platform/calendar";
import type { Database } from "../../db/schema";
import type { ActivityEntry } from "./ActivityList";

/**
 * A page of the trail as the reader sees it, one card a save (`limit` of them): times in
 * the shop's zone and the reader's language, products by their title in that language,
 * people by name, settings by name, each field the save changed in the order it wrote them.
 */
export async function activityEntries(
  db: Kysely<Database>,
  filter: ActivityFilter,
  {
    content,
    language,
    label,
  }: {
    content: Content;
    language: LanguageCode;
    /** The reader's words for the settings, a review and a testimonial ("Review #12"). */
    label: (subject: "settings" | "review" | "testimonial" | "promotion", id: string) => string;
  },
): Promise<{ entries: ActivityEntry[]; older: number | null }> {
  const { saves, older } = await listSaves(db, filter);
  const page = saves.flat();
  const staffIds = [
    ...new Set(
      page.filter((row) => row.subject_type === "staff").map((row) => Number(row.subject)),
    ),
  ];
  const names = new Map(
    staffIds.length
      ? (
          await db.selectFrom("staff").select(["id", "name"]).where("id", "in", staffIds).execute()
        ).map((row) => [String(row.id), row.name])
      : [],
  );
  // Couriers are named by their name now; a courier's day as "name · DD.MM.YY".
  const courierIds = [
    ...new Set(
      page
        .filter((row) => row.subject_type === "courier" || row.subject_type === "cash")
        .map((row) => Number(row.subject.split("/")[0])),
    ),
  ].filter(Number.isSafeInteger);
  const couriers = new Map(
    courierIds.length
      ? (
          await db
            .selectFrom("couriers")
            .select(["id", "name"])
            .where("id", "in", courierIds)
            .execute()
        ).map((row) => [String(row.id), row.name])
      : [],
  );
  const courierSubject = (subject: string) => {
    const [id = "", day] = subject.split("/");
    const name = couriers.get(id) ?? id;
    return day ? `${name} · ${formatShopDate(day)}` : name;
  };
  const title = (key: string) => titleOf(findProduct(content.catalog, key), language) ?? key;
  // A product created, a product's related ones: stored by key, named in the reader's language.
  const value = (field: string, stored: string | null) =>
    stored !== null && (field === "created" || field === "related")
      ? stored.split(", ").map(title).join(", ")
      : stored;
  const entries = saves
    .flatMap(([row, ...others]) => (row ? [{ row, rows: [row, ...others].reverse() }] : []))
    .map(({ row, rows }) => ({
      id: row.id,
      at: formatShopDateTime(Date.parse(row.at), language),
      actor: row.actor,
      subject:
        row.subject_type === "product"
          ? title(row.subject)
          : row.subject_type === "staff"
            ? (names.get(row.subject) ?? row.subject)
            : row.subject_type === "phone"
              ? row.subject
              : row.subject_type === "courier" || row.subject_type === "cash"
                ? courierSubject(row.subject)
                : row.subject_type === "review" || row.subject_type === "testimonial"
                  ? label(row.subject_type, row.subject)
                  : row.subject_type === "promotion"
                    ? (content.promotions.find((one) => String(one.id) === row.subject)?.name ??
                      label("promotion", row.subject))
                    : label("settings", row.subject),
      changes: rows.map((change) => ({
        id: change.id,
        field: change.field,
        before: value(change.field, change.before),
        after: value(change.field, change.after),
      })),
    }));
  return { entries, older };
}
