// `npm run lighthouse`: Lighthouse (mobile preset) in Debian's Chromium for the main
// pages in ru and ar, against the production build on a temporary database. Writes the
// four category scores and the metrics behind performance (FCP, LCP, TBT in ms; CLS) to
// bench/lighthouse.json and prints them. Fails (exit 1) when a page's layout shift is over
// 0.01 (D74): nothing on a page may move while it loads.
import { mkdirSync, writeFileSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";
import { startShop } from "./shop-server.mjs";

const shop = await startShop();
const { url } = shop;

const chrome = await launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
const cart = `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`;
const results = [];
try {
  for (const language of ["ru", "ar"]) {
    for (const path of [
      "/",
      "/catalog",
      "/catalog/body/hemor-cream",
      "/cart",
      "/checkout",
      "/about",
      "/privacy",
    ]) {
      const audit = () =>
        lighthouse(`${url}${path}?lng=${language}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: { Cookie: `lng=${language}; ${cart}` },
        });
      // A run whose trace failed (Lighthouse's runtime error, or no paint recorded on this
      // shared machine) is measured again once; its error is kept with the result.
      const failed = (run) =>
        run?.lhr.runtimeError?.code ?? run?.lhr.audits["first-contentful-paint"]?.errorMessage;
      let run = await audit();
      const firstError = failed(run);
      if (firstError) run = await audit();
      const categories = run?.lhr.categories ?? {};
      const audits = run?.lhr.audits ?? {};
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      /** A metric as Lighthouse's simulated slow phone measured it, in ms. */
      const ms = (id) => Math.round(audits[id]?.numericValue ?? Number.NaN);
      results.push({
        page: `${path} (${language})`,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        fcp: ms("first-contentful-paint"),
        lcp: ms("largest-contentful-paint"),
        tbt: ms("total-blocking-time"),
        cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
        ...(firstError ? { retriedAfter: String(firstError) } : {}),
        ...(failed(run) ? { error: String(failed(run)) } : {}),
      });
    }
  }
} finally {
  await chrome.kill();
  await shop.stop();
}
mkdirSync("bench", { recursive: true });
writeFileSync(
  "bench/lighthouse.json",
  `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
);
console.table(results);
const CLS_LIMIT = 0.01;
const moving = results.filter((result) => !(result.cls <= CLS_LIMIT));
if (moving.length > 0) {
  console.error(
    `Layout shift over ${CLS_LIMIT}: ${moving.map((result) => `${result.page} ${result.cls}`).join(", ")}`,
  );
  process.exitCode = 1;
}
