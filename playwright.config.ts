import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LaunchOptions, defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";

// The config is read by the runner and again by each worker; workers inherit the
// runner's environment, so the port and data folder chosen here are shared by all.
process.env.E2E_PORT ??= String(4100 + (process.pid % 800));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "shop-e2e-"));

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium, never a browser a tool downloads; quiet on a closed network. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  args: chromiumArgs,
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node server/index.mjs build/server/index.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATABASE_PATH: join(process.env.E2E_DATA_DIR, "shop.sqlite"),
      PUBLIC_URL: baseURL,
      // Every browser test comes from 127.0.0.1, one client to the shop; the limit has
      // tests of its own on servers of their own.
      ORDER_RATE_LIMIT: "0",
    },
  },
});
