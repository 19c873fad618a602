import SQLite from "better-sqlite3";
import { type Generated, Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { placeOrder } from "~/orders/place.server";
import { commitInGroups, groupStatement, groupTransaction } from "../../db/group-commit";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

interface Jars {
  jars: { id: Generated<number>; name: string };
}

/** A SQLite database whose commits are counted, its transactions grouped. */
function counted() {
  const sqlite = new SQLite(":memory:");
  sqlite.exec("create table jars (id integer primary key, name text not null unique)");
  const commits = { count: 0 };
  const db = new Kysely<Jars>({
    dialect: new SqliteDialect({
      database: {
        prepare(text) {
          const statement = sqlite.prepare(text);
          if (text !== "commit") return statement;
          return {
            reader: false,
            all: (parameters) => statement.all(parameters),
            iterate: (parameters) => statement.iterate(parameters),
            run(parameters) {
              commits.count += 1;
              return statement.run(parameters);
            },
          };
        },
        close: () => sqlite.close(),
      },
    }),
  });
  commitInGroups(db);
  const names = async () =>
    (await db.selectFrom("jars").select("name").orderBy("id").execute()).map((row) => row.name);
  return { db, commits, names };
}

const insert = (name: string) => (trx: Kysely<Jars>) =>
  trx.insertInto("jars").values({ name }).returning("name").executeTakeFirstOrThrow();

describe("group commit (issue 40)", () => {
  it("writes work that arrives together in one commit, each piece answered with its own result", async () => {
    const { db, commits, names } = counted();
    const placed = await Promise.all(
      ["Cream", "Balm", "Oil"].map((name) => groupTransaction(db, insert(name))),
    );
    expect(placed).toEqual([{ name: "Cream" }, { name: "Balm" }, { name: "Oil" }]);
    expect(commits.count).toBe(1);
    expect(await names()).toEqual(["Cream", "Balm", "Oil"]);
  });

  it("commits a lone statement (an outbox's claim) with the work of that moment", async () => {
    const { db, commits, names } = counted();
    const [order, claim] = await Promise.all([
      groupTransaction(db, insert("Cream")),
      groupStatement(db, insert("Claim")),
    ]);
    expect([order, claim]).toEqual([{ name: "Cream" }, { name: "Claim" }]);
    expect(commits.count).toBe(1);
    expect(await names()).toEqual(["Cream", "Claim"]);
  });

  it("undoes a piece that fails, alone: the others of its commit are stored, its caller hears why", async () => {
    const { db, commits, names } = counted();
    const [cream, broken, duplicate, oil] = await Promise.allSettled([
      groupTransaction(db, insert("Cream")),
      groupTransaction(db, async (trx) => {
        await insert("Half-written")(trx);
        throw new Error("the card was declined");
      }),
      // The unique index refuses this one in the middle of the group.
      groupTransaction(db, insert("Cream")),
      groupTransaction(db, insert("Oil")),
    ]);
    expect(cream).toEqual({ status: "fulfilled", value: { name: "Cream" } });
    expect(broken).toMatchObject({
      status: "rejected",
      reason: { message: "the card was declined" },
    });
    expect(duplicate).toMatchObject({ status: "rejected", reason: { message: /UNIQUE/ } });
    expect(oil).toEqual({ status: "fulfilled", value: { name: "Oil" } });
    expect(commits.count).toBe(1);
    expect(await names()).toEqual(["Cream", "Oil"]);
  });

  it("commits work that may wait with the next commit, or by itself once its time is up", async () => {
    const { db, commits, names } = counted();
    const later = groupTransaction(db, insert("Receipt"), { withinMs: 10_000 });
    await groupTransaction(db, insert("Cream"));
    await later;
    expect(commits.count).toBe(1);

    // Alone, it waits instead of starting a commit at once (several turns of the event
    // loop pass without one), then is committed by itself when its time is up.
    const alone = groupTransaction(db, insert("Alone"), { withinMs: 250 });
    for (let turn = 0; turn < 5; turn += 1) await new Promise((done) => setImmediate(done));
    expect(commits.count).toBe(1);
    await alone;
    expect(commits.count).toBe(2);
    expect(await names()).toEqual(["Receipt", "Cream", "Alone"]);
  });

  it("resolves nothing before its commit: a commit refused fails every piece of its group", async () => {
    const { db, names } = counted();
    await sql`create table locks (id integer primary key)`.execute(db);
    // A deferred foreign key fails at commit, not at the insert: the whole group fails.
    await sql`create table tags (jar integer references jars (id) deferrable initially deferred)`.execute(
      db,
    );
    const outcomes = await Promise.allSettled([
      groupTransaction(db, insert("Cream")),
      groupTransaction(db, (trx) => sql`insert into tags (jar) values (999)`.execute(trx)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(await names()).toEqual([]);
  });
});

describe("orders placed together (both engines)", () => {
  let db: Kysely<Database>;
  afterEach(async () => {
    await db.destroy();
  });

  it("leaves a bad order of a group unplaced, its stock untouched, and the others placed", async () => {
    db = await freshDatabase("group-orders");
    await db.updateTable("products").set({ stock: 10 }).where("slug", "=", "hemor-cream").execute();
    const order = (token: string, qty: number, number: () => number) =>
      placeOrder(
        db,
        {
          values: {
            address: "Rustaveli Ave 12",
            deliveryTime: "05.07.26",
            phone: "+995 555 123 456",
            name: null,
            messenger: "",
            email: null,
          },
          cart: [{ key: "body/hemor-cream", qty }],
          language: "ka",
          token,
          titleLanguage: "en",
        },
        {
          now: Date.parse("2026-11-22T10:00:00Z"),
          phoneHashKey: PHONE_HASH_KEY,
          randomOrderNumber: number,
        },
      );
    const outcomes = await Promise.allSettled([
      order("token-first-aaaaaaaaaa", 2, () => 111111),
      // Fails after its stock was taken, in the middle of the group.
      order("token-broken-aaaaaaaaa", 3, () => {
        throw new Error("no number today");
      }),
      order("token-third-aaaaaaaaaa", 1, () => 333333),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    const orders = await db
      .selectFrom("orders")
      .select(["order_number", "submission_token"])
      .orderBy("order_number")
      .execute();
    expect(orders).toEqual([
      { order_number: 111111, submission_token: "token-first-aaaaaaaaaa" },
      { order_number: 333333, submission_token: "token-third-aaaaaaaaaa" },
    ]);
    const { stock } = await db
      .selectFrom("products")
      .select("stock")
      .where("slug", "=", "hemor-cream")
      .executeTakeFirstOrThrow();
    expect(stock).toBe(10 - 2 - 1);
  });
});
