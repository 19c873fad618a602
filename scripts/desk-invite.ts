// `npm run desk:invite -- --name NAME [--role owner|staff]`: creates the staff member NAME
// (or finds them) and prints a one-time sign-in address for the desk, valid for 15
// minutes. A new person is staff unless `--role owner` says otherwise; an existing
// person's role changes only when `--role` is given (recorded in the activity trail as
// done from the command line). Uses the same settings as the server (DATABASE_PATH,
// PUBLIC_URL, PORT).
// `npm run desk:invite -- --disable NAME`: NAME can no longer sign in; signed out everywhere.
import { parseArgs } from "node:util";
import {
  SIGN_IN_LINK_TTL_MS,
  cleanStaffName,
  createSignInLink,
  disableStaff,
  findOrCreateStaff,
  setRoleFromCommandLine,
} from "../app/desk/auth.server";
import { isStaffRole } from "../app/desk/people.server";
import { systemClock } from "../app/platform/clock";
import { databaseTarget, parseConfig } from "../app/platform/config.server";
import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

const usage =
  'Usage: npm run desk:invite -- --name "Staff name" [--role owner|staff]   (or --disable "Staff name")';
let values: { name?: string; disable?: string; role?: string };
try {
  ({ values } = parseArgs({
    options: { name: { type: "string" }, disable: { type: "string" }, role: { type: "string" } },
    strict: true,
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}
if (values.role !== undefined && !isStaffRole(values.role)) {
  console.error(`--role must be "owner" or "staff", not "${values.role}".\n${usage}`);
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
      const staff = await findOrCreateStaff(db, name, now, values.role ?? "staff");
      if (isStaffRole(values.role) && staff.role !== values.role) {
        await setRoleFromCommandLine(db, staff, values.role, now);
        staff.role = values.role;
      }
      if (staff.disabled_at !== null) {
        console.error(`${name} is disabled and cannot sign in.`);
        process.exitCode = 1;
      } else {
        const token = await createSignInLink(db, staff.id, now);
        const origin = config.publicUrl ?? `http://localhost:${config.port}`;
        console.log(
          `Sign-in link for ${staff.name}, ${staff.role} (works once, for ${SIGN_IN_LINK_TTL_MS / 60_000} minutes):`,
        );
        console.log(`${origin}/desk/sign-in/${token}`);
      }
    }
  }
} finally {
  await db.destroy();
}
