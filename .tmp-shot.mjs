import { execFileSync } from "node:child_process";
import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:4610";
const out = execFileSync(
  process.execPath,
  [
    "node_modules/vite-node/vite-node.mjs",
    "--config",
    "vitest.config.ts",
    "scripts/desk-invite.ts",
    "--name",
    "Nino",
    "--role",
    "owner",
  ],
  {
    env: { ...process.env, DATABASE_PATH: "/tmp/shopdev/shop.sqlite", PUBLIC_URL: base },
    encoding: "utf8",
  },
);
const link = out.trim().split("\n").at(-1);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const lang = process.argv[2] || "ka";
const width = Number(process.argv[3] || 375);
const page = await browser.newPage({
  viewport: { width, height: 667 },
  javaScriptEnabled: process.argv[4] !== "nojs",
});
await page.goto(`${link}?lng=${lang}`);
await page.locator("form button[type=submit]").last().click();
await page.waitForURL(/\/desk$/);
await page.goto(`${base}/desk${process.argv[5] || ""}`);
await page.screenshot({ path: `/tmp/shopdev/list-${lang}-${width}.png` });
const first = await page.locator(".desk-order").first().boundingBox();
console.log("first card", first);
await browser.close();
