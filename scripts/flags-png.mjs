// Renders public/flags/*.svg to PNG (48×32, twice the shown size) for browsers that
// cannot show the SVG. Run after changing a flag: node scripts/flags-png.mjs
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

const dir = new URL("../public/flags/", import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 48, height: 32 } });
for (const file of readdirSync(dir).filter((name) => name.endsWith(".svg"))) {
  const svg = readFileSync(join(dir, file), "utf8");
  await page.setContent(
    `<html><body style="margin:0"><img style="display:block;width:48px;height:32px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}"></body></html>`,
  );
  await page.screenshot({ path: join(dir, file.replace(/\.svg$/, ".png")), omitBackground: true });
}
await browser.close();
