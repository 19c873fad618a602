import { type Kysely, type Transaction, sql } from "kysely";

/** Pieces of work committed together at most; the rest wait for the next commit. */
export const GROUP_COMMIT_MAX = 64;

type Work<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Waiting<DB> {
  work: Work<DB, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit (issue 40): on SQLite every commit waits for the disk (synchronous=FULL),
 * and one process writes one transaction at a time. The pieces of work that arrive while
 * a transaction is being written wait, then go together into the next one: each in a
 * savepoint of its own, so one that fails is undone alone and its caller gets its error,
 * while the others are committed, all with one wait for the disk. Nobody hears of success
 * before the commit that holds their work: what resolves is durable. A commit that fails
 * fails every piece of its group, and none of them was stored.
 */
export class GroupCommitter<DB> {
  readonly #db: Kysely<DB>;
  readonly #max: number;
  #waiting: Waiting<DB>[] = [];
  #writing = false;
  #later: NodeJS.Timeout | null = null;

  constructor(db: Kysely<DB>, max = GROUP_COMMIT_MAX) {
    this.#db = db;
    this.#max = max;
  }

  /**
   * `work` in the next commit. With `withinMs`, no commit is started for it alone: it goes
   * with the next one something else starts, or by itself after that long.
   */
  run<T>(work: Work<DB, T>, withinMs?: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#writing) return;
      if (withinMs === undefined) void this.#write();
      else
        this.#later ??= setTimeout(() => {
          this.#later = null;
          if (!this.#writing && this.#waiting.length > 0) void this.#write();
        }, withinMs);
    });
  }

  async #write(): Promise<void> {
    this.#writing = true;
    if (this.#later) clearTimeout(this.#later);
    this.#later = null;
    try {
      while (this.#waiting.length > 0) {
        // The requests already under way reach the queue first, to share this commit.
        await new Promise((resolve) => setImmediate(resolve));
        const group: Waiting<DB>[] = [];
        const outcomes: Outcome[] = [];
        try {
          await this.#db.transaction().execute(async (trx) => {
            // What waits once the write lock is held goes in, and what comes meanwhile.
            for (let next = this.#waiting.shift(); next; next = this.#take(group)) {
              group.push(next);
              await sql`savepoint group_commit`.execute(trx);
              try {
                const value = await next.work(trx);
                await sql`release group_commit`.execute(trx);
                outcomes.push({ ok: true, value });
              } catch (error) {
                await sql`rollback to group_commit`.execute(trx);
                await sql`release group_commit`.execute(trx);
                outcomes.push({ ok: false, error });
              }
            }
          });
        } catch (error) {
          // Not even begun (the write lock not granted): those waiting hear why.
          const failed = group.length > 0 ? group : this.#waiting.splice(0, this.#max);
          for (const { reject } of failed) reject(error);
          continue;
        }
        group.forEach(({ resolve, reject }, index) => {
          const outcome = outcomes[index];
          if (outcome?.ok) resolve(outcome.value);
          else reject(outcome?.error);
        });
      }
    } finally {
      this.#writing = false;
    }
  }

  #take(group: readonly Waiting<DB>[]): Waiting<DB> | undefined {
    return group.length < this.#max ? this.#waiting.shift() : undefined;
  }
}

const committers = new WeakMap<object, GroupCommitter<never>>();

/** Makes `db`'s group transactions share commits (SQLite's one writer, `createDatabase`). */
export function commitInGroups<DB>(db: Kysely<DB>, max?: number): void {
  committers.set(db, new GroupCommitter(db, max) as unknown as GroupCommitter<never>);
}

/**
 * Runs `work` in a transaction: with others in one commit where the database was set to
 * commit in groups (SQLite), else in its own (PostgreSQL commits concurrent transactions
 * itself). Either way `work` is stored whole or not at all, and alone if it throws.
 * `withinMs`: work that may wait that long for a commit started by other work (SQLite).
 */
export function groupTransaction<DB, T>(
  db: Kysely<DB>,
  work: Work<DB, T>,
  options: { withinMs?: number } = {},
): Promise<T> {
  const committer = committers.get(db) as GroupCommitter<DB> | undefined;
  return committer ? committer.run(work, options.withinMs) : db.transaction().execute(work);
}

/**
 * One statement that must be durable before the caller goes on: in the next group commit
 * where the database commits in groups (SQLite), else by itself, as any statement outside
 * a transaction is (PostgreSQL: no begin and commit around it, one round trip).
 */
export function groupStatement<DB, T>(
  db: Kysely<DB>,
  statement: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const committer = committers.get(db) as GroupCommitter<DB> | undefined;
  return committer ? committer.run(statement) : statement(db);
}
