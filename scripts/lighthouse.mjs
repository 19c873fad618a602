// `npm run lighthouse`: Lighthouse (mobile preset) in Debian's Chromium for the main
// pages in ru and ar, against the production build on a temporary database. Writes the
// four category scores to bench/lighthouse.json and prints them.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const port = await new Promise((resolve) => {
  const probe = createServer();
  probe.listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const url = `http://127.0.0.1:${port}`;
const shop = spawn(
  process.execPath,
  ["node_modules/@remix-run/serve/dist/cli.js", "build/server/index.js"],
  {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "shop-lh-")), "shop.sqlite"),
    },
    stdio: "ignore",
  },
);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {}
  if (i > 300) throw new Error("The shop did not start");
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const cart = `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`;
const results = [];
try {
  for (const language of ["ru", "ar"]) {
    for (const path of ["/", "/catalog", "/catalog/body/hemor-cream", "/cart", "/checkout"]) {
      const run = await lighthouse(`${url}${path}?lng=${language}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        extraHeaders: { Cookie: `lng=${language}; ${cart}` },
      });
      const categories = run?.lhr.categories ?? {};
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      results.push({
        page: `${path} (${language})`,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
      });
    }
  }
} finally {
  await chrome.kill();
  shop.kill("SIGTERM");
}
mkdirSync("bench", { recursive: true });
writeFileSync(
  "bench/lighthouse.json",
  `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
);
console.table(results);
