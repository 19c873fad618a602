import type { Kysely } from "kysely";

// A correction's event named the order's lines before and after as text, in the language
// of the titles stored with the order ("Крем × 3; Мазь × 1"), and a reader of any other
// language read them so. From now on it keeps each line as its product's key, quantity
// and stored title (JSON in `note_values`), and the reader's catalogue names the product.
// Notes written before are rewritten so where every line's title names one product: the
// order's own items first, then a title one product has in any language. The rest are
// left as they were, and read as they were stored. Nothing engine-specific: one select
// and one update a note.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

interface Line {
  key: string;
  qty: number;
  title: string;
}

const KEY = "event.edited.items";
const LINE = /^(.+) × (\d+)$/;
const NONE = "—";

function parseValues(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const values: unknown = JSON.parse(json);
    return typeof values === "object" && values !== null && !Array.isArray(values)
      ? (values as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function up(db: AnyDb): Promise<void> {
  const events = await db
    .selectFrom("order_events")
    .select(["id", "order_id", "note_values"])
    .where("note_key", "=", KEY)
    .execute();
  if (events.length === 0) return;
  // Every title a product has, in any language: a title two products share names neither.
  const byTitle = new Map<string, Set<string>>();
  const texts = await db
    .selectFrom("product_texts as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select(["t.title", "p.product_group", "p.slug"])
    .execute();
  for (const text of texts) {
    if (!text.title) continue;
    const keys = byTitle.get(text.title) ?? new Set<string>();
    keys.add(`${text.product_group}/${text.slug}`);
    byTitle.set(text.title, keys);
  }
  for (const event of events) {
    const values = parseValues(event.note_values);
    if (typeof values?.before !== "string" || typeof values.after !== "string") continue;
    const items = await db
      .selectFrom("order_items")
      .select(["item_key", "title"])
      .where("order_id", "=", event.order_id)
      .execute();
    const keyOf = (title: string): string | null => {
      const own = new Set<string>(
        items.filter((item) => item.title === title).map((item) => item.item_key),
      );
      const keys = own.size > 0 ? own : (byTitle.get(title) ?? new Set<string>());
      return keys.size === 1 ? ([...keys][0] ?? null) : null;
    };
    const linesOf = (text: string): Line[] | null => {
      if (text === NONE) return [];
      const lines: Line[] = [];
      for (const part of text.split("; ")) {
        const match = LINE.exec(part);
        const key = match?.[1] ? keyOf(match[1]) : null;
        if (!match?.[1] || !key) return null;
        lines.push({ key, qty: Number(match[2]), title: match[1] });
      }
      return lines;
    };
    const before = linesOf(values.before);
    const after = linesOf(values.after);
    if (!before || !after) continue;
    await db
      .updateTable("order_events")
      .set({ note_values: JSON.stringify({ ...values, before, after }) })
      .where("id", "=", event.id)
      .execute();
  }
}

/** Back to text: each line by the title stored with it. */
export async function down(db: AnyDb): Promise<void> {
  const events = await db
    .selectFrom("order_events")
    .select(["id", "note_values"])
    .where("note_key", "=", KEY)
    .execute();
  const text = (lines: Line[]) =>
    lines.length === 0 ? NONE : lines.map((line) => `${line.title} × ${line.qty}`).join("; ");
  for (const event of events) {
    const values = parseValues(event.note_values);
    if (!Array.isArray(values?.before) || !Array.isArray(values.after)) continue;
    await db
      .updateTable("order_events")
      .set({
        note_values: JSON.stringify({
          ...values,
          before: text(values.before as Line[]),
          after: text(values.after as Line[]),
        }),
      })
      .where("id", "=", event.id)
      .execute();
  }
}
