import { join } from "node:path";
import Database from "better-sqlite3";
import { parseCash } from "../../app/couriers/model";
import { languages } from "../../app/i18n/languages";
import { addDays, formatShopDate, parseShortDate, toIsoDate } from "../../app/platform/calendar";
import { violations } from "./support/axe";
import { type DeskShop, signInToDesk } from "./support/desk";
import { text } from "./support/dictionary";
import { placeOrderOverHttp } from "./support/order-over-http";
import { type ShopServer, startShop } from "./support/server";
import { deliveryDate } from "./support/shop";
import { expect, test } from "./support/test";

const ka = (key: string, values: Record<string, string | number> = {}) =>
  text("ka", "desk", key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? ""),
  );
const PHONE_SCREEN = { width: 375, height: 667 };

/**
 * The other half of a cash-on-delivery day, on a phone in Georgian, with and without
 * JavaScript: two couriers take the day's parcels from the hand-off with manifests; one
 * delivers all but a refusal and a "not home" (moved to the next day), the other brings
 * 50 GEL short; the cash page shows each courier's figures; the days close; the owner's
 * numbers equal what this test works out from the orders; an Instagram visit's order
 * counts under instagram.
 */
test.describe("couriers, cash and the owner's numbers", () => {
  let server: ShopServer | undefined;
  let shop: DeskShop;

  test.beforeAll(async () => {
    server = await startShop({ ORDER_RATE_LIMIT: "0" });
    shop = { url: server.url, databasePath: join(server.dir, "shop.sqlite") };
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const read = <T>(sql: string, ...params: unknown[]): T[] => {
    const db = new Database(shop.databasePath ?? "", { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };

  test("two couriers' day from hand-off to closed cash, and the numbers", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Nino", shop, "owner");
    const settled = async () => {
      if (javaScriptEnabled)
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    };

    // The owner adds two couriers.
    for (const [name, phone] of [
      ["ლევანი", "0599 11 11 11"],
      ["დათო", "599 222 222"],
    ]) {
      await page.goto(`${shop.url}/desk/couriers?lng=ka`);
      await settled();
      const form = page.locator("form").filter({ has: page.locator("#courier-add") });
      await form.getByLabel(ka("couriers.name")).fill(name ?? "");
      await form.getByLabel(ka("couriers.phone")).fill(phone ?? "");
      await form.getByRole("button", { name: ka("couriers.addButton") }).click();
      await expect(page.locator(".desk-card").filter({ hasText: name ?? "" })).toBeVisible();
    }
    await expect(page.locator(".desk-card").first().getByLabel(ka("couriers.phone"))).toHaveValue(
      "+995 599 222 222",
    );

    // Eight orders for tomorrow, the first from a visit that came from Instagram.
    const numbers: string[] = [];
    for (let index = 0; index < 8; index++)
      numbers.push(
        await placeOrderOverHttp(
          shop.url,
          `თბილისი, ჭავჭავაძის ${index + 1}`,
          `+995 599 30 ${String(index).padStart(2, "0")} 0${index}`,
          undefined,
          index === 0 ? "/?utm_source=instagram&utm_medium=story" : undefined,
        ),
      );
    const tomorrow = toIsoDate(parseShortDate(deliveryDate(1)) ?? { year: 0, month: 0, day: 0 });
    const dayAfter = toIsoDate(
      addDays(parseShortDate(deliveryDate(1)) ?? { year: 0, month: 0, day: 0 }, 1),
    );

    // All confirmed at once from the queue.
    await page.goto(`${shop.url}/desk?lng=ka`);
    await settled();
    await page.getByRole("link", { name: ka("list.selectAll") }).click();
    await settled();
    await page
      .locator(".desk-bulk")
      .getByRole("button", { name: ka("bulk.confirmed") })
      .click();
    await expect(page.locator(".desk-done")).toContainText("8");

    // Levan takes five from the hand-off; the manifest lists them and the cash to bring back.
    const handOff = async (courier: string, keep: string[]) => {
      await page.goto(`${shop.url}/desk/handoff?lng=ka`);
      await settled();
      await page.getByLabel(ka("handoff.day"), { exact: true }).fill(tomorrow);
      await page
        .getByLabel(ka("handoff.courier"), { exact: true })
        .selectOption({ label: courier });
      await page.getByRole("button", { name: ka("handoff.show") }).click();
      await expect(page.locator(".desk-handoff__order").first()).toBeVisible();
      await settled();
      // The day's confirmed orders come ticked; the ones for another courier are unticked.
      for (const box of await page.locator("ul.desk-handoff").first().locator("input").all()) {
        await expect(box).toBeChecked();
        const value = await box.getAttribute("value");
        if (!keep.includes(value ?? "")) await box.uncheck();
      }
      await page.getByRole("button", { name: ka("handoff.handOver"), exact: true }).click();
      await expect(page.locator(".desk-done")).toContainText(
        ka("handoff.done", { courier, count: keep.length }),
      );
      // Nothing handed over is offered again, and nobody is chosen for the rest: one more
      // press cannot give this courier the parcels left for another.
      await expect(page.getByLabel(ka("handoff.courier"), { exact: true })).toHaveValue("");
      await expect(page.locator(".desk-handoff__order input:checked")).toHaveCount(0);
    };
    const levan = numbers.slice(0, 5);
    const dato = numbers.slice(5);
    await handOff("ლევანი", levan);
    const totals = (list: string[]) =>
      read<{ total: number }>(
        `select total from orders where order_number in (${list.map(() => "?").join(",")})`,
        ...list.map(Number),
      ).reduce((sum, row) => sum + row.total, 0);
    const gel = (tetri: number) => (tetri / 100).toFixed(0);
    await page.getByRole("link", { name: ka("handoff.manifest"), exact: true }).click();
    // Five parcels (a zone's heading and its cash are rows of their own, D84).
    await expect(
      page.locator(".desk-manifest__table tbody tr:has(td):not(.desk-manifest__subtotal)"),
    ).toHaveCount(5);
    await expect(page.locator(".desk-manifest__table tfoot")).toContainText(gel(totals(levan)));
    const csv = await page.request.get(
      `${shop.url}/desk/manifest.csv?${new URL(page.url()).searchParams}`,
    );
    expect(csv.headers()["content-disposition"]).toMatch(/manifest_.+\.csv/);
    const lines = (await csv.text()).trim().split("\r\n");
    // The columns' words, five parcels, their zone's cash, the total (D84).
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toContain((totals(levan) / 100).toFixed(2));
    expect(lines[1]).toContain("(+995) 599 300 000");
    await handOff("დათო", dato);
    expect(read<{ status: string }>("select distinct status from orders")).toEqual([
      { status: "shipped" },
    ]);

    // The couriers' day: Levan delivers three, one refusal, one nobody home.
    await page.goto(`${shop.url}/desk/cash?day=${tomorrow}&lng=ka`);
    await settled();
    const parcel = (number: string) => page.locator(".desk-parcel").filter({ hasText: number });
    const deliver = async (number: string) => {
      await parcel(number)
        .getByRole("button", { name: ka("cash.outcome.delivered") })
        .click();
      await expect(parcel(number).locator(".desk-parcel__outcome")).toHaveText(
        ka("cash.outcome.delivered"),
      );
      // The page keeps its place: the parcel just reported is on the screen, not the top.
      await expect(parcel(number)).toBeInViewport();
      await settled();
    };
    for (const number of [...levan.slice(0, 3), ...dato]) await deliver(number);
    const refused = levan[3] ?? "";
    await parcel(refused).locator("summary").click();
    await parcel(refused).getByLabel(ka("cash.reason")).selectOption("noMoney");
    await parcel(refused)
      .getByRole("button", { name: ka("cash.outcome.refused") })
      .click();
    await expect(parcel(refused).locator(".desk-parcel__outcome")).toContainText(
      ka("refuseReason.noMoney"),
    );
    await settled();
    const away = levan[4] ?? "";
    await parcel(away).locator("summary").click();
    await parcel(away).getByLabel(ka("cash.nextDay")).fill(dayAfter);
    await parcel(away)
      .getByRole("button", { name: ka("cash.outcome.not_home") })
      .click();
    // The new day as the desk writes days, not YYYY-MM-DD.
    await expect(parcel(away).locator(".desk-parcel__outcome")).toContainText(
      formatShopDate(dayAfter),
    );
    await settled();

    // Cash in hand: Levan's is right, Dato's is 50 GEL short.
    const day = (courier: string) => page.locator(".desk-courier-day").filter({ hasText: courier });
    const collectedLevan = totals(levan.slice(0, 3));
    const collectedDato = totals(dato);
    const receive = async (courier: string, amount: number) => {
      await day(courier)
        .getByLabel(ka("cash.receivedLabel"))
        .fill((amount / 100).toFixed(2));
      await day(courier)
        .getByRole("button", { name: ka("cash.saveReceived") })
        .click();
      await expect(
        page
          .locator(".toast, [role=status]")
          .filter({ hasText: ka("cash.receivedSaved") })
          .first(),
      ).toBeVisible();
      await settled();
    };
    await receive("ლევანი", collectedLevan);
    await receive("დათო", collectedDato - 5000);
    await expect(day("ლევანი").locator(".desk-cash__warn")).toHaveCount(0);
    await expect(day("დათო").locator(".desk-cash__warn")).toContainText(ka("cash.short"));
    await expect(day("დათო").locator(".desk-cash__warn")).toContainText("50");
    await expect(day("ლევანი")).toContainText(gel(collectedLevan + totals([refused])));

    // Both days close; a closed day shows who closed it and takes no more changes from staff.
    // Levan's balances and closes without a word asked.
    await expect(day("ლევანი").getByLabel(ka("cash.closeNote"))).toHaveCount(0);
    await day("ლევანი")
      .getByRole("button", { name: ka("cash.close") })
      .click();
    await expect(day("ლევანი").locator(".desk-ok")).toBeVisible();
    await settled();
    // Dato's, 50 GEL short, is refused without the words why, beside the field, which
    // keeps what was typed (nothing) and the focus; the day stays open.
    const why = day("დათო").getByLabel(ka("cash.closeNote"));
    await why.fill("  ");
    await day("დათო")
      .getByRole("button", { name: ka("cash.close") })
      .click();
    await expect(day("დათო").locator(".desk-field-error")).toHaveText(ka("cash.problem.note"));
    await expect(why).toHaveAttribute("aria-invalid", "true");
    if (javaScriptEnabled) await expect(why).toBeFocused();
    await expect(why).toBeInViewport();
    await expect(day("დათო").locator(".desk-ok")).toHaveCount(0);
    // The amount saved before is still in its field.
    const amount = day("დათო").getByLabel(ka("cash.receivedLabel"));
    await expect.poll(async () => parseCash(await amount.inputValue())).toBe(collectedDato - 5000);
    await settled();
    const note = "დათო 50 ₾-ს ხვალ მოიტანს";
    await why.fill(note);
    await day("დათო")
      .getByRole("button", { name: ka("cash.close") })
      .click();
    await expect(day("დათო").locator(".desk-ok")).toBeVisible();
    await expect(day("დათო").locator(".desk-cash__close-note")).toHaveText(
      `${ka("cash.closeNoteShown")} ${note}`,
    );
    await settled();
    expect(read("select closed_by, close_note from courier_days order by courier_id")).toEqual([
      { closed_by: "Nino", close_note: null },
      { closed_by: "Nino", close_note: note },
    ]);
    // The trail names the closing with its words.
    await page.goto(`${shop.url}/desk/activity?lng=ka`);
    await expect(
      page.locator("li, tr").filter({ hasText: "დათო" }).filter({ hasText: note }).first(),
    ).toBeVisible();
    const moved = read<{ status: string; delivery_date: string; not_home: number }>(
      "select status, delivery_date, not_home from orders where order_number = ?",
      Number(away),
    );
    expect(moved).toEqual([{ status: "confirmed", delivery_date: dayAfter, not_home: 1 }]);

    // The owner's numbers, by delivery date, equal what the orders say.
    await page.goto(
      `${shop.url}/desk/reports?period=range&from=${tomorrow}&to=${dayAfter}&by=delivery&lng=ka`,
    );
    const orders = read<{ status: string; total: number }>("select status, total from orders");
    const delivered = orders.filter((row) => row.status === "delivered");
    const refusedRows = orders.filter((row) => row.status === "refused");
    const rate = refusedRows.length / (delivered.length + refusedRows.length);
    const figure = (name: string) =>
      page
        .locator(".desk-figure")
        .filter({ has: page.getByText(ka(`reports.figure.${name}`), { exact: true }) });
    await expect(figure("refusalRate").locator(".desk-figure__value")).toHaveText(
      `${Math.round(rate * 1000) / 10} %`,
    );
    await expect(figure("delivered").locator(".desk-figure__value")).toHaveText(
      String(delivered.length),
    );
    const sum = (rows: typeof orders) => rows.reduce((total, row) => total + row.total, 0);
    await expect(figure("collected").locator(".desk-figure__value")).toContainText(
      gel(sum(delivered)),
    );
    await expect(figure("received").locator(".desk-figure__value")).toContainText(
      gel(sum(delivered) - 5000),
    );
    await expect(figure("placed").getByRole("img")).toHaveAttribute(
      "aria-label",
      new RegExp(ka("reports.figure.placed")),
    );
    const sources = page.locator("table").filter({ has: page.getByText(ka("reports.bySource")) });
    await expect(sources.locator("tr").filter({ hasText: "instagram" })).toContainText("1");
    expect(
      read("select source, medium from orders where order_number = ?", Number(numbers[0])),
    ).toEqual([{ source: "instagram", medium: "story" }]);

    // Every page of the loop fits a phone in all nine languages (nothing scrolls sideways),
    // and passes axe in Georgian, English and Arabic.
    const pages = [
      "/desk/couriers?",
      `/desk/handoff?day=${tomorrow}&courier=1&`,
      `/desk/manifest?courier=1&day=${tomorrow}&`,
      `/desk/cash?day=${tomorrow}&`,
      `/desk/reports?period=range&from=${tomorrow}&to=${dayAfter}&by=delivery&`,
    ];
    let checked = 0;
    for (const lng of languages.map((language) => language.code)) {
      for (const path of pages) {
        await page.goto(`${shop.url}${path}lng=${lng}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect.soft(width, `${path} in ${lng}`).toBeLessThanOrEqual(PHONE_SCREEN.width);
        if (javaScriptEnabled && ["ka", "en", "ar"].includes(lng)) {
          await settled();
          expect.soft(await violations(page), `${path} in ${lng}`).toEqual([]);
        }
        checked += 1;
      }
    }
    expect(checked).toBe(45);
  });

  test("a busy day lists one courier's parcels at a time, and a report keeps the courier in view", async ({
    page,
    javaScriptEnabled,
  }) => {
    // A day of a much larger shop: 210 parcels between two couriers (more than the 200 a
    // page lists at once), made from one real order copied in the database.
    const day = javaScriptEnabled ? "2027-03-15" : "2027-03-16";
    const model = await placeOrderOverHttp(shop.url, "თბილისი, რუსთაველის 1");
    const db = new Database(shop.databasePath ?? "", { fileMustExist: true });
    const couriers: number[] = [];
    try {
      db.pragma("busy_timeout = 5000");
      db.transaction(() => {
        const [order] = db
          .prepare("select * from orders where order_number = ?")
          .all(Number(model)) as Array<Record<string, unknown>>;
        const { id: _id, ...copy } = order ?? {};
        const columns = Object.keys(copy);
        const insert = db.prepare(
          `insert into orders (${columns.join(", ")}) values (${columns.map((column) => `@${column}`).join(", ")})`,
        );
        const base = javaScriptEnabled ? 700_000 : 710_000;
        for (const name of ["ბესო", "გიორგი"])
          couriers.push(
            Number(
              db
                .prepare(
                  "insert into couriers (name, phone, active, created_at) values (?, ?, 1, ?)",
                )
                .run(`${name} ${day}`, "+995 555 00 00 00", "2027-03-01T08:00:00Z").lastInsertRowid,
            ),
          );
        const handoff = db.prepare(
          "insert into handoffs (order_id, courier_id, day, amount, handed_at, handed_by) values (?, ?, ?, ?, ?, 'Nino')",
        );
        for (let index = 0; index < 210; index++) {
          const orderId = insert.run({
            ...copy,
            order_number: base + index,
            submission_token: `busy-${base + index}`,
            track_token: `busy-track-${base + index}`,
            chat_token: `busy-chat-${base + index}`,
            address: `თბილისი, ბუსი ${index + 1}`,
            status: "shipped",
          }).lastInsertRowid;
          handoff.run(orderId, couriers[index % 2], day, order?.total, `${day}T07:00:00Z`);
        }
      })();
    } finally {
      db.close();
    }
    const [beso, giorgi] = couriers;
    await page.setViewportSize(PHONE_SCREEN);
    await signInToDesk(page, "Nino", shop, "owner");
    await page.goto(`${shop.url}/desk/cash?day=${day}&lng=ka`);
    await expect(page.getByText(ka("cash.oneCourierAtATime"))).toBeVisible();
    // Both couriers' figures and forms, the first one's 105 parcels only.
    await expect(page.locator(".desk-courier-day")).toHaveCount(2);
    await expect(page.locator(`#courier-${beso}`)).toBeVisible();
    await expect(page.locator(`#courier-${giorgi}`)).toBeVisible();
    await expect(page.locator(".desk-parcel")).toHaveCount(105);
    await expect(page.getByText("თბილისი, ბუსი 1", { exact: true })).toBeVisible();
    await expect(page.getByText("თბილისი, ბუსი 2", { exact: true })).toHaveCount(0);

    await page
      .getByRole("link", { name: ka("cash.showParcels", { name: `გიორგი ${day}` }) })
      .click();
    await expect(page).toHaveURL(new RegExp(`courier=${giorgi}`));
    await expect(page.locator(".desk-parcel")).toHaveCount(105);
    await expect(page.getByText("თბილისი, ბუსი 2", { exact: true })).toBeVisible();
    await expect(page.getByText("თბილისი, ბუსი 1", { exact: true })).toHaveCount(0);
    if (javaScriptEnabled)
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

    // Reporting one of Giorgi's parcels comes back to Giorgi's parcels, not the first's.
    const parcel = page
      .locator(".desk-parcel")
      .filter({ has: page.getByText("თბილისი, ბუსი 2", { exact: true }) });
    await parcel.getByRole("button", { name: ka("cash.outcome.delivered") }).click();
    await expect(parcel).toContainText(ka("cash.outcome.delivered"));
    await expect(page).toHaveURL(new RegExp(`courier=${giorgi}`));
    await expect(page.getByText("თბილისი, ბუსი 1", { exact: true })).toHaveCount(0);
    expect(
      read<{ outcome: string }>(
        "select outcome from handoffs where order_id = (select id from orders where address = ? and order_number >= ?)",
        "თბილისი, ბუსი 2",
        javaScriptEnabled ? 700_000 : 710_000,
      ),
    ).toEqual([{ outcome: "delivered" }]);
    // The shoppers' data read (D35) is the parcels listed, not the day's 210.
    expect(
      read("select count from access_log where action = 'cash' order by id desc limit 1"),
    ).toEqual([{ count: 105 }]);

    // In Arabic, right to left, the same day fits the phone and passes axe.
    await page.goto(`${shop.url}/desk/cash?day=${day}&courier=${giorgi}&lng=ar`);
    await expect(page.getByText(text("ar", "desk", "cash.oneCourierAtATime"))).toBeVisible();
    await expect(
      page.getByRole("link", {
        name: text("ar", "desk", "cash.showParcels").replace("{{name}}", `ბესო ${day}`),
      }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_SCREEN.width,
    );
    if (javaScriptEnabled) {
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect(await violations(page)).toEqual([]);
    }
  });
});
