// Realistic orders in bulk, for measuring the desk at 10 000 to 1 000 000 orders (D88):
// `npm run orders:generate` (scripts/generate-orders.ts) and `npm run bench -- --desk` use
// it. Rows are written the way the shop writes them (numbers unique, the phone's keyed
// hash as `phoneKey` computes it, a status event per change, hand-offs and counted cash
// days for the parcels that went out), straight through the driver in big transactions:
// one prepared insert per table on SQLite, `insert … select from unnest(arrays)` on
// PostgreSQL.
import { randomBytes } from "node:crypto";
import SQLite from "better-sqlite3";
import pg from "pg";
import { phoneKey } from "../app/phone/phone-key.server";
import { addDays, shopToday, startOfShopDay, toIsoDate } from "../app/platform/calendar";
import { isoAt } from "../app/platform/clock";
import { type DatabaseTarget, createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

export interface GenerateOptions {
  count: number;
  /** The shop's clock: the last day of orders is its today. */
  now: number;
  /** PHONE_HASH_KEY, so the desk finds a phone's other orders. */
  phoneHashKey: string;
  /** Days the orders spread over, ending today. */
  days?: number;
  /** Write even when the database already has orders. */
  force?: boolean;
  /** A seed for the same orders every time (tests); random by default. */
  seed?: number;
  /** Retention (D35): final orders older than this are stored depersonalised, as the sweep leaves them. */
  retention?: { deliveredDays: number; undeliveredDays: number };
  onProgress?: (written: number) => void;
}

export interface GenerateResult {
  orders: number;
  items: number;
  events: number;
  handoffs: number;
  courierDays: number;
  customers: number;
  ms: number;
}

/** A database that has orders nobody generated: the generator will not add to it unforced. */
export class RealOrdersError extends Error {}

const LANGUAGES = ["ka", "ru", "en", "az", "am", "tr", "de", "ar", "he"] as const;
type Lng = (typeof LANGUAGES)[number];
/** Roughly who buys in Tbilisi: mostly Georgian and Russian, then neighbours and visitors. */
const LANGUAGE_WEIGHTS = [36, 30, 8, 7, 6, 5, 3, 3, 2];

const FIRST: Record<Lng, string[]> = {
  ka: ["ნინო", "გიორგი", "თამარ", "დავით", "მარიამ", "ლევან", "ეკა", "ზურაბ", "ნათია", "ირაკლი"],
  ru: ["Анна", "Сергей", "Ольга", "Дмитрий", "Елена", "Андрей", "Наталья", "Игорь", "Ирина"],
  en: ["Emily", "James", "Sarah", "Michael", "Laura", "Daniel", "Kate", "Thomas"],
  az: ["Aysel", "Elvin", "Günel", "Rəşad", "Leyla", "Orxan", "Nigar", "Tural"],
  am: ["Անի", "Արմեն", "Մարիամ", "Դավիթ", "Լիլիթ", "Տիգրան", "Նարե", "Գոռ"],
  tr: ["Ayşe", "Mehmet", "Zeynep", "Mustafa", "Elif", "Emre", "Fatma", "Burak"],
  de: ["Anna", "Lukas", "Sophie", "Jonas", "Marie", "Felix", "Lena", "Paul"],
  ar: ["فاطمة", "محمد", "مريم", "أحمد", "نور", "علي", "سارة", "يوسف"],
  he: ["נועה", "דוד", "מיכל", "יוסי", "שרה", "אבי", "תמר", "משה"],
};
const LAST: Record<Lng, string[]> = {
  ka: ["ბერიძე", "მამულაშვილი", "კაპანაძე", "გელაშვილი", "ლომიძე", "ხარაიშვილი"],
  ru: ["Иванова", "Петров", "Смирнова", "Кузнецов", "Попова", "Соколов"],
  en: ["Smith", "Johnson", "Brown", "Taylor", "Wilson", "Clarke"],
  az: ["Məmmədova", "Əliyev", "Hüseynova", "Quliyev", "Həsənova"],
  am: ["Հովհաննիսյան", "Սարգսյան", "Գրիգորյան", "Պետրոսյան", "Խաչատրյան"],
  tr: ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik"],
  de: ["Müller", "Schmidt", "Schneider", "Fischer", "Weber"],
  ar: ["الحسن", "العلي", "الخطيب", "النجار", "الحداد"],
  he: ["כהן", "לוי", "מזרחי", "פרץ", "ביטון"],
};
const STREETS: Record<Lng, string[]> = {
  ka: [
    "ჭავჭავაძის გამზ.",
    "რუსთაველის გამზ.",
    "აღმაშენებლის გამზ.",
    "ვაჟა-ფშაველას გამზ.",
    "პეკინის ქ.",
  ],
  ru: ["пр. Чавчавадзе", "пр. Руставели", "пр. Агмашенебели", "ул. Пекина", "ул. Костава"],
  en: ["Chavchavadze Ave", "Rustaveli Ave", "Aghmashenebeli Ave", "Pekini St", "Kostava St"],
  az: ["Çavçavadze pr.", "Rustaveli pr.", "Ağmaşenebeli pr.", "Pekin küç.", "Kostava küç."],
  am: ["Ճավճավաձե պող.", "Ռուսթավելի պող.", "Աղմաշենեբելի պող.", "Պեկինի փ.", "Կոստավայի փ."],
  tr: ["Çavçavadze Cad.", "Rustaveli Cad.", "Ağmaşenebeli Cad.", "Pekin Sok.", "Kostava Sok."],
  de: ["Tschawtschawadse-Allee", "Rustaweli-Allee", "Aghmaschenebeli-Allee", "Pekini-Str."],
  ar: ["شارع تشافتشافادزه", "جادة روستافيلي", "جادة أغماشينيبيلي", "شارع بكين"],
  he: ["שדרות צ'בצ'בדזה", "שדרות רוסתוולי", "שדרות אגמשנבלי", "רחוב פקיני"],
};
const NOTES: Record<Lng, string[]> = {
  ka: ["დარეკეთ 30 წუთით ადრე", "კარზე ზარი არ მუშაობს", "მეორე სადარბაზო"],
  ru: ["Позвонить за 30 минут", "Домофон не работает", "Второй подъезд"],
  en: ["Call 30 minutes before", "The doorbell is broken", "Second entrance"],
  az: ["30 dəqiqə əvvəl zəng edin", "Domofon işləmir", "İkinci giriş"],
  am: ["Զանգահարեք 30 րոպե առաջ", "Դոմոֆոնը չի աշխատում", "Երկրորդ մուտք"],
  tr: ["30 dakika önce arayın", "Zil çalışmıyor", "İkinci giriş"],
  de: ["Bitte 30 Minuten vorher anrufen", "Die Klingel geht nicht", "Zweiter Eingang"],
  ar: ["اتصل قبل 30 دقيقة", "الجرس لا يعمل", "المدخل الثاني"],
  he: ["להתקשר 30 דקות לפני", "הפעמון לא עובד", "כניסה שנייה"],
};
const SOURCES: Array<[string | null, string | null, string | null, number]> = [
  [null, null, null, 45],
  ["google", "organic", null, 20],
  ["instagram", "social", "spring", 15],
  ["facebook", "cpc", "winter", 10],
  ["tiktok", "social", null, 4],
];
const COURIERS = ["Giorgi", "Levan", "Nika", "Dato", "Sandro"];
const STAFF = ["Nino", "Tamar"];
const REASONS = ["changedMind", "noMoney", "notOrdered", "damaged", "other"];
const RUSTAVI = { id: "rustavi", fee: 700, names: { ka: "რუსთავი", ru: "Рустави", en: "Rustavi" } };

/** A small, fast, seedable generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Value = string | number | null;

/** The columns written, with their PostgreSQL types for `unnest`. */
const TABLES = {
  orders: {
    id: "int",
    order_number: "int",
    address: "text",
    phone: "text",
    messenger: "text",
    email: "text",
    delivery_time: "text",
    total: "int",
    positions: "int",
    language: "text",
    submission_token: "text",
    created_at: "text",
    status: "text",
    name: "text",
    delivery_date: "text",
    calls: "int",
    last_call_at: "text",
    taken_by: "text",
    pinned_note: "text",
    tags: "text",
    courier_id: "int",
    not_home: "int",
    source: "text",
    medium: "text",
    campaign: "text",
    track_token: "text",
    chat_token: "text",
    phone_key: "text",
    depersonalised_at: "text",
    delivery_zone: "text",
    delivery_area: "text",
    delivery_fee: "int",
    promo_code: "text",
    discount: "int",
  },
  order_items: {
    order_id: "int",
    item_key: "text",
    title: "text",
    qty: "int",
    price: "int",
    subtotal: "int",
    regular_price: "int",
  },
  order_events: {
    order_id: "int",
    at: "text",
    actor: "text",
    staff_id: "int",
    kind: "text",
    from_status: "text",
    to_status: "text",
    note: "text",
  },
  handoffs: {
    order_id: "int",
    courier_id: "int",
    day: "text",
    amount: "int",
    handed_at: "text",
    handed_by: "text",
    outcome: "text",
    outcome_at: "text",
    reason: "text",
    next_day: "text",
  },
  order_promotions: {
    order_id: "int",
    promotion_id: "int",
    kind: "text",
    name: "text",
    code: "text",
    amount: "int",
    rule: "text",
  },
  promotion_uses: {
    promotion_id: "int",
    order_id: "int",
    phone_key: "text",
    created_at: "text",
    released_at: "text",
  },
} as const;
type Table = keyof typeof TABLES;

interface Sink {
  add(table: Table, row: Value[]): void;
  /** Writes what was added, in one transaction. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

function sqliteSink(path: string): Sink {
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  // A bulk load: the rows are written again from nothing if the machine stops meanwhile.
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("cache_size = -200000");
  const statements = Object.fromEntries(
    Object.entries(TABLES).map(([table, columns]) => {
      const names = Object.keys(columns);
      return [
        table,
        sqlite.prepare(
          `insert into ${table} (${names.join(", ")}) values (${names.map(() => "?").join(", ")})`,
        ),
      ];
    }),
  ) as Record<Table, SQLite.Statement>;
  let pending: Array<[Table, Value[]]> = [];
  const write = sqlite.transaction((rows: Array<[Table, Value[]]>) => {
    for (const [table, row] of rows) statements[table].run(row);
  });
  return {
    add(table, row) {
      pending.push([table, row]);
    },
    async flush() {
      write(pending);
      pending = [];
    },
    async close() {
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      sqlite.close();
    },
  };
}

function postgresSink(url: string): Sink {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  let pending = new Map<Table, Value[][]>();
  return {
    add(table, row) {
      const rows = pending.get(table) ?? [];
      rows.push(row);
      pending.set(table, rows);
    },
    async flush() {
      await connected;
      const batch = pending;
      pending = new Map();
      await client.query("begin");
      try {
        for (const table of Object.keys(TABLES) as Table[]) {
          const rows = batch.get(table);
          if (!rows || rows.length === 0) continue;
          const columns = Object.entries(TABLES[table]);
          const arrays = columns.map((_, index) => rows.map((row) => row[index] ?? null));
          await client.query(
            `insert into ${table} (${columns.map(([name]) => name).join(", ")}) select * from unnest(${columns
              .map(([, type], index) => `$${index + 1}::${type}[]`)
              .join(", ")})`,
            arrays,
          );
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
    },
    async close() {
      await connected;
      await client.end();
    },
  };
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function weighted<T>(rand: () => number, list: readonly T[], weights: readonly number[]): T {
  const sum = weights.reduce((a, b) => a + b, 0);
  let roll = rand() * sum;
  for (let i = 0; i < list.length; i++) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return list[i] as T;
  }
  return list[list.length - 1] as T;
}

/** DD.MM.YY, as the checkout stores the shopper's date. */
function shortDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;
}

interface Customer {
  phone: string;
  key: string;
  name: string | null;
  address: string;
  language: Lng;
  messenger: string | null;
  email: string | null;
  orders: number;
}

/**
 * Writes `count` orders spread over `days` days ending at the clock's today: more orders
 * on later days (a shop that grew), statuses as a day's age leaves them (final ones in the
 * past, new and confirmed ones for the coming days), phones that come back.
 */
export async function generateOrders(
  target: DatabaseTarget,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const started = performance.now();
  const rand = random(options.seed ?? randomBytes(4).readUInt32LE(0));
  const days = options.days ?? 3 * 365;
  const retention = options.retention ?? { deliveredDays: 1095, undeliveredDays: 365 };
  const db = createDatabase(target);
  let sink: Sink | null = null;
  try {
    await migrateToLatest(db);
    const existing = await db
      .selectFrom("orders")
      .select([
        db.fn.countAll<number>().as("count"),
        db.fn.max("id").as("max"),
        db.fn.max("order_number").as("maxNumber"),
      ])
      .executeTakeFirstOrThrow();
    if (Number(existing.count) > 0 && !options.force)
      throw new RealOrdersError(
        `The database already has ${existing.count} orders: the generator adds to it only with --force.`,
      );
    const nowIso = isoAt(options.now);

    // The catalogue as the shop has it, titled in Russian as the owner's chat reads it.
    const products = await db
      .selectFrom("products")
      .innerJoin("product_texts", "product_texts.product_id", "products.id")
      .select(["product_group", "slug", "price", "title"])
      .where("product_texts.language", "=", "ru")
      .where("price", "is not", null)
      .orderBy("position")
      .execute();
    if (products.length === 0) throw new Error("The catalogue has no priced products.");
    const catalogue = products.map((p) => ({
      key: `${p.product_group}/${p.slug}`,
      price: Number(p.price),
      title: p.title || `${p.product_group}/${p.slug}`,
    }));

    // Couriers and staff, made once.
    for (const name of COURIERS) {
      const found = await db
        .selectFrom("couriers")
        .select("id")
        .where("name", "=", name)
        .executeTakeFirst();
      if (!found)
        await db
          .insertInto("couriers")
          .values({ name, phone: `+995 599 00${COURIERS.indexOf(name)} 000`, created_at: nowIso })
          .execute();
    }
    const couriers = await db
      .selectFrom("couriers")
      .select("id")
      .where("name", "in", COURIERS)
      .execute();
    for (const name of STAFF)
      await db
        .insertInto("staff")
        .values({ name, created_at: nowIso, role: "staff" })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
    const staff = await db
      .selectFrom("staff")
      .select(["id", "name"])
      .where("name", "in", STAFF)
      .execute();
    let promotion = await db
      .selectFrom("promotions")
      .selectAll()
      .where("code", "=", "ZAMTARI")
      .executeTakeFirst();
    if (!promotion) {
      await db
        .insertInto("promotions")
        .values({ kind: "code", name: "Winter", code: "ZAMTARI", percent: 10, created_at: nowIso })
        .execute();
      promotion = await db
        .selectFrom("promotions")
        .selectAll()
        .where("code", "=", "ZAMTARI")
        .executeTakeFirstOrThrow();
    }
    const rule = JSON.stringify({
      id: promotion.id,
      kind: "code",
      name: promotion.name,
      code: promotion.code,
      percent: 10,
    });

    // Order numbers: distinct and random-looking, six digits while they last.
    const taken = new Set<number>();
    if (Number(existing.count) > 0) {
      for (const row of await db.selectFrom("orders").select("order_number").execute())
        taken.add(row.order_number);
    }
    const space = Math.max(900_000, Math.ceil((options.count + taken.size) * 1.25));
    const numbers = new Int32Array(space);
    for (let i = 0; i < space; i++) numbers[i] = 100_000 + i;
    for (let i = space - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const swap = numbers[i] as number;
      numbers[i] = numbers[j] as number;
      numbers[j] = swap;
    }
    let nextNumber = 0;
    const orderNumber = () => {
      for (;;) {
        const candidate = numbers[nextNumber++] as number;
        if (!taken.has(candidate)) return candidate;
      }
    };

    sink = target.kind === "sqlite" ? sqliteSink(target.path) : postgresSink(target.url);

    // Orders per day grow from a third to the whole over the period.
    const today = shopToday(options.now);
    const first = addDays(today, 1 - days);
    const weights = Array.from({ length: days }, (_, d) => 1 + (2 * d) / Math.max(1, days - 1));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const perDay = weights.map((w) => Math.floor((options.count * w) / weightSum));
    let short = options.count - perDay.reduce((a, b) => a + b, 0);
    for (let d = days - 1; short > 0; d = (d - 1 + days) % days, short--)
      perDay[d] = (perDay[d] ?? 0) + 1;

    const customers: Customer[] = [];
    const usedPhones = new Set<string>();
    const newCustomer = (): Customer => {
      const language = weighted(rand, LANGUAGES, LANGUAGE_WEIGHTS);
      let phone: string;
      do {
        const digits = `5${String(Math.floor(rand() * 1e8)).padStart(8, "0")}`;
        phone = `+995 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
      } while (usedPhones.has(phone));
      usedPhones.add(phone);
      const first = pick(rand, FIRST[language]);
      return {
        phone,
        key: phoneKey(phone, options.phoneHashKey),
        name: rand() < 0.85 ? `${first} ${pick(rand, LAST[language])}` : null,
        address: `${pick(rand, STREETS[language])} ${1 + Math.floor(rand() * 180)}, ${1 + Math.floor(rand() * 90)}`,
        language,
        messenger:
          rand() < 0.3 ? `@${first.length > 0 ? "user" : "u"}${Math.floor(rand() * 1e6)}` : null,
        email: rand() < 0.2 ? `buyer${Math.floor(rand() * 1e7)}@example.com` : null,
        orders: 0,
      };
    };

    let id = Number(existing.max ?? 0);
    const result = { orders: 0, items: 0, events: 0, handoffs: 0, courierDays: 0 };
    /** Per courier and day: what went out and came back, for the counted cash. */
    const cashDays = new Map<string, { courier: number; day: string; collected: number }>();
    const addEvent = (
      orderId: number,
      at: number,
      who: { id: number; name: string } | null,
      from: string | null,
      to: string | null,
      note: string | null = null,
    ) => {
      sink?.add("order_events", [
        orderId,
        isoAt(at),
        who ? who.name : "system",
        who ? who.id : null,
        note ? "note" : "status",
        from,
        to,
        note,
      ]);
      result.events += 1;
    };
    const FLUSH_EVERY = target.kind === "sqlite" ? 25_000 : 10_000;

    for (let d = 0; d < days; d++) {
      const day = addDays(first, d);
      const dayStart = startOfShopDay(day);
      const dayCount = perDay[d] ?? 0;
      // Placing times through the day, in order, so ids rise with time as they do.
      const span = Math.max(1, Math.min(86_400_000, options.now - dayStart));
      const times = Array.from(
        { length: dayCount },
        () => dayStart + Math.floor(rand() * span),
      ).sort((a, b) => a - b);
      for (const placedAt of times) {
        // Nearly half come back: the more a phone ordered, the likelier it orders again.
        const customer =
          customers.length > 0 && rand() < 0.45
            ? (customers[Math.floor(customers.length * (1 - rand() ** 2))] as Customer)
            : newCustomer();
        if (customer.orders === 0) customers.push(customer);
        customer.orders += 1;
        id += 1;
        const language = rand() < 0.9 ? customer.language : pick(rand, LANGUAGES);
        const wait = 1 + Math.floor(rand() * 3);
        let deliveryDay = toIsoDate(addDays(day, wait));
        const deliveryAge = Math.round(
          (startOfShopDay(today) - startOfShopDay(addDays(day, wait))) / 86_400_000,
        );
        const byPhone = rand() < 0.08 ? pick(rand, staff) : null;
        const [source, medium, campaign] = byPhone
          ? ["phone", null, null]
          : weighted(
              rand,
              SOURCES.map(([s, m, c]) => [s, m, c] as const),
              SOURCES.map((s) => s[3]),
            );

        // Lines from the real catalogue: one to three products, mostly one jar each.
        const lines = new Map<string, { price: number; title: string; qty: number }>();
        const positions = rand() < 0.7 ? 1 : rand() < 0.8 ? 2 : 3;
        while (lines.size < Math.min(positions, catalogue.length)) {
          const product = pick(rand, catalogue);
          if (!lines.has(product.key))
            lines.set(product.key, {
              price: product.price,
              title: product.title,
              qty: rand() < 0.8 ? 1 : 2 + Math.floor(rand() * 2),
            });
        }
        let goods = 0;
        for (const line of lines.values()) goods += line.price * line.qty;
        const rustavi = rand() < 0.15;
        const fee = rustavi && goods < 15_000 ? RUSTAVI.fee : 0;
        const coded = rand() < 0.04;
        const discount = coded ? Math.round(goods / 10) : 0;
        const total = goods - discount + fee;

        // Where it stands now, by how far its delivery day is from today.
        let status: string;
        const roll = rand();
        if (deliveryAge > 0)
          status = roll < 0.8 ? "delivered" : roll < 0.88 ? "refused" : "cancelled";
        else if (deliveryAge === 0)
          status =
            roll < 0.45
              ? "shipped"
              : roll < 0.75
                ? "delivered"
                : roll < 0.8
                  ? "refused"
                  : roll < 0.9
                    ? "confirmed"
                    : "cancelled";
        else if (placedAt > options.now - 2 * 86_400_000)
          status = roll < 0.55 ? "new" : roll < 0.95 ? "confirmed" : "cancelled";
        else status = roll < 0.92 ? "confirmed" : "cancelled";

        const courier = ["shipped", "delivered", "refused"].includes(status)
          ? pick(rand, couriers).id
          : null;
        const notHome = courier !== null && status !== "shipped" && rand() < 0.05 ? 1 : 0;
        const confirmer = pick(rand, staff);
        const confirmedAt = Math.min(
          options.now,
          placedAt + 600_000 + Math.floor(rand() * 7_200_000),
        );
        const events: Array<() => void> = [];
        if (status !== "new") {
          if (status === "cancelled" && rand() < 0.5)
            events.push(() => addEvent(id, confirmedAt, confirmer, "new", "cancelled"));
          else {
            events.push(() => addEvent(id, confirmedAt, confirmer, "new", "confirmed"));
            if (status === "cancelled")
              events.push(() =>
                addEvent(
                  id,
                  Math.min(options.now, confirmedAt + 3_600_000),
                  confirmer,
                  "confirmed",
                  "cancelled",
                ),
              );
          }
        }
        if (courier !== null) {
          // A parcel nobody was home for went out the day before too.
          if (notHome) {
            const earlier = deliveryDay;
            deliveryDay = toIsoDate(addDays(addDays(day, wait), 1));
            const next = deliveryDay;
            const handed = startOfShopDay(addDays(day, wait)) + 9 * 3_600_000;
            events.push(() =>
              sink?.add("handoffs", [
                id,
                courier,
                earlier,
                total,
                isoAt(handed),
                confirmer.name,
                "not_home",
                isoAt(handed + 5 * 3_600_000),
                null,
                next,
              ]),
            );
            result.handoffs += 1;
          }
          const deliveryStart = startOfShopDay({
            year: Number(deliveryDay.slice(0, 4)),
            month: Number(deliveryDay.slice(5, 7)),
            day: Number(deliveryDay.slice(8, 10)),
          });
          const handed = Math.min(
            options.now,
            Math.max(confirmedAt, deliveryStart + 9 * 3_600_000),
          );
          const outcomeAt = Math.min(
            options.now,
            handed + 2 * 3_600_000 + Math.floor(rand() * 6 * 3_600_000),
          );
          const outcome = status === "shipped" ? null : status;
          events.push(() => addEvent(id, handed, confirmer, "confirmed", "shipped"));
          if (outcome) events.push(() => addEvent(id, outcomeAt, null, "shipped", outcome));
          const handoffDay = deliveryDay;
          events.push(() =>
            sink?.add("handoffs", [
              id,
              courier,
              handoffDay,
              total,
              isoAt(handed),
              confirmer.name,
              outcome,
              outcome ? isoAt(outcomeAt) : null,
              outcome === "refused" ? pick(rand, REASONS) : null,
              null,
            ]),
          );
          result.handoffs += 1;
          if (outcome === "delivered") {
            const cashKey = `${courier}/${deliveryDay}`;
            const cash = cashDays.get(cashKey) ?? { courier, day: deliveryDay, collected: 0 };
            cash.collected += total;
            cashDays.set(cashKey, cash);
          }
        }

        // Orders past their keeping time are stored as the retention sweep leaves them.
        const finalAge = (options.now - placedAt) / 86_400_000 - wait;
        const depersonalised =
          (status === "delivered" && finalAge > retention.deliveredDays) ||
          ((status === "refused" || status === "cancelled") &&
            finalAge > retention.undeliveredDays);
        const pinned = !depersonalised && rand() < 0.05 ? pick(rand, NOTES[language]) : null;
        const calls = status === "new" && rand() < 0.2 ? 1 : 0;
        sink.add("orders", [
          id,
          orderNumber(),
          depersonalised ? "" : customer.address,
          depersonalised ? "" : customer.phone,
          depersonalised ? null : customer.messenger,
          depersonalised ? null : customer.email,
          shortDate(deliveryDay),
          total,
          lines.size,
          language,
          `gen-${id}-${randomBytes(6).toString("hex")}`,
          isoAt(placedAt),
          status,
          depersonalised ? null : customer.name,
          deliveryDay,
          calls,
          calls ? isoAt(Math.min(options.now, placedAt + 1_800_000)) : null,
          byPhone?.name ?? null,
          pinned,
          rand() < 0.03 ? " vip " : "",
          courier,
          notHome,
          source,
          medium,
          campaign,
          randomBytes(24).toString("base64url"),
          randomBytes(24).toString("base64url"),
          customer.key,
          depersonalised
            ? isoAt(placedAt + (wait + retention.deliveredDays + 1) * 86_400_000)
            : null,
          rustavi ? RUSTAVI.id : "tbilisi",
          rustavi ? (RUSTAVI.names[language as "ka" | "ru" | "en"] ?? RUSTAVI.names.ru) : null,
          fee,
          coded ? promotion.code : null,
          discount,
        ]);
        for (const [key, line] of lines) {
          sink.add("order_items", [
            id,
            key,
            line.title,
            line.qty,
            line.price,
            line.price * line.qty,
            null,
          ]);
          result.items += 1;
        }
        for (const event of events) event();
        if (!depersonalised && rand() < 0.03)
          addEvent(
            id,
            Math.min(options.now, confirmedAt + 60_000),
            confirmer,
            null,
            null,
            pick(rand, NOTES[language]),
          );
        if (coded) {
          sink.add("order_promotions", [
            id,
            promotion.id,
            "code",
            promotion.name,
            promotion.code,
            discount,
            rule,
          ]);
          sink.add("promotion_uses", [
            promotion.id,
            id,
            customer.key,
            isoAt(placedAt),
            status === "cancelled" || status === "refused"
              ? isoAt(Math.min(options.now, placedAt + 86_400_000))
              : null,
          ]);
        }
        result.orders += 1;
        if (result.orders % FLUSH_EVERY === 0) {
          await sink.flush();
          options.onProgress?.(result.orders);
        }
      }
    }
    await sink.flush();

    // The cash owners counted: every courier's past day, most balanced, a few short.
    const todayIso = toIsoDate(today);
    const courierDays: Value[][] = [];
    for (const cash of cashDays.values()) {
      if (cash.day >= todayIso) continue;
      const short =
        rand() < 0.04 ? Math.min(cash.collected, 500 * (1 + Math.floor(rand() * 4))) : 0;
      const at = `${cash.day}T17:30:00.000Z`;
      courierDays.push([
        cash.courier,
        cash.day,
        cash.collected - short,
        at,
        STAFF[0] ?? "Nino",
        at,
        STAFF[0] ?? "Nino",
        short ? "Will bring the rest tomorrow" : null,
      ]);
    }
    if (target.kind === "sqlite") {
      const sqlite = new SQLite(target.path);
      const insert = sqlite.prepare(
        "insert or ignore into courier_days (courier_id, day, received, received_at, received_by, closed_at, closed_by, close_note) values (?, ?, ?, ?, ?, ?, ?, ?)",
      );
      sqlite.transaction(() => {
        for (const row of courierDays) insert.run(row);
      })();
      sqlite.close();
    } else {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      const columns = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => courierDays.map((row) => row[i] ?? null));
      await client.query(
        "insert into courier_days (courier_id, day, received, received_at, received_by, closed_at, closed_by, close_note) select * from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) on conflict do nothing",
        columns,
      );
      // The ids were written by hand: the sequences go on after them.
      for (const table of [
        "orders",
        "order_items",
        "order_events",
        "handoffs",
        "order_promotions",
        "promotion_uses",
      ])
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
        );
      await client.query("analyze");
      await client.end();
    }
    // Orders written with past days fire no trigger: any report day kept is worked out again.
    await db
      .updateTable("report_days")
      .set((eb) => ({ figures: null, stamp: eb("stamp", "+", 1) }))
      .execute();
    result.courierDays = courierDays.length;
    return { ...result, customers: customers.length, ms: Math.round(performance.now() - started) };
  } finally {
    await sink?.close();
    await db.destroy();
  }
}
