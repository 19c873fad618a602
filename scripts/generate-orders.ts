// `npm run orders:generate -- --count 100000 [--database PATH] [--days 1095] [--seed N] [--force]`:
// writes COUNT realistic orders (D88) into the shop's database (DATABASE_PATH, or
// DATABASE_URL for PostgreSQL; `--database` names a SQLite file instead), spread over the
// days ending at the shop's today. For measuring, never for a shop that sells: it refuses
// under NODE_ENV=production, and refuses a database that already has orders unless
// `--force` says to add to them.
import { parseArgs } from "node:util";
import { systemClock } from "../app/platform/clock";
import { databaseTarget, getConfig } from "../app/platform/config.server";
import { RealOrdersError, generateOrders } from "./orders-generator";

const usage =
  "Usage: npm run orders:generate -- --count N [--database PATH] [--days 1095] [--seed N] [--force]";
let values: { count?: string; database?: string; days?: string; seed?: string; force?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      count: { type: "string" },
      database: { type: "string" },
      days: { type: "string" },
      seed: { type: "string" },
      force: { type: "boolean" },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error(usage);
  process.exit(2);
}
if (process.env.NODE_ENV === "production" && !values.force) {
  console.error(
    "NODE_ENV is production: generated orders would mix with a shop's real ones. Refused (--force to insist).",
  );
  process.exit(1);
}
if (values.database) {
  process.env.DATABASE_PATH = values.database;
  Reflect.deleteProperty(process.env, "DATABASE_URL");
}
const config = getConfig();
const target = databaseTarget(config);
try {
  const result = await generateOrders(target, {
    count,
    now: systemClock(),
    phoneHashKey: config.phoneHashKey,
    days: values.days ? Number(values.days) : undefined,
    seed: values.seed ? Number(values.seed) : undefined,
    force: values.force,
    retention: config.retention,
    onProgress: (written) => process.stderr.write(`\r${written} orders…`),
  });
  process.stderr.write("\n");
  console.log(
    `${result.orders} orders (${result.customers} phones, ${result.items} lines, ${result.events} events, ${result.handoffs} hand-offs, ${result.courierDays} cash days) in ${(result.ms / 1000).toFixed(1)} s`,
  );
} catch (error) {
  if (error instanceof RealOrdersError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
