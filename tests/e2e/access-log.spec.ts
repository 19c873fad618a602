import { baseURL } from "../../playwright.config";
import { openShopDatabase } from "./support/db";
import { signInToDesk, uniquePhone } from "./support/desk";
import { placeOrderOverHttp } from "./support/order-over-http";
import { uniqueAddress } from "./support/shop";
import { expect, test } from "./support/test";

// D35: every desk page that shows an order's phone, address or name records who read which
// orders. The desk's guard hands each page the recorder with its session, so this walks
// every such page and reads the log the owner reads.

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side; once is enough");

/** The access log's entries of one person, oldest first. */
function entriesOf(actor: string) {
  const db = openShopDatabase();
  try {
    return db
      .prepare("select action, orders from access_log where actor = ? order by id")
      .all(actor) as Array<{ action: string; orders: string }>;
  } finally {
    db.close();
  }
}

test("every desk page that shows a shopper's phone or address records who read which orders", async ({
  page,
}) => {
  const phone = uniquePhone();
  const number = await placeOrderOverHttp(baseURL, uniqueAddress("Access lane"), phone);
  const actor = `Keti ${Math.random().toString(36).slice(2, 8)}`;
  await signInToDesk(page, actor, undefined, "owner");
  const db = openShopDatabase();
  const { delivery_date: deliveryDate } = db
    .prepare("select delivery_date from orders where order_number = ?")
    .get(Number(number)) as { delivery_date: string };
  db.close();
  const [dd, mm, yy] = deliveryDate.split(".");
  const day = `20${yy}-${mm}-${dd}`;

  const pages: Array<[path: string, action: string, showsTheOrder: boolean]> = [
    [`/desk/orders/${number}`, "order", true],
    [`/desk/orders/${number}/edit`, "edit", true],
    [`/desk/orders/${number}/slip`, "slip", true],
    [`/desk/slips?order=${number}`, "slip", true],
    [`/desk?q=${encodeURIComponent(phone)}`, "search", true],
    ["/desk/export.csv", "csv", true],
    // A new order is not handed over yet: the hand-off and the cash list other parcels,
    // and are recorded all the same.
    [`/desk/handoff?day=${day}`, "handoff", false],
    [`/desk/cash?day=${day}`, "cash", false],
  ];
  for (const [path, action, showsTheOrder] of pages) {
    const before = entriesOf(actor).length;
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    const entries = entriesOf(actor).slice(before);
    expect(
      entries.map((entry) => entry.action),
      path,
    ).toEqual([action]);
    if (showsTheOrder) expect(entries[0]?.orders.split(","), path).toContain(number);
  }

  // The owner reads it in the access log, in words.
  await page.goto(`/desk/privacy/access?lng=en&order=${number}`);
  for (const words of ["opened the order", "opened the order's correction", "searched"])
    await expect(page.getByText(words).first()).toBeVisible();
});
