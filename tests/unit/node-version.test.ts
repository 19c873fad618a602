import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const check = (node: string) =>
  spawnSync(node, ["scripts/check-node.mjs"], { cwd: root, encoding: "utf8" });

/** The machine's own Node, when it is older than the shop's (Debian's, before CI's). */
const olderNode = ["/usr/bin/node", "/usr/local/bin/node"].find((node) => {
  const version = spawnSync(node, ["-p", "process.versions.node"], { encoding: "utf8" });
  return version.status === 0 && Number(version.stdout.split(".")[0]) < 24;
});

describe("Node 24 LTS (D77)", () => {
  it("is what package.json asks for and what runs the tests", () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
    expect(pkg.engines.node).toBe(">=24");
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
    expect(check(process.execPath).status).toBe(0);
  });

  it.runIf(olderNode)("stops npm test and npm start on an older Node, saying how to get 24", () => {
    const result = check(olderNode ?? "");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^This shop needs Node 24 or later; this is Node 2?\d\./);
    expect(result.stderr).toContain("sh scripts/install-node.sh");
    const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
    for (const script of ["test", "test:unit", "test:unit:postgres", "test:e2e"])
      expect(pkg.scripts[script], script).toMatch(/^node scripts\/check-node\.mjs && /);
    expect(readFileSync(`${root}scripts/start.mjs`, "utf8")).toMatch(
      /^import "\.\/check-node\.mjs";$/m,
    );
  });
});
