import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Every file a run writes (databases, backups, photos, servers' folders) goes under one
 * folder of its own, removed when the run ends: the workers inherit TMPDIR, which
 * `os.tmpdir()` reads.
 */
export default function setup() {
  const folder = mkdtempSync(join(tmpdir(), "shop-unit-"));
  process.env.TMPDIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
