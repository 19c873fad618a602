// `npm run desk:invite -- --name NAME`: creates the staff member NAME (or finds them) and
// prints a one-time sign-in address for the desk, valid for 15 minutes. Uses the same
// settings as the server (DATABASE_PATH, PUBLIC_URL, PORT).
// `npm run desk:invite -- --disable NAME`: NAME can no longer sign in; signed out everywhere.
import { parseArgs } from "node:util";
import {
  SIGN_IN_LINK_TTL_MS,
  cleanStaffName,
  createSignInLink,
  disableStaff,
  findOrCreateStaff,
} from "../app/desk/auth.server";
import { systemClock } from "../app/platform/clock";
import { databaseTarget, parseConfig } from "../app/platform/config.server";
import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const usage = 'Usage: npm run desk:invite -- --name "Staff name"   (or --disable "Staff name")';
let values: { name?: string; disable?: string };
try {
  ({ values } = parseArgs({
    options: { name: { type: "string" }, disable: { type: "string" } },
    strict: true,
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}

const config = parseConfig(process.env);
const db = createDatabase(databaseTarget(config));
try {
  await migrateToLatest(db);
  const now = systemClock();
  if (values.disable !== undefined) {
    const name = cleanStaffName(values.disable);
    if (!name || !(await disableStaff(db, name, now))) {
      console.error(`No staff member is called "${values.disable}".`);
      process.exitCode = 1;
    } else {
      console.log(`${name} can no longer sign in and has been signed out everywhere.`);
    }
  } else {
    const name = cleanStaffName(values.name ?? "");
    if (!name) {
      console.error(usage);
      process.exitCode = 2;
    } else {
      const staff = await findOrCreateStaff(db, name, now);
      if (staff.disabled_at !== null) {
        console.error(`${name} is disabled and cannot sign in.`);
        process.exitCode = 1;
      } else {
        const token = await createSignInLink(db, staff.id, now);
        const origin = config.publicUrl ?? `http://localhost:${config.port}`;
        console.log(
          `Sign-in link for ${staff.name} (works once, for ${SIGN_IN_LINK_TTL_MS / 60_000} minutes):`,
        );
        console.log(`${origin}/desk/sign-in/${token}`);
      }
    }
  }
} finally {
  await db.destroy();
}
