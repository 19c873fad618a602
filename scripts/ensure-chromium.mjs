// The browser tests drive Debian's Chromium. Install it when it is missing and we may
// (root); otherwise say exactly what to install.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath as chromium } from "./chromium.mjs";

if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log(`${chromium} is missing: installing Debian's chromium…`);
    execSync("apt-get update && apt-get install -y chromium", {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } else {
    console.error(`The browser tests need Debian's Chromium at ${chromium}.
Install it with:  sudo apt-get install -y chromium
(or set CHROMIUM_PATH to another Chromium binary).`);
    process.exit(1);
  }
}
