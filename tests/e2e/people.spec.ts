import { type DeskShop, inviteLink, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { type FakeTelegram, startFakeTelegram } from "./support/fake-telegram";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

// An owner brings people into the desk from the desk itself (D23, D31): no shell needed.

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
const LINK = /\/desk\/sign-in\/[\w-]{40,}$/;

for (const lng of ["ka", "ar"] as const) {
  test(`an owner invites an owner at 375 px in ${lng}; the link signs them in once, as an owner`, async ({
    browser,
    javaScriptEnabled,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 375, height: 800 },
    });
    const page = await context.newPage();
    await signInToDesk(page, unique("Tamar"), undefined, "owner");
    await page.goto(`/desk/people?lng=${lng}`);
    const invite = page.locator("#invite");
    const nino = unique("Nino");
    await invite.getByLabel(text(lng, "desk", "people.invite.name")).fill(nino);
    await invite.getByLabel(text(lng, "desk", "people.role")).selectOption("owner");
    await invite.getByRole("button", { name: text(lng, "desk", "people.invite.submit") }).click();

    const field = invite.getByLabel(text(lng, "desk", "people.invite.link"));
    await expect(field).toHaveValue(LINK);
    const link = await field.inputValue();
    await expect(invite.locator(".desk-notice")).toContainText(nino);
    // The answer is where the eye is: focused with scripts, scrolled to without.
    if (javaScriptEnabled) await expect(invite.locator("[tabindex='-1']")).toBeFocused();
    else expect(new URL(page.url()).hash).toBe("#invite");
    await expect(field).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Shown once: the page read again does not show it, and lists the new owner.
    await page.goto(`/desk/people?lng=${lng}`);
    await expect(page.locator("#invite-link")).toHaveCount(0);
    await expect(page.locator(".desk-card", { hasText: nino })).toContainText(
      text(lng, "desk", "people.roles.owner"),
    );
    await page.goto(`/desk/activity?lng=${lng}`);
    await expect(
      page.getByText(text(lng, "desk", "activity.fields.invited")).first(),
    ).toBeVisible();

    const theirs = await browser.newContext({ javaScriptEnabled });
    const them = await theirs.newPage();
    await signInWith(them, link, nino);
    expect((await them.goto("/desk/settings"))?.status()).toBe(200);
    await them.goto(link);
    await expect(them.getByRole("button", { name: "Sign in" })).toHaveCount(0);
    await theirs.close();
    await context.close();
  });
}

test("inviting someone already in the desk gives a fresh link and keeps their role; a name is required", async ({
  browser,
  javaScriptEnabled,
}) => {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInToDesk(page, unique("Tamar"), undefined, "owner");
  const giorgi = unique("Giorgi");
  inviteLink(giorgi);
  await page.goto("/desk/people?lng=en");
  const invite = page.locator("#invite");
  // Spaces only: the browser's `required` does not catch it, the server does.
  await invite.getByLabel("Name").fill("   ");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("alert")).toHaveText("Please enter the person's name.");

  await invite.getByLabel("Name").fill(giorgi);
  await invite.getByLabel("Role").selectOption("owner");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.locator(".desk-notice")).toContainText(
    `${giorgi} is already on the team (Staff); their role stays the same.`,
  );
  const link = await invite.getByLabel("Sign-in link").inputValue();
  const theirs = await browser.newContext({ javaScriptEnabled });
  const them = await theirs.newPage();
  await signInWith(them, link, giorgi);
  expect((await them.goto("/desk/settings"))?.status()).toBe(403);
  await theirs.close();
  await context.close();
});

test("staff cannot invite anyone", async ({ browser, javaScriptEnabled }) => {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInToDesk(page, unique("Levan"), undefined, "staff");
  const answer = await page.request.post("/desk/people", {
    form: { intent: "invite", name: unique("Intruder"), role: "owner" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(answer.status()).toBe(403);
  await context.close();
});

test.describe("a shop of its own", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side; once is enough");

  let telegram: FakeTelegram;
  let shop: ShopServer | null = null;
  test.afterEach(async () => {
    await shop?.stop();
    shop = null;
    await telegram?.stop();
  });

  test("a new shop says once how to invite the first owner; the invitation reaches the desk chats and no log", async ({
    browser,
  }) => {
    telegram = await startFakeTelegram();
    const env = {
      WEB_CONCURRENCY: "2",
      TELEGRAM_BOT_TOKEN: "626262:TEST-people-token-0123456789",
      TELEGRAM_CHAT_IDS: "-100333",
      TELEGRAM_API_URL: telegram.url,
    };
    shop = await startShop(env);
    const hint = /No owner can sign in to the desk yet\. Invite the first one/g;
    const hintCommand = 'npm run desk:invite -- --name \\"Your name\\" --role owner';
    await expect.poll(() => shop?.output().match(hint)?.length ?? 0).toBe(1);
    expect(shop.output()).toContain(hintCommand);

    const owner: DeskShop = { url: shop.url, dir: shop.dir };
    const context = await browser.newContext({ baseURL: shop.url });
    const page = await context.newPage();
    await signInToDesk(page, "Tamar", owner, "owner");
    await page.goto("/desk/people?lng=en");
    const invite = page.locator("#invite");
    await invite.getByLabel("Name").fill("Nino");
    await invite.getByRole("button", { name: "Invite" }).click();
    const link = await invite.getByLabel("Sign-in link").inputValue();
    await expect(invite).toContainText("The link was also sent to the desk chats.");
    const sent = telegram.delivered.find((message) => message.text.includes(link));
    expect(sent?.chat_id).toBe("-100333");
    // The chats read Russian until the owner sets their language.
    expect(sent?.text).toContain(text("ru", "desk", "people.roles.staff"));
    const token = link.split("/").at(-1) ?? "";
    expect(shop.output()).not.toContain(token);
    await context.close();

    // With an owner, a restart says nothing of it (it would say it as the first worker
    // starts listening).
    await shop.stop();
    shop = await startShop(env, owner.dir);
    await expect.poll(() => shop?.output().match(/The shop is listening/g)?.length ?? 0).toBe(2);
    expect(shop.output()).not.toMatch(hint);
  });
});

/** Opens a sign-in link and presses the button, as the invited person does. */
async function signInWith(page: import("@playwright/test").Page, link: string, name: string) {
  await page.goto(`${link}?lng=en`);
  if (test.info().project.use.javaScriptEnabled !== false)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
}
