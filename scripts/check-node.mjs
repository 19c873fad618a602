// The shop runs on Node 24 LTS (D77): Node 20 has had no security fixes since
// April 2026, and better-sqlite3 13 needs Node 22 or later. Run first by `npm test` and
// `npm start`, so an older Node stops at once with what to do, not with a crash later.
// Written for any Node: nothing here may need a newer one.
const wanted = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < wanted) {
  console.error(
    [
      `This shop needs Node ${wanted} or later; this is Node ${process.versions.node}.`,
      "Install Node 24 LTS into a folder of its own and put it first on PATH:",
      "",
      "  NODE_HOME=$(sh scripts/install-node.sh)",
      '  export PATH="$NODE_HOME/bin:$PATH" npm_config_nodedir="$NODE_HOME"',
      "",
      '(README.md, "Set up"; on a server without npm: "Run it on a server", step 1.)',
    ].join("\n"),
  );
  process.exit(1);
}
