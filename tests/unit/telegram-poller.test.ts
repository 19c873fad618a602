import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POLLER_LEASE, createPoller } from "~/chat/telegram-poller.server";
import { createBotApi } from "~/platform/bot-api.server";
import { acquireLease, releaseLease } from "~/platform/lease.server";
import { createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";

const TOKEN = "123456:SECRET-token-abcdefghijklmnop";

/** Button presses without a webhook (D25): the long poll, its lease and its pauses. */
describe("the Telegram poller", () => {
  let db: Kysely<Database>;
  const clock = Date.parse("2026-11-22T10:00:00Z");
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  beforeEach(async () => {
    db = createDatabase(join(mkdtempSync(join(tmpdir(), "shop-poller-")), "shop.sqlite"));
    await migrateToLatest(db);
    log.info.mockReset();
    log.warn.mockReset();
  });

  afterEach(async () => {
    await db.destroy();
  });

  it("polls only with the lease, backs off on errors, confirms each update after handling it", async () => {
    const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
    const answers = [
      { ok: false, description: "Bad Gateway", status: 502 },
      { ok: true, result: [{ update_id: 7 }, { update_id: 8 }] },
    ];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      const method = String(url).split("/").at(-1) ?? "";
      calls.push({ method, body: JSON.parse(String(init?.body)) });
      if (method === "deleteWebhook") return new Response(JSON.stringify({ ok: true }));
      const next = answers.shift();
      if (next) return new Response(JSON.stringify(next), { status: next.ok ? 200 : 502 });
      // Nothing new: held open until the poller stops.
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    }) as typeof fetch;
    const handled: unknown[] = [];
    const api = createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl });
    const options = {
      db,
      api,
      handle: async (update: unknown) => {
        handled.push(update);
        return "ignored" as const;
      },
      now: () => clock,
      log,
      baseDelayMs: 5,
    };
    // Another process holds the lease: this one waits.
    await acquireLease(db, POLLER_LEASE, "other", clock, 60_000);
    const standby = createPoller({ ...options, holder: "me", standbyMs: 5 });
    standby.start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await standby.stop();
    expect(calls).toEqual([]);
    await releaseLease(db, POLLER_LEASE, "other");

    const poller = createPoller({ ...options, holder: "me" });
    poller.start();
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    await poller.stop();
    expect(calls.map((call) => [call.method, call.body.offset])).toEqual([
      ["deleteWebhook", undefined],
      ["getUpdates", undefined],
      ["getUpdates", undefined],
      ["getUpdates", 9],
    ]);
    expect(calls[1]?.body.allowed_updates).toEqual(["message", "callback_query"]);
    expect(handled).toEqual([{ update_id: 7 }, { update_id: 8 }]);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("getUpdates failed: HTTP 502"));
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(TOKEN);
    // Stopped: the lease is free for the next process at once.
    expect(await acquireLease(db, POLLER_LEASE, "next", clock, 60_000)).toBe(true);
  });

  it("asks an API that answers a long poll at once with nothing again after a pause, not in a loop", async () => {
    let polls = 0;
    const fetchImpl = (async (url: string | URL | Request) => {
      if (String(url).endsWith("/getUpdates")) polls += 1;
      return new Response(JSON.stringify({ ok: true, result: [] }));
    }) as typeof fetch;
    const poller = createPoller({
      db,
      api: createBotApi({ botToken: TOKEN, apiUrl: "http://telegram.test", fetch: fetchImpl }),
      handle: async () => "ignored" as const,
      now: () => clock,
      holder: "me",
      log,
      baseDelayMs: 60_000,
    });
    poller.start();
    await vi.waitFor(() => expect(polls).toBe(1));
    // Without the pause, this many turns of the event loop would have polled again and again.
    for (let turn = 0; turn < 50; turn += 1) await new Promise((done) => setImmediate(done));
    await poller.stop();
    expect(polls).toBe(1);
  });

  it("leases a job to one holder until it lets go or the lease expires", async () => {
    expect(await acquireLease(db, "job", "a", clock, 60_000)).toBe(true);
    expect(await acquireLease(db, "job", "b", clock + 1000, 60_000)).toBe(false);
    expect(await acquireLease(db, "job", "a", clock + 30_000, 60_000)).toBe(true);
    expect(await acquireLease(db, "job", "b", clock + 89_999, 60_000)).toBe(false);
    expect(await acquireLease(db, "job", "b", clock + 90_000, 60_000)).toBe(true);
    await releaseLease(db, "job", "a");
    expect(await acquireLease(db, "job", "a", clock + 91_000, 60_000)).toBe(false);
    await releaseLease(db, "job", "b");
    expect(await acquireLease(db, "job", "a", clock + 92_000, 60_000)).toBe(true);
  });
});
