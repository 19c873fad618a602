import { execFileSync } from "node:child_process";

/**
 * Runs ./delivery-day-seed.ts (the shop's own placeOrder, status change and couriers)
 * against a shop's SQLite file: `seed` stores zones, places and confirms orders in them and
 * adds a courier; `deliver` marks orders delivered. Answers the script's JSON.
 */
export function seedDelivery<T>(input: Record<string, unknown>): T {
  const output = execFileSync(
    process.execPath,
    [
      "node_modules/vite-node/vite-node.mjs",
      "--config",
      "vitest.config.ts",
      "tests/e2e/support/delivery-day-seed.ts",
      JSON.stringify(input),
    ],
    { encoding: "utf8" },
  );
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as T;
}
