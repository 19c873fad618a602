import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createUpdateHandler } from "~/chat/telegram-updates.server";
import { loadContent, readRevision } from "~/content/store.server";
import { findOrCreateStaff } from "~/desk/auth.server";
import { changeOrderStatus } from "~/orders/change-status.server";
import { createDispatcher } from "~/orders/dispatcher.server";
import { placeOrder } from "~/orders/place.server";
import { createBotApi } from "~/platform/bot-api.server";
import { forVisitor, readReviewForm, summarize } from "~/reviews/model";
import { decideReview, reviewAsk, submitReview } from "~/reviews/reviews.server";
import {
  listTestimonials,
  saveTestimonial,
  setTestimonialHidden,
} from "~/reviews/testimonials.server";
import { homeReviews, productReviews } from "~/reviews/view";
import type { Database, Order } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const DAY = 24 * 60 * 60 * 1000;
const KEY = "body/hemor-cream";
const form = (fields: Record<string, string>) => new Map(Object.entries(fields));

describe("a review's rules", () => {
  it("reads the form: stars required, text and name within bounds, consent given", () => {
    expect(
      readReviewForm(form({ rating: "4", body: " Good \r\n cream ", author: "", consent: "yes" })),
    ).toEqual({ ok: true, review: { rating: 4, body: "Good \n cream", author: null } });
    const bad = readReviewForm(
      form({ rating: "6", body: "x".repeat(1001), author: "y".repeat(61) }),
    );
    expect(bad.ok ? [] : bad.errors).toEqual(["rating", "body", "author", "consent"]);
  });

  it("averages to one decimal, counts the spread and puts the visitor's language first", () => {
    expect(summarize([{ rating: 4 }])).toEqual({
      average: "4.0",
      count: 1,
      spread: [0, 1, 0, 0, 0],
    });
    expect(summarize([{ rating: 5 }, { rating: 4 }, { rating: 4 }]).average).toBe("4.3");
    expect(summarize([]).average).toBeNull();
    const reviews = [
      { id: 1, language: "ru", at: 3 },
      { id: 2, language: "am", at: 1 },
      { id: 3, language: "ru", at: 5 },
    ];
    expect(forVisitor(reviews, "am").map((review) => review.id)).toEqual([2, 3, 1]);
  });
});

describe("reviews from people who bought", () => {
  let db: Kysely<Database>;
  let clock: number;
  let tokens = 0;
  let owner: { staffId: number; name: string };
  const chat = {
    deskChatIds: ["-100"],
    holdAfterRefusals: 2,
    phoneHashKey: PHONE_HASH_KEY,
    language: "ru" as const,
    publicUrl: "https://kolkhida.test",
    reviewAfterDays: 3,
  };
  const staff = { name: "Nino", staffId: null };
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  beforeEach(async () => {
    db = await freshDatabase("reviews");
    clock = Date.parse("2026-11-25T08:00:00Z");
    const person = await findOrCreateStaff(db, "Tamar", clock);
    owner = { staffId: person.id, name: "Tamar" };
  });
  afterEach(async () => {
    await db.destroy();
  });

  async function place(language = "am"): Promise<Order> {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Tbilisi, Rustaveli 1",
          phone: "+995 599 123 456",
          deliveryTime: "27.11.26",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: KEY, qty: 1 }],
        language,
        token: `reviews-${String(++tokens).padStart(12, "0")}`,
        titleLanguage: "ru",
      },
      { now: clock, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order;
  }

  async function move(order: Order, ...statuses: Array<Order["status"]>) {
    for (const to of statuses)
      await changeOrderStatus(
        db,
        { orderNumber: order.order_number, to, actor: staff },
        clock,
        chat,
      );
  }

  const ask = async (order: Order, at: number) =>
    reviewAsk(db, order_(order), at, 3, (await loadContent(db)).catalog, "am");
  const order_ = (order: Order) => ({ id: order.id, status: "delivered" as const });
  const review = { rating: 4, body: "Լավ քսուք է, օգնեց։", author: "Անի" };

  it("asks three days after delivery, on the page and once in Telegram, in the order's language", async () => {
    const order = await place("am");
    // The shopper follows the order in Telegram from its deep link.
    const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
    const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({
        method: String(url).split("/").at(-1) ?? "",
        body: JSON.parse(String(init?.body)),
      });
      return new Response(JSON.stringify({ ok: true, result: { message_id: calls.length } }));
    }) as typeof fetch;
    const api = createBotApi({ botToken: "1:x", apiUrl: "http://telegram.test", fetch: fetchImpl });
    await createUpdateHandler({ db, api, chat, now: () => clock, log })({
      update_id: 1,
      message: { chat: { id: 555 }, text: `/start ${order.chat_token}` },
    });
    await move(order, "confirmed", "shipped", "delivered");
    const delivered = clock;
    expect(await ask(order, delivered + 3 * DAY - 1)).toBeNull();
    expect((await ask(order, delivered + 3 * DAY))?.items).toEqual([
      expect.objectContaining({ key: KEY, reviewed: false }),
    ]);
    expect(await ask(order, delivered + 93 * DAY)).toBeNull();

    const outbox = (at: number) => createDispatcher({ db, api, now: () => at, log }).tick();
    const asks = () =>
      calls.filter(
        (call) => call.method === "sendMessage" && String(call.body.text).includes("/o/"),
      );
    await outbox(delivered + 2 * DAY);
    expect(asks()).toHaveLength(0);
    await outbox(delivered + 3 * DAY);
    await outbox(delivered + 4 * DAY);
    expect(asks()).toHaveLength(1);
    expect(asks()[0]?.body.chat_id).toBe("555");
    expect(String(asks()[0]?.body.text)).toContain(
      `https://kolkhida.test/o/${order.track_token}#review`,
    );
    expect(String(asks()[0]?.body.text)).toMatch(/[\u0531-\u058f]/);
  });

  it("takes one review per product per order, only while asked, and never from refused or cancelled orders", async () => {
    const order = await place("am");
    const submit = (token: string | null, at: number, itemKey = KEY) =>
      submitReview(
        db,
        { token: token ?? undefined, itemKey, review, language: "am", afterDays: 3 },
        at,
      );
    expect(await submit(order.track_token, clock)).toBe("closed");
    await move(order, "confirmed", "shipped", "delivered");
    expect(await submit(order.track_token, clock + 3 * DAY)).toBe("saved");
    expect(await submit(order.track_token, clock + 3 * DAY)).toBe("duplicate");
    expect(await submit(order.track_token, clock + 3 * DAY, "face/serum")).toBe("notFound");
    expect(await submit("x".repeat(32), clock + 3 * DAY)).toBe("notFound");

    const refused = await place("ru");
    await move(refused, "confirmed", "shipped", "refused");
    const cancelled = await place("ru");
    await move(cancelled, "cancelled");
    const catalog = (await loadContent(db)).catalog;
    for (const other of [refused, cancelled]) {
      expect(await reviewAsk(db, other, clock + 5 * DAY, 3, catalog, "ru")).toBeNull();
      expect(await submit(other.track_token, clock + 5 * DAY)).toBe("closed");
    }
    expect(await db.selectFrom("reviews").select("id").execute()).toHaveLength(1);
  });

  it("shows a review only once an owner publishes it, recorded with who and when", async () => {
    const order = await place("am");
    await move(order, "confirmed", "shipped", "delivered");
    await submitReview(
      db,
      { token: order.track_token ?? "", itemKey: KEY, review, language: "am", afterDays: 3 },
      clock + 3 * DAY,
    );
    const [pending] = await db.selectFrom("reviews").select("id").execute();
    const id = pending?.id ?? 0;
    const revision = await readRevision(db);
    expect((await loadContent(db)).reviews).toEqual([]);

    expect(await decideReview(db, { id, actor: owner, decision: { kind: "publish" } }, clock)).toBe(
      "done",
    );
    expect(await readRevision(db)).toBeGreaterThan(revision);
    const content = await loadContent(db);
    const shown = productReviews(content.reviews, KEY, "ru");
    expect(shown.summary).toEqual({ average: "4.0", count: 1, spread: [0, 1, 0, 0, 0] });
    expect(shown.reviews[0]).toMatchObject({ rating: 4, author: "Անի", lang: "hy" });
    // A product without published reviews has none (its JSON-LD: the browser test).
    expect(productReviews(content.reviews, "face/serum", "ru").summary.count).toBe(0);

    // Rejected: gone from the shop, the reason kept, each decision in the trail.
    await decideReview(
      db,
      { id, actor: owner, decision: { kind: "reject", reason: "medicalClaims" } },
      clock + 1000,
    );
    expect((await loadContent(db)).reviews).toEqual([]);
    const trail = await db
      .selectFrom("activity")
      .select(["actor", "field", "before", "after"])
      .where("subject_type", "=", "review")
      .orderBy("id")
      .execute();
    expect(trail).toEqual([
      { actor: "Tamar", field: "review.status", before: "pending", after: "published" },
      { actor: "Tamar", field: "review.status", before: "published", after: "rejected" },
      { actor: "Tamar", field: "review.reason", before: null, after: "medicalClaims" },
    ]);
  });

  it("keeps the eight testimonials as the owner edits and hides them, never verified", async () => {
    const all = await listTestimonials(db);
    expect(all).toHaveLength(8);
    const first = all[0];
    if (!first) throw new Error("no testimonial");
    await saveTestimonial(
      db,
      first.id,
      {
        rating: 5,
        texts: { ...first.texts, en: { name: "Nino", role: "Woman, 35", text: "Better." } },
      },
      owner,
      clock,
    );
    await setTestimonialHidden(db, all[1]?.id ?? 0, true, owner, clock);
    const content = await loadContent(db);
    expect(content.testimonials).toHaveLength(7);
    const home = homeReviews(content, "en", "Verified buyer");
    expect(home[0]).toMatchObject({
      name: "Nino",
      role: "Woman, 35",
      text: "Better.",
      verified: false,
    });
    expect(home.every((card) => !card.verified)).toBe(true);
    const fields = await db
      .selectFrom("activity")
      .select("field")
      .where("subject_type", "=", "testimonial")
      .execute();
    expect(fields.map((row) => row.field).sort()).toEqual([
      "hidden",
      "testimonial.en.role",
      "testimonial.en.text",
    ]);
  });
});
