import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { restartDelay } from "../../server/primary.mjs";

describe("restartDelay", () => {
  const now = 1_000_000;

  it("replaces a lone dead worker at once", () => {
    expect(restartDelay([now], now)).toBe(0);
    // Deaths a minute ago no longer count.
    expect(restartDelay([now - 60_000, now - 61_000, now], now)).toBe(0);
  });

  it("waits longer while workers keep dying, thirty seconds at most", () => {
    expect(restartDelay([now - 500, now], now)).toBe(1000);
    expect(restartDelay([now - 900, now - 500, now], now)).toBe(2000);
    expect(restartDelay([now - 5000, now - 4000, now - 3000, now - 900, now], now)).toBe(8000);
    expect(
      restartDelay(
        Array.from({ length: 20 }, (_, index) => now - index),
        now,
      ),
    ).toBe(30_000);
  });
});

/** A primary of two stand-in workers (support/reload-worker.mjs) in a child process. */
function startPrimary(env: Record<string, string> = {}) {
  const primary = fileURLToPath(new URL("./support/reload-primary.mjs", import.meta.url));
  const child = spawn(process.execPath, [primary], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: Array<() => void> = [];
  for (const stream of [child.stdout, child.stderr])
    stream.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      for (const wake of waiters.splice(0)) wake();
    });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  /** Resolves once the output so far matches `pattern` `times` times. */
  const seen = async (pattern: RegExp, times = 1) => {
    const count = () => output.match(new RegExp(pattern.source, "g"))?.length ?? 0;
    while (count() < times) {
      const more = new Promise<void>((resolve) => waiters.push(resolve));
      const end = exited.then(() => {
        throw new Error(`The primary exited before printing ${pattern}:\n${output}`);
      });
      await Promise.race([more, end]);
    }
  };
  return { child, seen, exited, output: () => output };
}

/** A request unanswered this long counts as refused: a hang is reported, not waited on. */
const ASK_TIMEOUT_MS = 5000;

/** One request on a connection of its own (as a new visitor's): the pid that answered. */
function ask(port: number, path = "/"): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => (res.statusCode === 200 ? resolve(body) : reject(new Error(body))));
    });
    request.on("error", reject);
    request.setTimeout(ASK_TIMEOUT_MS, () =>
      request.destroy(new Error(`no answer within ${ASK_TIMEOUT_MS} ms`)),
    );
  });
}

/** Requests from `clients` loops until `until` resolves: who answered each, and what failed. */
async function underLoad(port: number, clients: number, until: Promise<unknown>) {
  const answers: Array<{ pid: string; phase: number }> = [];
  const failures: string[] = [];
  let phase = 0;
  let done = false;
  void until.then(() => {
    done = true;
  });
  const loops = Array.from({ length: clients }, async () => {
    while (!done) {
      const asked = phase;
      try {
        answers.push({ pid: await ask(port), phase: asked });
      } catch (error) {
        failures.push(String(error));
      }
    }
  });
  return {
    answers,
    failures,
    /** Marks the requests asked from now on. */
    next: () => {
      phase += 1;
    },
    finished: Promise.all(loops),
  };
}

describe("a reload (SIGHUP to the primary)", () => {
  it(
    "replaces every worker while requests keep being answered, none refused",
    async () => {
      const { child, seen, exited, output } = startPrimary();
      try {
        await seen(/listening on \d+/, 2);
        const port = Number(/listening on (\d+)/.exec(output())?.[1]);
        let stopLoad = () => {};
        const load = await underLoad(
          port,
          4,
          new Promise<void>((resolve) => {
            stopLoad = resolve;
          }),
        );
        while (load.answers.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));
        const before = new Set(load.answers.map((answer) => answer.pid));

        child.kill("SIGHUP");
        await seen(/reload done: 2 of 2 worker\(s\) replaced/);
        load.next();
        const reloadedAt = load.answers.length;
        while (load.answers.length < reloadedAt + 40)
          await new Promise((resolve) => setTimeout(resolve, 10));
        stopLoad();
        await load.finished;

        expect(load.failures, output()).toEqual([]);
        expect(before.size).toBe(2);
        const after = new Set(load.answers.filter((a) => a.phase === 1).map((a) => a.pid));
        expect(after.size).toBe(2);
        for (const pid of after) expect(before.has(pid)).toBe(false);
        expect(output()).toMatch(/drained; its replacement serves/);

        child.kill("SIGTERM");
        expect(await exited).toBe(0);
      } finally {
        child.kill("SIGKILL");
      }
      // Seen once in twelve runs of the full suite on the 2-core machine: this test ran out
      // of its time with no failure reported (a request or the reload hung). Requests now
      // time out into a reported failure with the primary's output; one retry keeps a rare
      // stall of the machine from failing CI, while a reload that refuses requests fails
      // both runs (noted on the issue).
    },
    { timeout: 45_000, retry: 1 },
  );

  it("keeps the old workers serving when the new code cannot start", async () => {
    const broken = join(mkdtempSync(join(tmpdir(), "shop-reload-")), "broken");
    const { child, seen, exited, output } = startPrimary({ RELOAD_WORKER_BROKEN: broken });
    try {
      await seen(/listening on \d+/, 2);
      const port = Number(/listening on (\d+)/.exec(output())?.[1]);
      const pids = new Set([await ask(port), await ask(port), await ask(port), await ask(port)]);

      writeFileSync(broken, "");
      child.kill("SIGHUP");
      await seen(/reload done: 0 of 2 worker\(s\) replaced/);
      expect(output()).toMatch(/before it listened; the reload stops here/);
      const after = new Set([await ask(port), await ask(port), await ask(port), await ask(port)]);
      expect(after).toEqual(pids);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a primary that dies (SIGKILL: a crash, the kernel's out-of-memory killer)", () => {
  it("leaves its workers to answer the requests they took, then end by themselves", async () => {
    const { child, seen, exited, output } = startPrimary();
    const workers = () =>
      [...output().matchAll(/worker (\d+) listening/g)].map((match) => Number(match[1]));
    try {
      await seen(/listening on \d+/, 2);
      const port = Number(/listening on (\d+)/.exec(output())?.[1]);
      const slow = [ask(port, "/slow"), ask(port, "/slow")];
      await seen(/took a slow request/, 2);
      // New connections keep coming as it dies: some the primary hands over as it goes,
      // and a worker's acknowledgement then fails (EPIPE), which must not end it.
      let dying = true;
      const load = Array.from({ length: 20 }, async () => {
        while (dying) await ask(port).catch(() => {});
      });
      child.kill("SIGKILL");
      await exited;
      // Answered, not cut off (Node would end an orphaned worker at once)…
      for (const pid of await Promise.all(slow)) expect(workers()).toContain(Number(pid));
      // …and each worker drains and exits of its own accord.
      const deadline = Date.now() + 5000;
      while ((output().match(/drained/g) ?? []).length < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      dying = false;
      expect(output().match(/worker \d+ drained/g)).toHaveLength(2);
      await Promise.all(load);
      while (workers().some(alive) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(workers().filter(alive)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
      for (const pid of workers().filter(alive)) process.kill(pid, "SIGKILL");
    }
  }, 20_000);

  it("does not end a worker whose message to its dead primary failed (EPIPE)", async () => {
    const { child, seen, exited, output } = startPrimary();
    try {
      await seen(/listening on \d+/, 2);
      const port = Number(/listening on (\d+)/.exec(output())?.[1]);
      const failed = new Set([await ask(port, "/epipe"), await ask(port, "/epipe")]);
      const after = new Set([await ask(port), await ask(port), await ask(port), await ask(port)]);
      expect(after).toEqual(failed);
      expect(output()).not.toMatch(/exited with code|was killed/);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  }, 20_000);
});
