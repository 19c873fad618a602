import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer } from "../../scripts/shop-server.mjs";
import { freePort } from "./support/server";
import { expect, test } from "./support/test";

// In development React and Remix say what is wrong with a page (an unknown prop, a
// hydration mismatch) in the console; the production build says nothing. A developer
// who sees warnings on every page stops reading them, so none may appear.
const PAGES = [
  "/",
  "/catalog",
  "/catalog/body",
  "/catalog/body/hemor-cream",
  "/cart",
  "/checkout",
  "/about",
  "/privacy",
  "/no-such-page",
  "/desk/sign-in",
  "/?lng=ar",
  "/catalog/body/hemor-cream?lng=ka",
];

test.describe("in development", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the console speaks with scripts on");
  test.describe.configure({ timeout: 180_000 });

  let dev: Awaited<ReturnType<typeof spawnServer>>;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dev = await spawnServer(
      [
        "node_modules/@remix-run/dev/dist/cli.js",
        "vite:dev",
        "--host",
        "127.0.0.1",
        "--port",
        String(port),
        "--strictPort",
      ],
      {
        url: `${base}/healthz`,
        env: {
          NODE_ENV: "development",
          DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "shop-dev-")), "shop.sqlite"),
        },
      },
    );
  });

  test.afterAll(async () => {
    await dev?.stop();
  });

  test("no page warns in the browser's console", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("Failed to load resource")) return; // the 404 page, on purpose
      if (message.type() === "warning" || message.type() === "error") {
        warnings.push(`${page.url()}: ${message.text()}`);
      }
    });
    for (const path of PAGES) {
      await page.goto(`${base}${path}`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", {
        timeout: 60_000,
      });
    }
    expect(warnings).toEqual([]);
  });
});
