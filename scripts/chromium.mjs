// Debian's Chromium, never a browser a tool downloads, and the flags that keep it quiet
// on a closed network: shared by the browser tests, `npm run lighthouse`, the flag
// renderer and the check that installs it.

/** The Chromium binary to drive. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for every run: no sandbox (root in CI), no GPU, no calls home. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
