import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { baseURL } from "../../../playwright.config";
import { expect, test } from "./test";

function shopDatabasePath(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set");
  return join(dir, "shop.sqlite");
}

/**
 * A shop under test: its address and the database it keeps (a SQLite file, given by
 * itself or by the folder a test's own shop runs in, or PostgreSQL).
 */
export interface DeskShop {
  url: string;
  dir?: string;
  databasePath?: string;
  databaseUrl?: string;
}

/** The shop of playwright.config.ts, unless a test started one of its own. */
function defaultShop(): DeskShop {
  return { url: baseURL, databasePath: shopDatabasePath() };
}

/** Runs `npm run desk:invite -- ARGS` against a shop; returns what it printed. */
function deskInvite(args: string[], shop: DeskShop): string {
  return execFileSync(
    process.execPath,
    [
      "node_modules/vite-node/vite-node.mjs",
      "--config",
      "vitest.config.ts",
      "scripts/desk-invite.ts",
      ...args,
    ],
    {
      env: {
        ...process.env,
        ...(shop.databaseUrl
          ? { DATABASE_URL: shop.databaseUrl }
          : {
              DATABASE_PATH:
                shop.databasePath ??
                (shop.dir ? join(shop.dir, "shop.sqlite") : shopDatabasePath()),
            }),
        PUBLIC_URL: shop.url,
      },
      encoding: "utf8",
    },
  );
}

/**
 * Runs `npm run desk:invite -- --name NAME [--role ROLE]` against the shop under test;
 * returns the link. People are staff unless the role says owner (D31).
 */
export function inviteLink(
  name: string,
  shop: DeskShop = defaultShop(),
  role?: "owner" | "staff",
): string {
  const output = deskInvite(["--name", name, ...(role ? ["--role", role] : [])], shop);
  const link = output.trim().split("\n").at(-1) ?? "";
  expect(link).toMatch(new RegExp(`^${shop.url}/desk/sign-in/[\\w-]{40,}$`));
  return link;
}

/** Runs `npm run desk:invite -- --disable NAME`: NAME can no longer sign in. */
export function disableStaffMember(name: string, shop: DeskShop = defaultShop()): void {
  deskInvite(["--disable", name], shop);
}

/** Signs a staff member in the way a person does: open the link, press the button. */
export async function signInToDesk(
  page: Page,
  name: string,
  shop: DeskShop = defaultShop(),
  role?: "owner" | "staff",
): Promise<void> {
  await page.goto(`${inviteLink(name, shop, role)}?lng=en`);
  // With scripts, press once the page has hydrated, as elsewhere in the suite: a press
  // mid-hydration still signs in (the form posts), but React 18 once threw its error #345
  // ("root did not complete") into the page as it went.
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/desk$/);
  await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
}

/** Opens the bar's menu of the person signed in (passkeys, sign out), unless it is open. */
export async function openAccountMenu(page: Page): Promise<void> {
  const menu = page.locator(".desk-bar__who");
  if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open)))
    await menu.locator("summary").click();
}

/**
 * Opens a section of the desk as a person does: from the strip of sections, or on a phone
 * (720 px or less) from the sections menu, opened first. Waits for the sections to be on
 * the page: with scripts the address changes before the page it leads to has rendered
 * (right after signing in, the sign-in page still shows), and a menu looked for then is
 * not there, so it was never opened and its links never showed.
 */
export async function openDeskSection(page: Page, name: string): Promise<void> {
  const nav = page.locator(".desk-nav");
  await expect(nav).toBeVisible();
  const menu = nav.locator(".desk-nav__menu");
  if (await menu.isVisible()) {
    if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open)))
      await menu.locator("summary").click();
    await expect(menu).toHaveJSProperty("open", true);
  }
  await nav.getByRole("link", { name, exact: true }).click();
}

/** A phone number no other test uses, so a search finds exactly one shopper. */
export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return `+995 5${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)}`;
}

/** Changes the shop's database directly: ages links and sessions as time would. */
export function writeShopDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(shopDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}
