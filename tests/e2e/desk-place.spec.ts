import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { type DeskShop, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { expect, test } from "./support/test";

/**
 * A press on a card low on a long desk list brings the page back to that card (or, when
 * the press took the card off the list, to its neighbour), never to the top: reviews,
 * people, blocked numbers and data requests, on a phone in Georgian and Arabic, with and
 * without JavaScript.
 */
const PHONE = { width: 375, height: 667 };
const CARDS = 9;

test.describe("desk lists keep their place", () => {
  let server: ShopServer | undefined;
  let shop: DeskShop;
  let order = 0;

  test.beforeAll(async () => {
    server = await startShop({ ORDER_RATE_LIMIT: "0" });
    shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
    const number = await placeOrderOverHttp(shop.url, "თბილისი, ჭავჭავაძის 1");
    order = write((db) => {
      const row = db.prepare("select id from orders where order_number = ?").get(Number(number));
      return (row as { id: number }).id;
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const write = <T>(work: (db: Database.Database) => T): T => {
    const db = new Database(shop.databasePath ?? "", { fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      return work(db);
    } finally {
      db.close();
    }
  };

  /** The card is on the screen and the page is not at its top. */
  const keptPlace = async (page: Page, card: Locator) => {
    await expect(card).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  };

  for (const lng of ["ka", "ar"] as const) {
    const t = (key: string) => text(lng, "desk", key);

    test(`reviews, people, blocked numbers and requests at 375 px in ${lng}`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.setTimeout(120_000);
      const tag = `${lng}-${javaScriptEnabled ? "js" : "nojs"}`;
      const now = new Date().toISOString();
      write((db) => {
        for (let index = 0; index < CARDS; index++) {
          db.prepare(
            "insert into reviews (order_id, item_key, rating, body, author, language, created_at) values (?, ?, 5, ?, ?, ?, ?)",
          ).run(
            order,
            `body/${tag}-${index}`,
            "კარგი მალამოა. ".repeat(4),
            `R${tag}${index}`,
            lng,
            now,
          );
          db.prepare("insert into staff (name, created_at, role) values (?, ?, 'staff')").run(
            `P${tag}${index}`,
            now,
          );
          db.prepare(
            "insert into blocked_phones (phone, reason, blocked_by, created_at) values (?, ?, 'Nino', ?)",
          ).run(
            `+995 5${lng === "ka" ? 1 : 2}${javaScriptEnabled ? 1 : 2} 000 00${index}`,
            `B${tag}${index}`,
            now,
          );
          db.prepare(
            "insert into privacy_requests (received_on, kind, subject, created_at, created_by) values (?, 'access', ?, ?, 'Nino')",
          ).run(now.slice(0, 10), `Q${tag}${index}`, now);
        }
      });
      await page.setViewportSize(PHONE);
      await signInToDesk(page, `Nino ${tag}`, shop, "owner");
      const settled = async () => {
        if (javaScriptEnabled)
          await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      };
      const card = (name: string) => page.locator("li.desk-card").filter({ hasText: name });
      /** The first list's cards, and the words that name the one `from` the end. */
      const cards = page.locator("ul.desk-cards").first().locator("> li");
      const named = async (fromEnd: number, name: string) =>
        (
          (await cards
            .nth((await cards.count()) - fromEnd)
            .locator(name)
            .textContent()) ?? ""
        ).trim();

      // Reviews: a reply saved on the last review but one comes back to it.
      await page.goto(`${shop.url}/desk/reviews?lng=${lng}`);
      await settled();
      const low = card(await named(2, "h2"));
      const after = card(await named(1, "h2"));
      await low.getByLabel(t("reviews.reply")).fill("მადლობა!");
      await low.getByRole("button", { name: t("reviews.saveReply") }).click();
      await expect(page.getByText(t("reviews.done.reply")).first()).toBeVisible();
      await keptPlace(page, low);
      await settled();
      // Published, it leaves the waiting tab: the review after it takes its place.
      await low.getByRole("button", { name: t("reviews.publish") }).click();
      await expect(low).toHaveCount(0);
      await keptPlace(page, after);
      await settled();

      // People: locking the last of this run's people comes back to their card.
      await page.goto(`${shop.url}/desk/people?lng=${lng}`);
      await settled();
      const name = (await card(`P${tag}`).last().locator("h2").textContent())?.trim() ?? "";
      const person = card(name);
      const words = (key: string) => t(key).replace("{{name}}", name);
      await person.getByRole("button", { name: words("people.lock") }).click();
      await expect(person.getByRole("button", { name: words("people.unlock") })).toBeVisible();
      await keptPlace(page, person);
      await settled();

      // Blocked numbers: the last card but one unblocked, its neighbour is on the screen.
      await page.goto(`${shop.url}/desk/blocked?lng=${lng}`);
      await settled();
      const gone = card(await named(2, "q"));
      const next = card(await named(1, "q"));
      await gone.getByRole("button").click();
      await expect(gone).toHaveCount(0);
      await keptPlace(page, next);
      await settled();

      // Data requests: back from a request low on the list, the list shows its card.
      await page.goto(`${shop.url}/desk/privacy?lng=${lng}`);
      await settled();
      const request = card(await named(1, "h3"));
      await request.getByRole("link").click();
      await settled();
      await page.locator(".desk-page > p").first().getByRole("link").click();
      await keptPlace(page, request);
    });
  }
});
