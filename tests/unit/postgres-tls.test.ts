import { spawnSync } from "node:child_process";
import { appendFileSync, chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDatabase, checkBackup } from "../../db/backup";
import { createDatabase } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { postgresBinaries } from "../../scripts/postgres.mjs";
import { freePort } from "../../scripts/shop-server.mjs";
import { testEngine } from "./support/database";

// README, "Several servers": PostgreSQL on its own machine, reached over TLS that the shop
// verifies (`sslmode=verify-full` and the server's certificate authority in
// `sslrootcert`), a password role, and a pg_hba.conf that lets nothing in unencrypted.
// Proved here on a cluster of its own, set up the way the README says, once per run
// (not again in the PostgreSQL or the year-ahead pass).
const bin = postgresBinaries();
const once = testEngine === "sqlite" && !process.env.TEST_CLOCK_SHIFT_DAYS;
const PASSWORD = "a long password of the shop role";

let dir: string;
let port: number;
let stop: () => void = () => {};

function run(command: string, args: string[], options: { as?: string } = {}): string {
  const asRoot = userInfo().uid === 0 && options.as;
  const result = spawnSync(
    asRoot ? "runuser" : command,
    asRoot ? ["-u", options.as as string, "--", command, ...args] : args,
    { encoding: "utf8" },
  );
  if (result.status !== 0)
    throw new Error(`${command} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** A certificate authority of the shop's own and the server's certificate it signed. */
function certificates(folder: string, name: string, hosts: string): void {
  const file = (suffix: string) => join(folder, `${name}${suffix}`);
  run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-days",
    "3650",
    "-subj",
    `/CN=${name} authority`,
    "-keyout",
    file("-ca.key"),
    "-out",
    file("-ca.crt"),
  ]);
  run("openssl", [
    "req",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-subj",
    "/CN=localhost",
    "-keyout",
    file(".key"),
    "-out",
    file(".csr"),
  ]);
  writeFileSync(file(".ext"), `subjectAltName=${hosts}\n`);
  run("openssl", [
    "x509",
    "-req",
    "-in",
    file(".csr"),
    "-CA",
    file("-ca.crt"),
    "-CAkey",
    file("-ca.key"),
    "-CAcreateserial",
    "-days",
    "3650",
    "-extfile",
    file(".ext"),
    "-out",
    file(".crt"),
  ]);
}

describe.skipIf(!bin || !once)("PostgreSQL on another machine, over verified TLS", () => {
  beforeAll(async () => {
    const tools = bin as string;
    dir = mkdtempSync("/tmp/shop-pg-tls-");
    chmodSync(dir, 0o777);
    certificates(dir, "server", "DNS:localhost,IP:127.0.0.1");
    certificates(dir, "stranger", "DNS:localhost,IP:127.0.0.1");
    const data = join(dir, "data");
    const owner = userInfo().uid === 0 ? "postgres" : undefined;
    writeFileSync(join(dir, "pw"), `${PASSWORD}\n`);
    chmodSync(join(dir, "pw"), 0o644);
    run(
      join(tools, "initdb"),
      [
        "-D",
        data,
        "-U",
        "postgres",
        "--auth-local=trust",
        "--auth-host=scram-sha-256",
        "--pwfile",
        join(dir, "pw"),
        "--no-sync",
      ],
      { as: owner },
    );
    // The server's key, readable by the server alone (PostgreSQL refuses it otherwise).
    run("cp", [join(dir, "server.key"), join(dir, "server.crt"), data]);
    if (owner) run("chown", [owner, join(data, "server.key"), join(data, "server.crt")]);
    chmodSync(join(data, "server.key"), 0o600);
    port = await freePort();
    appendFileSync(
      join(data, "postgresql.conf"),
      "ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\nssl_min_protocol_version = 'TLSv1.2'\npassword_encryption = 'scram-sha-256'\n",
    );
    // README's pg_hba.conf: the app servers' addresses over TLS with a password, nothing
    // else from the network; the local socket for the administrator.
    writeFileSync(
      join(data, "pg_hba.conf"),
      [
        "local   all          all                       trust",
        "hostssl herbal_shop  herbal_shop  127.0.0.1/32 scram-sha-256",
        "host    all          all          127.0.0.1/32 reject",
        "",
      ].join("\n"),
    );
    run(
      join(tools, "pg_ctl"),
      [
        "-D",
        data,
        "-l",
        join(dir, "log"),
        "-w",
        "-o",
        `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off`,
        "start",
      ],
      { as: owner },
    );
    stop = () =>
      run(join(tools, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], { as: owner });
    const psql = (statement: string) =>
      run(
        join(tools, "psql"),
        [
          "-h",
          dir,
          "-p",
          String(port),
          "-U",
          "postgres",
          "-d",
          "postgres",
          "-v",
          "ON_ERROR_STOP=1",
          "-c",
          statement,
        ],
        { as: owner },
      );
    psql(`CREATE ROLE herbal_shop LOGIN PASSWORD '${PASSWORD}'`);
    psql("CREATE DATABASE herbal_shop OWNER herbal_shop");
  }, 60_000);

  afterAll(() => {
    try {
      stop();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  const url = (query: string, password = PASSWORD) =>
    `postgres://herbal_shop:${encodeURIComponent(password)}@localhost:${port}/herbal_shop${query}`;
  const verified = () => `?sslmode=verify-full&sslrootcert=${join(dir, "server-ca.crt")}`;

  it("migrates and serves over TLS it verified, and pg_dump backs it up encrypted on the same address", async () => {
    const target = { kind: "postgres" as const, url: url(verified()), poolSize: 2 };
    const db = createDatabase(target);
    try {
      await migrateToLatest(db);
      const row = await sql<{
        ssl: boolean;
      }>`select ssl from pg_stat_ssl where pid = pg_backend_pid()`.execute(db);
      expect(row.rows[0]?.ssl).toBe(true);
      expect(await db.selectFrom("orders").select("id").execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
    const passphraseFile = join(dir, "backup.passphrase");
    writeFileSync(passphraseFile, "the owner's passphrase\n", { mode: 0o600 });
    const file = join(dir, "tls.backup");
    await backupDatabase(target, file, { passphraseFile, scrypt: { log2N: 10, r: 8, p: 1 } });
    const checked = await checkBackup(file, { passphraseFile });
    expect(checked).toMatchObject({ format: "pg_dump", encrypted: true });
  }, 60_000);

  it("refuses a connection without TLS, a server it cannot verify and a wrong password", async () => {
    const refused = async (address: string) => {
      const db = createDatabase({ kind: "postgres", url: address, poolSize: 1 });
      try {
        await sql`select 1`.execute(db);
        return "connected";
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      } finally {
        await db.destroy();
      }
    };
    expect(await refused(url(""))).toMatch(/no encryption|rejects connection/);
    expect(
      await refused(url(`?sslmode=verify-full&sslrootcert=${join(dir, "stranger-ca.crt")}`)),
    ).toMatch(/certificate/);
    expect(await refused(url(verified(), "a guess"))).toMatch(/password authentication failed/);
  }, 30_000);
});
