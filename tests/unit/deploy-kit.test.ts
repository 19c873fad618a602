import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { planRotation, rotateBackups } from "../../deploy/rotate-backups.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");

/** A command's exit status and output; null status when it could not be run at all. */
function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

const caddy = run("caddy", ["version"]).status === 0;

describe.skipIf(!caddy)("deploy/Caddyfile (caddy installed)", () => {
  // `caddy validate` adapts the file and provisions every module (the TLS automation
  // with it) but starts none: no certificate is asked for and no port is opened, so it
  // runs offline. HOME and the XDG folders point into a temporary folder, so nothing of
  // this machine's Caddy is read or written.
  const home = mkdtempSync(join(tmpdir(), "shop-caddy-"));
  const env = {
    SHOP_DOMAIN: "shop.test.example",
    HOME: home,
    XDG_DATA_HOME: join(home, "data"),
    XDG_CONFIG_HOME: join(home, "config"),
  };

  it("is a valid configuration", () => {
    const result = run(
      "caddy",
      ["validate", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"],
      env,
    );
    expect(result.stderr + result.stdout).toMatch(/Valid configuration/);
    expect(result.status).toBe(0);

    // The same check refuses a file with a mistake in it.
    const broken = join(home, "Caddyfile");
    writeFileSync(
      broken,
      read("deploy/Caddyfile").replace("\treverse_proxy 127", "\treverse_prxy 127"),
    );
    const refused = run("caddy", ["validate", "--config", broken, "--adapter", "caddyfile"], env);
    expect(refused.status).not.toBe(0);
  });

  it("serves the domain over automatic https and proxies everything to the shop, uncompressed", () => {
    const result = run(
      "caddy",
      ["adapt", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"],
      env,
    );
    expect(result.status).toBe(0);
    const config = JSON.parse(result.stdout);
    const servers = Object.values(config.apps.http.servers) as Array<{
      listen: string[];
      routes: Array<{ match: Array<{ host: string[] }>; handle: unknown[] }>;
      automatic_https?: { disable?: boolean };
    }>;
    expect(servers).toHaveLength(1);
    const [server] = servers;
    expect(server?.listen).toEqual([":443"]);
    expect(server?.automatic_https?.disable ?? false).toBe(false);
    expect(server?.routes[0]?.match).toEqual([{ host: ["shop.test.example"] }]);

    // One handler for every path (/metrics included: the shop guards it with its token),
    // and no `encode`: the shop's own gzip and brotli reach the browser as they are.
    const handlers = [...JSON.stringify(server).matchAll(/"handler":"(\w+)"/g)].map((m) => m[1]);
    expect(handlers).toEqual(["subroute", "reverse_proxy"]);
    expect(JSON.stringify(server)).toMatch(/"upstreams":\[\{"dial":"127\.0\.0\.1:3000"\}\]/);
  });
});

describe.skipIf(!caddy)("deploy/Caddyfile.several (caddy installed)", () => {
  const home = mkdtempSync(join(tmpdir(), "shop-caddy-"));
  const env = {
    SHOP_DOMAIN: "shop.test.example",
    SHOP_UPSTREAMS: "10.0.0.11:3000 10.0.0.12:3000",
    HOME: home,
    XDG_DATA_HOME: join(home, "data"),
    XDG_CONFIG_HOME: join(home, "config"),
  };

  it("is valid as a deployer sets it, with and without a balancer in front", () => {
    const settings: Array<Record<string, string>> = [{}, { SHOP_TRUSTED_PROXIES: "10.0.0.2/32" }];
    for (const extra of settings) {
      const result = run(
        "caddy",
        ["validate", "--config", "deploy/Caddyfile.several", "--adapter", "caddyfile"],
        { ...env, ...extra },
      );
      expect(result.stderr + result.stdout).toMatch(/Valid configuration/);
    }
  });

  it("spreads requests over every host, checks their health and trusts only the named balancer", () => {
    const adapt = (extra: Record<string, string>) => {
      const result = run(
        "caddy",
        ["adapt", "--config", "deploy/Caddyfile.several", "--adapter", "caddyfile"],
        { ...env, ...extra },
      );
      expect(result.status).toBe(0);
      return JSON.stringify(JSON.parse(result.stdout));
    };
    const direct = adapt({});
    expect(direct).toContain('"upstreams":[{"dial":"10.0.0.11:3000"},{"dial":"10.0.0.12:3000"}]');
    expect(direct).toContain('"uri":"/healthz"');
    expect(direct).toContain('"passive":{');
    expect(direct).toContain('"try_duration":10000000000');
    expect(direct).not.toContain("trusted_proxies");
    expect(adapt({ SHOP_TRUSTED_PROXIES: "10.0.0.2/32" })).toContain(
      '"trusted_proxies":["10.0.0.2/32"]',
    );
  });
});

it.runIf(!caddy)("deploy/Caddyfile: caddy is not installed, so it was not validated", () => {
  console.warn("Skipped: caddy validate (apt-get install -y caddy)");
});

const nft = run("nft", ["--version"]).status === 0;

describe.skipIf(!nft)("deploy/nftables.conf (nft installed)", () => {
  // `nft -c` parses the file and checks it against the kernel without applying anything.
  it("is a valid ruleset that lets in only ssh, http and https (TCP, and UDP for HTTP/3)", () => {
    const result = run("nft", ["-c", "-f", "deploy/nftables.conf"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const rules = read("deploy/nftables.conf");
    expect(rules).toMatch(
      /chain input \{\n\s+type filter hook input priority filter; policy drop;/,
    );
    const accepted = [...rules.matchAll(/^\s+(tcp|udp) dport (.+) accept$/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(accepted).toEqual([
      ["tcp", "{ 22, 80, 443 }"],
      ["udp", "443"],
    ]);
    // The check refuses a broken file, so the empty output above means something.
    const folder = mkdtempSync(join(tmpdir(), "shop-nft-"));
    writeFileSync(join(folder, "broken.conf"), rules.replace("policy drop;", "policy dorp;"));
    expect(run("nft", ["-c", "-f", join(folder, "broken.conf")]).status).not.toBe(0);
  });
});

it.runIf(!nft)("deploy/nftables.conf: nft is not installed, so it was not checked", () => {
  console.warn("Skipped: nft -c (apt-get install -y nftables)");
});

/**
 * Whether `systemd-analyze verify` works here (systemd need not be PID 1): it must accept a
 * unit that is right and refuse one that is not.
 */
function systemdVerifies(): boolean {
  const folder = mkdtempSync(join(tmpdir(), "shop-units-probe-"));
  writeFileSync(join(folder, "good.service"), "[Service]\nExecStart=/bin/true\n");
  writeFileSync(join(folder, "bad.service"), "[Service]\nExecStart=/nonexistent/binary\n");
  const good = run("systemd-analyze", ["verify", join(folder, "good.service")]);
  const bad = run("systemd-analyze", ["verify", join(folder, "bad.service")]);
  return good.status === 0 && good.stderr === "" && bad.status !== null && bad.status !== 0;
}

const UNITS = [
  "herbal-shop.service",
  "herbal-shop-backup.service",
  "herbal-shop-backup.timer",
  "herbal-shop-failure@.service",
];

describe.skipIf(!systemdVerifies())("deploy/ units (systemd-analyze verify works here)", () => {
  // The units name the checkout as /srv/herbal-shop and Node as /usr/local/bin/node (README
  // links it there), which this machine need not have: copies with this checkout and this
  // Node let verify check that every command they run exists and is executable
  // (deploy/backup.sh included). Any message at all,
  // an unknown or malformed option included, fails the test: verify itself exits 0 then.
  it("verify without a single message", () => {
    const folder = mkdtempSync(join(tmpdir(), "shop-units-"));
    for (const unit of UNITS)
      writeFileSync(
        join(folder, unit),
        read(`deploy/${unit}`)
          .replaceAll("/srv/herbal-shop", root.replace(/\/$/, ""))
          .replaceAll("/usr/local/bin/node", process.execPath),
      );
    const result = run(
      "systemd-analyze",
      ["verify", ...UNITS.map((unit) => join(folder, unit))],
      {},
    );
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);

    // A misspelt option is reported, so the empty output above means something.
    writeFileSync(
      join(folder, UNITS[0] ?? ""),
      read("deploy/herbal-shop.service").replace("NoNewPrivileges", "NoNewPrivilege"),
    );
    const misspelt = run("systemd-analyze", ["verify", join(folder, UNITS[0] ?? "")]);
    expect(misspelt.stderr).toMatch(/Unknown key 'NoNewPrivilege'/);
  });
});

it.runIf(!systemdVerifies())("deploy/ units: systemd-analyze verify does not work here", () => {
  console.warn("Skipped: systemd-analyze verify does not run on this machine");
});

describe("deploy/herbal-shop.service", () => {
  const unit = read("deploy/herbal-shop.service");
  const options = (name: string) =>
    [...unit.matchAll(new RegExp(`^${name}=(.*)$`, "gm"))].map((match) => match[1]);

  it("runs the built server as its own user, drains on SIGTERM and keeps the JIT working", () => {
    expect(options("User")).toEqual(["herbal-shop"]);
    expect(options("ExecStart")).toEqual([
      "/usr/local/bin/node server/index.mjs build/server/index.js",
    ]);
    expect(options("EnvironmentFile")).toEqual(["/etc/herbal-shop/env"]);
    expect(options("Restart")).toEqual(["on-failure"]);
    expect(options("KillSignal")).toEqual(["SIGTERM"]);
    expect(options("ExecReload")[0]).toMatch(/kill -HUP "\$\$MAINPID"/);
    // The data, and the backups an owner's `Back up now` writes (BACKUP_ROOT in env.example).
    expect(options("ReadWritePaths")).toEqual(["/var/lib/herbal-shop /var/backups/herbal-shop"]);
    expect(options("CapabilityBoundingSet")).toEqual([""]);
    expect(options("UMask")).toEqual(["0077"]);
    expect(options("MemoryDenyWriteExecute")).toEqual([]);
  });
});

describe("deploy/ units on failure", () => {
  it("both services name the kit's failure unit, which writes one error line to the journal", () => {
    for (const unit of ["herbal-shop.service", "herbal-shop-backup.service"])
      expect(read(`deploy/${unit}`), unit).toMatch(/^OnFailure=herbal-shop-failure@%n\.service$/m);
    const failure = read("deploy/herbal-shop-failure@.service");
    expect(failure).toMatch(/^SyslogIdentifier=herbal-shop-failure$/m);
    expect(failure).toMatch(/^SyslogLevel=err$/m);
    expect(failure).toMatch(/^ExecStart=\/bin\/echo "%i failed\. /m);
  });
});

describe("deploy/shop", () => {
  // As the service's user: here the user running the tests, so no runuser is needed
  // (on a server, root runs it and runuser changes the user).
  const user = userInfo().username;
  const shopCommand = (envFile: string, args: string[]) =>
    run("sh", ["deploy/shop", ...args], { SHOP_USER: user, SHOP_ENV_FILE: envFile });

  it("runs a shop command with the environment file read as systemd reads it", () => {
    const folder = mkdtempSync(join(tmpdir(), "shop-wrapper-"));
    // A folder name with a space and a dollar sign: the value must arrive as written.
    const data = join(folder, "data $HOME x");
    mkdirSync(data);
    const envFile = join(folder, "env");
    writeFileSync(
      envFile,
      [
        "# The shop's environment",
        "",
        `DATABASE_PATH=${join(data, "shop.sqlite")}`,
        '  PUBLIC_URL="https://shop.test.example"',
        "; an old-style comment",
      ].join("\n"),
    );
    const result = shopCommand(envFile, [
      "desk:invite",
      "--name",
      "Nino Beridze",
      "--role",
      "owner",
    ]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Sign-in link for Nino Beridze, owner /m);
    expect(result.stdout).toMatch(/^https:\/\/shop\.test\.example\/desk\/sign-in\/[\w-]{40,}$/m);
    expect(existsSync(join(data, "shop.sqlite"))).toBe(true);
    // A whole command starts here (the TypeScript runner, the migrations): more than the
    // default 5 s when the machine is busy, as it was once a year ahead in a full run.
  }, 30_000);

  it("refuses what is not a shop command, and the development ones", () => {
    const envFile = join(mkdtempSync(join(tmpdir(), "shop-wrapper-")), "env");
    writeFileSync(envFile, "PORT=3000\n");
    const unknown = shopCommand(envFile, ["desk:invent"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/The shop has no command "desk:invent"/);
    expect(shopCommand(envFile, ["test"]).status).toBe(2);
    expect(shopCommand(envFile, []).status).toBe(2);
  });
});

describe("deploy/env.example", () => {
  const template = read("deploy/env.example");
  /** KEY=value lines, set or commented out. */
  const listed = new Set([...template.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const set = Object.fromEntries(
    [...template.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]),
  );

  it("lists every variable config.server.ts reads, and those the server and backups read", () => {
    const config = read("app/platform/config.server.ts");
    const schema = /^const variables = v\.object\(\{\n([\s\S]*?)\n\}\);/m.exec(config)?.[1] ?? "";
    const keys = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(20);
    expect(keys).toContain("TRUST_PROXY");
    expect(keys).toEqual(
      expect.arrayContaining(["BACKUP_PASSPHRASE_FILE", "BACKUP_ROOT", "BACKUP_REMOTE"]),
    );
    // Read outside the schema: the address the server binds.
    expect(read("server/serve.mjs")).toMatch(/process\.env\.HOST\b/);
    const missing = [...keys, "HOST"].filter((key) => !listed.has(key));
    expect(missing).toEqual([]);
  });

  it("is a valid configuration for one proxy on loopback, with the data and passphrase in place", () => {
    expect(() => parseConfig(set, "/srv/herbal-shop")).not.toThrow();
    const config = parseConfig(set, "/srv/herbal-shop");
    expect(config.trustProxy).toBe(true);
    expect(config.trustProxyHops).toBe(1);
    expect(config.databasePath).toBe("/var/lib/herbal-shop/shop.sqlite");
    expect(config.webConcurrency).toBeGreaterThanOrEqual(2);
    expect(set.HOST).toBe("127.0.0.1");
    expect(config.backup).toEqual({
      passphraseFile: "/etc/herbal-shop/backup.passphrase",
      root: "/var/backups/herbal-shop",
      remote: null,
    });
    // The folder both units may write (ReadWritePaths), and where a server's backups go
    // by default too.
    expect(parseConfig({ ...set, BACKUP_ROOT: "", NODE_ENV: "production" }).backup.root).toBe(
      "/var/backups/herbal-shop",
    );
    expect(set.NODE_ENV).toBeUndefined();
  });
});

describe("deploy/journald-herbal-shop.conf", () => {
  // journald has no validator; these are the options of journald.conf(5) in systemd 252.
  const KNOWN = new Set(
    "Storage Compress Seal SplitMode SyncIntervalSec RateLimitIntervalSec RateLimitBurst SystemMaxUse SystemKeepFree SystemMaxFileSize SystemMaxFiles RuntimeMaxUse RuntimeKeepFree RuntimeMaxFileSize RuntimeMaxFiles MaxFileSec MaxRetentionSec ForwardToSyslog ForwardToKMsg ForwardToConsole ForwardToWall TTYPath MaxLevelStore MaxLevelSyslog MaxLevelKMsg MaxLevelConsole MaxLevelWall LineMax ReadKMsg Audit".split(
      " ",
    ),
  );

  it("sets known [Journal] options only, with the limits that rotate the logs", () => {
    const lines = read("deploy/journald-herbal-shop.conf")
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("#"));
    expect(lines[0]).toBe("[Journal]");
    const options = Object.fromEntries(lines.slice(1).map((line) => line.split("=", 2)));
    for (const key of Object.keys(options)) expect(KNOWN.has(key), key).toBe(true);
    expect(options.SystemMaxUse).toMatch(/^\d+[KMGT]?$/);
    expect(options.MaxRetentionSec).toMatch(/^\d+(day|week|month|h|min|s)?$/);
    expect(options.Storage).toBe("persistent");
  });
});

describe("deploy/rotate-backups.mjs", () => {
  /** Every day from `from` to `to`, YYYY-MM-DD, by the calendar (no clock involved). */
  function days(from: string, to: string): string[] {
    const list: string[] = [];
    for (let at = Date.parse(`${from}T00:00:00Z`); ; at += 86_400_000) {
      const day = new Date(at).toISOString().slice(0, 10);
      list.push(day);
      if (day === to) return list;
    }
  }

  function backupFolder() {
    const dir = mkdtempSync(join(tmpdir(), "shop-rotation-"));
    mkdirSync(join(dir, "daily"));
    mkdirSync(join(dir, "monthly"));
    return dir;
  }

  it("keeps the newest 14 of 60 daily backups and the first of each month", () => {
    const dir = backupFolder();
    const all = days("2026-08-01", "2026-09-29");
    expect(all).toHaveLength(60);
    for (const day of all) writeFileSync(join(dir, "daily", `${day}.backup`), day);

    rotateBackups(dir, "2026-09-29");
    expect(readdirSync(join(dir, "daily")).sort()).toEqual(
      days("2026-09-16", "2026-09-29").map((day) => `${day}.backup`),
    );
    expect(readdirSync(join(dir, "monthly")).sort()).toEqual(["2026-08.backup", "2026-09.backup"]);
    expect(readFileSync(join(dir, "monthly", "2026-08.backup"), "utf8")).toBe("2026-08-01");
    expect(readFileSync(join(dir, "monthly", "2026-09.backup"), "utf8")).toBe("2026-09-01");
  });

  it("run every night for seven months, keeps 14 days and the newest 6 months' first backups", () => {
    const dir = backupFolder();
    // The server was off on 1 June and from 1 to 3 July: those months begin later.
    const off = new Set(["2026-06-01", "2026-07-01", "2026-07-02", "2026-07-03"]);
    for (const day of days("2026-03-10", "2026-09-25")) {
      if (off.has(day)) continue;
      writeFileSync(join(dir, "daily", `${day}.backup`), day);
      rotateBackups(dir, day);
    }
    expect(readdirSync(join(dir, "daily")).sort()).toEqual(
      days("2026-09-12", "2026-09-25").map((day) => `${day}.backup`),
    );
    const monthly = readdirSync(join(dir, "monthly")).sort();
    expect(monthly).toEqual([
      "2026-04.backup",
      "2026-05.backup",
      "2026-06.backup",
      "2026-07.backup",
      "2026-08.backup",
      "2026-09.backup",
    ]);
    expect(monthly.map((name) => readFileSync(join(dir, "monthly", name), "utf8"))).toEqual([
      "2026-04-01",
      "2026-05-01",
      "2026-06-02",
      "2026-07-04",
      "2026-08-01",
      "2026-09-01",
    ]);
  });

  it("decides from names only: future days, strangers and impossible dates are left alone", () => {
    const daily = [
      ...days("2026-01-01", "2026-01-20").map((day) => `${day}.backup`),
      "2026-12-31.backup",
      "2026-02-30.backup",
      "notes.txt",
      "2026-01-05.backup.bak",
      ".2026-01-20.backup.0a1b2c3d.plain",
      ".2026-01-19.backup.deadbeef.partial",
    ];
    const plan = planRotation({ daily, monthly: ["2025-12.backup"], today: "2026-01-20" });
    expect(plan.link).toEqual([{ daily: "2026-01-01.backup", monthly: "2026-01.backup" }]);
    expect(plan.removeDaily).toEqual([
      ".2026-01-19.backup.deadbeef.partial",
      ".2026-01-20.backup.0a1b2c3d.plain",
      "2026-01-01.backup",
      "2026-01-02.backup",
      "2026-01-03.backup",
      "2026-01-04.backup",
      "2026-01-05.backup",
      "2026-01-06.backup",
    ]);
    expect(plan.removeMonthly).toEqual([]);
    expect(() => planRotation({ daily, monthly: [], today: "2026-13-01" })).toThrow(/today/);
  });

  it("runs as a command on a folder", () => {
    const dir = backupFolder();
    for (const day of days("2026-05-01", "2026-05-20"))
      writeFileSync(join(dir, "daily", `${day}.backup`), day);
    const result = run(process.execPath, [
      "deploy/rotate-backups.mjs",
      dir,
      "--today",
      "2026-05-20",
    ]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/kept monthly\/2026-05\.backup; removed 6 daily/);
    expect(result.status).toBe(0);
    expect(readdirSync(join(dir, "daily"))).toHaveLength(14);
    expect(existsSync(join(dir, "monthly", "2026-05.backup"))).toBe(true);
    expect(run(process.execPath, ["deploy/rotate-backups.mjs"]).status).toBe(2);
    expect(
      run(process.execPath, ["deploy/rotate-backups.mjs", dir, "--today", "yesterday"]).status,
    ).toBe(1);
  });

  it("is what the nightly routine runs, the same as the desk's Back up now", () => {
    // deploy/backup.sh runs the routine (backup, check, this rotation, the remote's copy
    // and its rotation: tests/unit/backup-routine.test.ts); so does the shop's process.
    const script = read("deploy/backup.sh");
    expect(script).toMatch(/^set -eu$/m);
    expect(script).toMatch(/^exec node_modules\/\.bin\/vite-node .* scripts\/backup-daily\.ts$/m);
    expect(read("scripts/backup-daily.ts")).toMatch(/\brunNightlyBackup\(/);
    expect(read("app/shop.server.ts")).toMatch(/\bcreateBackups\(/);
    expect(read("app/platform/backups.server.ts")).toMatch(
      /\brotateBackups\(settings\.root, day\)/,
    );
    expect(read("deploy/herbal-shop-backup.service")).toMatch(
      /^ExecStart=\/srv\/herbal-shop\/deploy\/backup\.sh$/m,
    );
  });
});
