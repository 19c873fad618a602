import SQLite from "better-sqlite3";
import { type Generated, Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { cachingStatements } from "../../db/statement-cache";

interface Db {
  jars: { id: Generated<number>; name: string; left: number };
}

/** A database whose every `prepare` is counted, behind the cache. */
function counted(size?: number) {
  const sqlite = new SQLite(":memory:");
  sqlite.exec("create table jars (id integer primary key, name text not null, left integer)");
  const prepared: string[] = [];
  const database = cachingStatements(
    {
      prepare(text) {
        prepared.push(text);
        return sqlite.prepare(text);
      },
      close: () => sqlite.close(),
    },
    size,
  );
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database }) });
  return { db, database, prepared };
}

describe("the prepared-statement cache under Kysely's SQLite dialect", () => {
  it("prepares a query's text once and gives the same statement back at every run", () => {
    const { database } = counted();
    const first = database.prepare("select 1 as one");
    expect(database.prepare("select 1 as one")).toBe(first);
    expect(database.prepare("select 2 as two")).not.toBe(first);
  });

  it("binds each run's own parameters, reads and writes alike, in and out of transactions", async () => {
    const { db, prepared } = counted();
    for (const [name, left] of [
      ["Cream", 3],
      ["Balm", 5],
      ["Oil", 7],
    ] as const)
      await db.insertInto("jars").values({ name, left }).execute();
    const byName = (name: string) =>
      db.selectFrom("jars").select("left").where("name", "=", name).executeTakeFirstOrThrow();
    expect((await byName("Balm")).left).toBe(5);
    expect((await byName("Oil")).left).toBe(7);

    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable("jars")
        .set({ left: sql`"left" - ${2}` })
        .where("name", "=", "Cream")
        .returning("left")
        .executeTakeFirstOrThrow();
      expect(taken.left).toBe(1);
      await trx.insertInto("jars").values({ name: "Salve", left: 1 }).execute();
    });
    // A rolled-back transaction leaves nothing, though its statements stay prepared.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("jars").values({ name: "Lost", left: 1 }).execute();
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("jars").values({ name: "Wax", left: 2 }).execute();
    });

    const rows = await db.selectFrom("jars").select(["name", "left"]).orderBy("id").execute();
    expect(rows).toEqual([
      { name: "Cream", left: 1 },
      { name: "Balm", left: 5 },
      { name: "Oil", left: 7 },
      { name: "Salve", left: 1 },
      { name: "Wax", left: 2 },
    ]);
    // Each text once: the insert, the read by name, the update, the list, begin,
    // commit and rollback, however many times they ran.
    expect(new Set(prepared).size).toBe(prepared.length);
    expect(prepared.filter((text) => text === "begin")).toHaveLength(1);
  });

  it("keeps at most its size, dropping the least recently used", () => {
    const { database, prepared } = counted(2);
    const one = database.prepare("select 1");
    database.prepare("select 2");
    expect(database.prepare("select 1")).toBe(one);
    database.prepare("select 3");
    expect(database.cached).toBe(2);
    // "select 2" was the least recently used: prepared again; "select 1" still kept.
    database.prepare("select 2");
    expect(prepared.filter((text) => text === "select 2")).toHaveLength(2);
    expect(database.prepare("select 3")).not.toBeUndefined();
    expect(prepared.filter((text) => text === "select 3")).toHaveLength(1);
  });

  it("prepares a fresh statement while the kept one is still iterating a stream", () => {
    const { database } = counted();
    database.prepare("insert into jars (name, left) values ('Cream', 1), ('Balm', 2)").run([]);
    const text = "select name from jars order by id";
    const streaming = database.prepare(text).iterate([]);
    expect(streaming.next().value).toEqual({ name: "Cream" });
    // better-sqlite3 refuses to run a statement that is still iterating: another is made.
    expect(database.prepare(text).all([])).toEqual([{ name: "Cream" }, { name: "Balm" }]);
    expect(streaming.next().value).toEqual({ name: "Balm" });
    streaming.return?.();
    expect(database.prepare(text).all([])).toHaveLength(2);
  });
});
