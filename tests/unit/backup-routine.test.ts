import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readShopFigures, scrapeShopFigures } from "~/desk/health.server";
import { placeOrder } from "~/orders/place.server";
import { createRclone } from "~/platform/backup-remote.server";
import { planSecrets } from "~/platform/backup-secrets";
import {
  type BackupDeps,
  type BackupOutcome,
  restoreShop,
  runBackup,
  runNightlyBackup,
} from "~/platform/backups.server";
import { checkBackup, detectBackupFormat } from "../../db/backup";
import { type DatabaseTarget, createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import type { Database } from "../../db/schema";
import { freePort } from "../../scripts/shop-server.mjs";
import { freshTarget, testEngine } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

/** scrypt at its cheapest allowed cost: production's takes a good part of a second a file. */
const CHEAP = { log2N: 10, r: 8, p: 1 };
const PHONE = "+995 577 41 52 63";
const SECRETS = {
  SESSION_SECRET: randomBytes(32).toString("hex"),
  PHONE_HASH_KEY: randomBytes(32).toString("hex"),
};
/** 04:15 in Tbilisi on the given day: the timer's hour, on the shop's calendar. */
const nightOf = (day: string) => Date.parse(`${day}T00:15:00Z`);

let webdav: { child: ChildProcess; url: string; served: string; exited: Promise<unknown> };
let rcloneConfig: string;

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), "shop-remote-"));
  const served = join(folder, "served");
  mkdirSync(served);
  // An empty configuration of its own: the remote is made on the fly, nothing of this
  // machine's rclone is read.
  rcloneConfig = join(folder, "rclone.conf");
  writeFileSync(rcloneConfig, "");
  const child = spawn(
    "rclone",
    ["serve", "webdav", served, "--addr", "127.0.0.1:0", "--config", rcloneConfig],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // rclone names the port it was given when it starts listening.
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const started = /started on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (started?.[1]) resolve(started[1]);
    });
    child.once("error", reject);
    child.once("exit", () => reject(new Error(`rclone serve webdav ended:\n${output}`)));
  });
  webdav = { child, url, served, exited };
});

afterAll(async () => {
  if (webdav?.child.pid) {
    process.kill(webdav.child.pid, "SIGTERM");
    await webdav.exited;
  }
});

let target: DatabaseTarget;
let db: Kysely<Database>;
let root: string;
let passphraseFile: string;
let logged: string[];
let clock: number;
/** This test's folder on the remote: every test starts with an empty one. */
let shelf: string;

beforeEach(async () => {
  target = await freshTarget("routine");
  db = createDatabase(target);
  await migrateToLatest(db);
  const folder = mkdtempSync(join(tmpdir(), "shop-routine-"));
  root = join(folder, "backups");
  passphraseFile = join(folder, "backup.passphrase");
  writeFileSync(passphraseFile, "a passphrase only the owner keeps\n", { mode: 0o600 });
  logged = [];
  shelf = `shop-${randomBytes(6).toString("hex")}`;
  await placeOrder(
    db,
    {
      values: {
        address: "Rustaveli Ave 12",
        deliveryTime: "01.12.26",
        phone: PHONE,
        name: null,
        messenger: null,
        email: null,
      },
      cart: [{ key: "body/hemor-cream", qty: 2 }],
      language: "ka",
      token: `routine-${randomBytes(8).toString("hex")}`,
      titleLanguage: "ru",
    },
    { now: nightOf("2026-11-28"), phoneHashKey: PHONE_HASH_KEY },
  );
});

afterEach(async () => {
  await db.destroy();
});

/** The routine as the timer and the desk run it, on this test's remote and clock. */
function deps(remote: string | null, passphrase: string | null = passphraseFile): BackupDeps {
  return {
    target,
    now: () => clock,
    settings: { passphraseFile: passphrase, root, remote },
    secrets: SECRETS,
    log: {
      info: (line: string) => logged.push(line),
      error: (line: string) => logged.push(line),
    },
    remote: (path) => createRclone(path, { env: { ...process.env, RCLONE_CONFIG: rcloneConfig } }),
    scrypt: CHEAP,
  };
}

async function backUpOn(day: string, remote: string | null): Promise<BackupOutcome> {
  clock = nightOf(day);
  return runBackup(db, deps(remote));
}

/** The remote `:webdav` made on the fly, in this test's folder of the served one. */
const liveRemote = () => `:webdav,url='${webdav.url}':${shelf}`;
const remoteFolder = (sub: string) => join(webdav.served, shelf, sub);
const listed = (folder: string) => (existsSync(folder) ? readdirSync(folder).sort() : []);

function days(from: string, to: string): string[] {
  const list: string[] = [];
  for (let at = Date.parse(`${from}T12:00:00Z`); ; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    list.push(day);
    if (day === to) return list;
  }
}

describe(`the backup routine with a remote over rclone (${testEngine})`, () => {
  it("copies each checked, encrypted backup off the machine and rotates the remote by 14 days and 6 months", async () => {
    // What earlier nights left on the remote: 20 days of November, 8 months' first copies.
    const history = days("2026-11-05", "2026-11-24");
    mkdirSync(remoteFolder("daily"), { recursive: true });
    mkdirSync(remoteFolder("monthly"), { recursive: true });
    for (const day of history) writeFileSync(join(remoteFolder("daily"), `${day}.backup`), day);
    const months = ["04", "05", "06", "07", "08", "09", "10", "11"].map((m) => `2026-${m}`);
    for (const month of months)
      writeFileSync(join(remoteFolder("monthly"), `${month}.backup`), month);

    for (const day of ["2026-11-29", "2026-11-30", "2026-12-01"]) {
      const outcome = await backUpOn(day, liveRemote());
      expect(outcome).toMatchObject({
        kind: "done",
        day,
        file: join(root, "daily", `${day}.backup`),
        secrets: ["PHONE_HASH_KEY", "SESSION_SECRET"],
        remote: { kind: "copied", file: `daily/${day}.backup` },
      });
    }

    // The newest 14 days and the newest 6 months, the first of December linked in.
    expect(listed(remoteFolder("daily"))).toEqual(
      [...history.slice(-11), "2026-11-29", "2026-11-30", "2026-12-01"].map((d) => `${d}.backup`),
    );
    expect(listed(remoteFolder("monthly"))).toEqual(
      ["2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12"].map((m) => `${m}.backup`),
    );

    // What is there is the encrypted file itself, byte for byte, never a plain dump.
    const local = readFileSync(join(root, "daily", "2026-12-01.backup"));
    const copied = join(remoteFolder("daily"), "2026-12-01.backup");
    expect(readFileSync(copied).equals(local)).toBe(true);
    expect(readFileSync(join(remoteFolder("monthly"), "2026-12.backup")).equals(local)).toBe(true);
    expect(detectBackupFormat(copied)).toBe("encrypted");
    expect(local.subarray(0, 33).toString("latin1")).toBe("HERBAL-SHOP-BACKUP AES-256-GCM 2\n");
    for (const secret of [PHONE, PHONE.replace(/\D/g, ""), "Rustaveli", ...Object.values(SECRETS)])
      expect(local.includes(Buffer.from(secret)), secret).toBe(false);
    expect(statSync(join(root, "daily", "2026-12-01.backup")).mode & 0o777).toBe(0o600);
    expect(await checkBackup(copied, { passphraseFile })).toEqual({
      format: testEngine === "postgres" ? "pg_dump" : "sqlite",
      encrypted: true,
      orders: testEngine === "postgres" ? null : 1,
      secrets: ["PHONE_HASH_KEY", "SESSION_SECRET"],
    });

    // Recorded for the Health page and /metrics: three backups, three copies.
    const figures = await readShopFigures(db);
    expect(figures.lastBackupAt).toBe(nightOf("2026-12-01"));
    expect(figures.lastRemoteCopyAt).toBe(nightOf("2026-12-01"));
    expect(figures.remoteCopyFailure).toBeNull();
    const scraped = await scrapeShopFigures(db, nightOf("2026-12-01") + 3_600_000);
    expect(scraped.backupRemoteAgeSeconds).toBe(3600);
  }, 60_000);

  it("keeps the local backup when the remote is dead, and says so on Health and in /metrics", async () => {
    expect(await backUpOn("2026-11-29", liveRemote())).toMatchObject({
      remote: { kind: "copied" },
    });
    const token = randomBytes(12).toString("hex");
    const dead = `:webdav,url='http://127.0.0.1:${await freePort()}',bearer_token=${token}:${shelf}`;
    const outcome = await backUpOn("2026-11-30", dead);
    expect(outcome.kind).toBe("done");
    if (outcome.kind !== "done") return;
    expect(outcome.remote.kind).toBe("failed");
    const message = outcome.remote.kind === "failed" ? outcome.remote.message : "";
    expect(message).toMatch(/^rclone copyto on :webdav: failed \(exit \d+\): .*connection refused/);
    // The local backup is whole and opens; the remote still has only the first night.
    expect(await checkBackup(outcome.file, { passphraseFile })).toMatchObject({ encrypted: true });
    expect(listed(remoteFolder("daily"))).toEqual(["2026-11-29.backup"]);

    const figures = await readShopFigures(db);
    expect(figures.lastBackupAt).toBe(nightOf("2026-11-30"));
    expect(figures.lastRemoteCopyAt).toBe(nightOf("2026-11-29"));
    expect(figures.remoteCopyFailure).toEqual({ at: nightOf("2026-11-30"), error: message });
    expect((await scrapeShopFigures(db, nightOf("2026-11-30"))).backupRemoteAgeSeconds).toBe(
      86_400,
    );
    // The failure is logged, and neither the log nor the record holds the remote's password.
    expect(
      logged.some((line) => /copy of daily\/2026-11-30\.backup to :webdav: failed/.test(line)),
    ).toBe(true);
    for (const text of [...logged, message]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain("bearer_token");
    }

    // The next night with the remote back: the failure is behind it.
    await backUpOn("2026-12-01", liveRemote());
    expect((await readShopFigures(db)).remoteCopyFailure).toBeNull();
  }, 60_000);

  it("writes nothing, not even plain, without a passphrase file", async () => {
    clock = nightOf("2026-11-29");
    expect(await runBackup(db, deps(liveRemote(), null))).toEqual({ kind: "unconfigured" });
    expect(existsSync(root)).toBe(false);
    expect(listed(remoteFolder("daily"))).toEqual([]);
    expect((await readShopFigures(db)).lastBackupAt).toBeNull();
  });

  it("makes one night's backup for the shop when two servers' timers fire, and the next night's again", async () => {
    clock = nightOf("2026-11-29");
    const first = await runNightlyBackup(db, deps(liveRemote()), { holder: "shop-a" });
    clock += 4 * 60_000;
    const second = await runNightlyBackup(db, deps(liveRemote()), { holder: "shop-b" });
    expect(first.kind).toBe("done");
    expect(second).toEqual({ kind: "skipped", day: "2026-11-29", holder: "shop-a" });
    expect(logged).toContain(
      "The backup of 2026-11-29 is made by shop-a; this server (shop-b) leaves it to it.",
    );
    const runs = await db.selectFrom("backup_runs").select("finished_at").execute();
    expect(runs).toHaveLength(1);
    expect(listed(remoteFolder("daily"))).toEqual(["2026-11-29.backup"]);

    // The server that made it may make it again (an upgrade's backup); `again` on any.
    expect((await runNightlyBackup(db, deps(liveRemote()), { holder: "shop-a" })).kind).toBe(
      "done",
    );
    expect(
      (await runNightlyBackup(db, deps(liveRemote()), { holder: "shop-b", again: true })).kind,
    ).toBe("done");

    clock = nightOf("2026-11-30");
    const next = await runNightlyBackup(db, deps(liveRemote()), { holder: "shop-b" });
    expect(next.kind).toBe("done");
    expect(listed(remoteFolder("daily"))).toEqual(["2026-11-29.backup", "2026-11-30.backup"]);
    // Yesterday's claim is gone once it expired; only today's stands.
    clock = nightOf("2026-12-02");
    await runNightlyBackup(db, deps(liveRemote()), { holder: "shop-a" });
    const claims = await db
      .selectFrom("leases")
      .select("name")
      .where("name", "like", "backup-night:%")
      .execute();
    expect(claims.map((row) => row.name)).toEqual(["backup-night:2026-12-02"]);
  }, 60_000);

  it("gives the night back when its backup failed, so another server's timer makes it", async () => {
    clock = nightOf("2026-11-29");
    const failed = await runNightlyBackup(db, deps(null, join(root, "no-such.passphrase")), {
      holder: "shop-a",
    });
    expect(failed.kind).toBe("failed");
    const made = await runNightlyBackup(db, deps(null), { holder: "shop-b" });
    expect(made.kind).toBe("done");
  });

  it("restores the database and the secrets on an empty machine from the remote's copy", async () => {
    await backUpOn("2026-11-29", liveRemote());
    const fetched = join(remoteFolder("daily"), "2026-11-29.backup");

    // A new machine: an empty folder for the database and its secrets.
    const machine = mkdtempSync(join(tmpdir(), "shop-new-machine-"));
    const fresh = await freshTarget("restored");
    const databasePath = fresh.kind === "sqlite" ? fresh.path : join(machine, "shop.sqlite");
    const folder = fresh.kind === "sqlite" ? join(fresh.path, "..") : machine;
    const restored = await restoreShop(fetched, {
      target: fresh,
      databasePath,
      environment: {},
      force: false,
      passphraseFile,
    });
    expect(restored.orders).toBe(1);
    expect(restored.secretSteps.map((step) => step.action)).toEqual(["write", "write"]);
    for (const [name, file] of [
      ["SESSION_SECRET", "session.secret"],
      ["PHONE_HASH_KEY", "phone-hash.secret"],
    ] as const) {
      expect(readFileSync(join(folder, file), "utf8").trim()).toBe(SECRETS[name]);
      expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
    }
    const copy = createDatabase(fresh);
    try {
      const orders = await copy.selectFrom("orders").select(["phone", "address"]).execute();
      expect(orders).toEqual([{ phone: PHONE, address: "Rustaveli Ave 12" }]);
    } finally {
      await copy.destroy();
    }
  }, 60_000);

  it("never replaces different secrets without --force, and leaves what the environment sets", async () => {
    await backUpOn("2026-11-29", null);
    const file = join(root, "daily", "2026-11-29.backup");
    const other = await freshTarget("other-secrets");
    const machine = mkdtempSync(join(tmpdir(), "shop-other-machine-"));
    const databasePath = other.kind === "sqlite" ? other.path : join(machine, "shop.sqlite");
    const folder = other.kind === "sqlite" ? join(other.path, "..") : machine;
    mkdirSync(folder, { recursive: true });
    const theirs = randomBytes(32).toString("hex");
    writeFileSync(join(folder, "phone-hash.secret"), `${theirs}\n`, { mode: 0o600 });

    const options = { target: other, databasePath, environment: {}, passphraseFile };
    await expect(restoreShop(file, { ...options, force: false })).rejects.toThrow(
      /phone-hash\.secret differs from the backup's; nothing was restored\. Run again with --force/,
    );
    // Nothing changed: the secret is theirs, no session secret was written, no orders came.
    expect(readFileSync(join(folder, "phone-hash.secret"), "utf8").trim()).toBe(theirs);
    expect(existsSync(join(folder, "session.secret"))).toBe(false);
    const probe = createDatabase(other);
    try {
      const tables = (await probe.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain("orders");
    } finally {
      await probe.destroy();
    }

    // The environment sets the session secret: its file is left alone.
    const forced = await restoreShop(file, {
      ...options,
      environment: { SESSION_SECRET: "set-in-the-environment-".padEnd(40, "x") },
      force: true,
    });
    expect(forced.secretSteps).toEqual([
      { name: "PHONE_HASH_KEY", file: "phone-hash.secret", action: "replace" },
      { name: "SESSION_SECRET", file: "session.secret", action: "environment" },
    ]);
    expect(readFileSync(join(folder, "phone-hash.secret"), "utf8").trim()).toBe(
      SECRETS.PHONE_HASH_KEY,
    );
    expect(existsSync(join(folder, "session.secret"))).toBe(false);
  }, 60_000);
});

describe("what a restore does with each secret", () => {
  it("writes a missing one, keeps the same, refuses a different one unless forced", () => {
    const inBackup = { SESSION_SECRET: "a", PHONE_HASH_KEY: "b", SOMETHING_ELSE: "c" };
    expect(planSecrets({ inBackup, environment: {}, onDisk: {}, force: false })).toEqual([
      { name: "PHONE_HASH_KEY", file: "phone-hash.secret", action: "write" },
      { name: "SESSION_SECRET", file: "session.secret", action: "write" },
    ]);
    const onDisk = { SESSION_SECRET: "a", PHONE_HASH_KEY: "other" };
    expect(
      planSecrets({ inBackup, environment: {}, onDisk, force: false }).map((s) => s.action),
    ).toEqual(["conflict", "same"]);
    expect(
      planSecrets({ inBackup, environment: {}, onDisk, force: true }).map((s) => s.action),
    ).toEqual(["replace", "same"]);
    expect(
      planSecrets({
        inBackup,
        environment: { PHONE_HASH_KEY: "from the environment", SESSION_SECRET: null },
        onDisk,
        force: false,
      }).map((s) => s.action),
    ).toEqual(["environment", "same"]);
  });
});
