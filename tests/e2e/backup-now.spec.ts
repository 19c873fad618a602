import { type ChildProcess, spawn } from "node:child_process";
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
import type { Page } from "@playwright/test";
import { signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { startShop } from "./support/server";
import { expect, test } from "./support/test";

// The owners' `Back up now` on the Health page (D79): the nightly routine run by
// the shop's own process, on a server of its own with its backups' settings, the copy
// going to `rclone serve webdav` on loopback. With and without JavaScript, on a phone.
test.describe.configure({ mode: "serial" });

const PHONE_SCREEN = { width: 375, height: 800 };
/** A dictionary text up to its first placeholder: what a reader sees whatever the values. */
const lead = (language: string, key: string) => text(language, "desk", key).split("{{")[0] ?? "";

let webdav: { child: ChildProcess; url: string; served: string; exited: Promise<unknown> };
let rcloneConfig: string;

test.beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), "shop-e2e-remote-"));
  const served = join(folder, "served");
  mkdirSync(served);
  rcloneConfig = join(folder, "rclone.conf");
  writeFileSync(rcloneConfig, "");
  const child = spawn(
    "rclone",
    ["serve", "webdav", served, "--addr", "127.0.0.1:0", "--config", rcloneConfig],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const started = /started on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (started?.[1]) resolve(started[1]);
    });
    child.once("exit", () => reject(new Error(`rclone serve webdav ended:\n${output}`)));
  });
  webdav = { child, url, served, exited };
});

test.afterAll(async () => {
  if (webdav?.child.pid) {
    process.kill(webdav.child.pid, "SIGTERM");
    await webdav.exited;
  }
});

/** A shop of its own whose backups go to `root` and, with `remote`, to the WebDAV server. */
async function backedUpShop(options: { passphrase: boolean; shelf: string }) {
  const dir = mkdtempSync(join(tmpdir(), "shop-backup-now-"));
  const root = join(dir, "backups");
  const passphraseFile = join(dir, "backup.passphrase");
  writeFileSync(passphraseFile, "what only the owner keeps\n", { mode: 0o600 });
  const shop = await startShop(
    {
      BACKUP_ROOT: root,
      BACKUP_REMOTE: `:webdav,url='${webdav.url}':${options.shelf}`,
      RCLONE_CONFIG: rcloneConfig,
      ...(options.passphrase ? { BACKUP_PASSPHRASE_FILE: passphraseFile } : {}),
    },
    dir,
  );
  return { shop, dir, root };
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE_SCREEN.width,
  );
}

async function settled(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

test("an owner backs up now in Georgian and Arabic on a phone; the copy goes off the server; staff cannot", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const shelf = `shop-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  const { shop, dir, root } = await backedUpShop({ passphrase: true, shelf });
  try {
    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Tamar", { url: shop.url, dir }, "owner");

    await page.goto(`${shop.url}/desk/health?lng=ka`);
    await settled(page, javaScriptEnabled);
    const remote = page.locator('[data-figure="remote"]');
    await expect(remote.locator(".desk-figure__value")).toHaveText(
      text("ka", "desk", "health.remoteNone"),
    );
    await expect(page.locator('[data-figure="backup"] .desk-figure__value')).toHaveText(
      text("ka", "desk", "health.backupNone"),
    );
    await page.getByRole("button", { name: text("ka", "desk", "health.backupNow") }).click();
    const result = page.locator("[data-backup-result]");
    await expect(result).toHaveAttribute("data-backup-result", "done");
    await expect(result).toContainText(lead("ka", "health.backupDone"));
    await expect(result).toContainText(text("ka", "desk", "health.backupCopied"));
    // The figures now tell of it: a backup less than an hour old, and its copy.
    await expect(page.locator('[data-figure="backup"] .desk-figure__value')).toHaveText(
      text("ka", "desk", "health.backupRecent"),
    );
    await expect(remote.locator(".desk-figure__value")).toHaveText(
      text("ka", "desk", "health.backupRecent"),
    );
    await fitsThePhone(page);

    // The files: one encrypted backup here, the same bytes on the remote.
    const [name] = readdirSync(join(root, "daily"));
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}\.backup$/);
    const local = readFileSync(join(root, "daily", name ?? ""));
    expect(local.subarray(0, 18).toString("latin1")).toBe("HERBAL-SHOP-BACKUP");
    const copied = join(webdav.served, shelf, "daily", name ?? "");
    expect(readFileSync(copied).equals(local)).toBe(true);

    // Right to left, the same press again: the day's file is replaced by a newer one.
    await page.goto(`${shop.url}/desk/health?lng=ar`);
    await settled(page, javaScriptEnabled);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: text("ar", "desk", "health.backupNow") }).click();
    await expect(result).toHaveAttribute("data-backup-result", "done");
    await expect(result).toContainText(lead("ar", "health.backupDone"));
    await expect(result).toContainText(text("ar", "desk", "health.backupCopied"));
    await fitsThePhone(page);
    expect(readdirSync(join(root, "daily"))).toEqual([name]);

    // Staff neither see the page nor may press.
    const before = statSync(join(root, "daily", name ?? "")).mtimeMs;
    const context = await browser.newContext();
    try {
      const staff = await context.newPage();
      await signInToDesk(staff, "Giorgi", { url: shop.url, dir }, "staff");
      expect((await staff.goto(`${shop.url}/desk/health`))?.status()).toBe(403);
      const posted = await staff.request.post(`${shop.url}/desk/health`, {
        form: { intent: "backup" },
        headers: { Origin: shop.url },
      });
      expect(posted.status()).toBe(403);
    } finally {
      await context.close();
    }
    expect(statSync(join(root, "daily", name ?? "")).mtimeMs).toBe(before);
  } finally {
    await shop.stop();
  }
});

test("without a passphrase file the button says what to set, and writes nothing", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const shelf = `shop-unset-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  const { shop, dir, root } = await backedUpShop({ passphrase: false, shelf });
  try {
    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Nino", { url: shop.url, dir }, "owner");
    await page.goto(`${shop.url}/desk/health?lng=ka`);
    await settled(page, javaScriptEnabled);
    await page.getByRole("button", { name: text("ka", "desk", "health.backupNow") }).click();
    const result = page.getByRole("alert").filter({ hasText: "BACKUP_PASSPHRASE_FILE" });
    await expect(result).toHaveText(text("ka", "desk", "health.backupUnconfigured"));
    await fitsThePhone(page);
    expect(existsSync(root)).toBe(false);
    expect(existsSync(join(webdav.served, shelf))).toBe(false);
  } finally {
    await shop.stop();
  }
});
