import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findOrCreateStaff } from "~/desk/auth.server";
import {
  changeOrderStatus,
  latestStatusEvent,
  undoStatusChange,
} from "~/orders/change-status.server";
import { placeOrder } from "~/orders/place.server";
import { readOrderPage } from "~/shopper/order-page.server";
import { cancelByShopper } from "~/shopper/shopper.server";
import { isTrackToken, maskedAddress, maskedPhone } from "~/shopper/tracking";
import { lookUpOrder } from "~/shopper/tracking.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const NOW = Date.parse("2026-11-25T06:00:00Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const chat = {
  deskChatIds: [],
  holdAfterRefusals: 2,
  phoneHashKey: PHONE_HASH_KEY,
  language: "en" as const,
};
const staff = { name: "Nino", staffId: null };
const emptyCatalog = { products: [] } as never;

describe("an order's private page", () => {
  it("masks the phone and the address, and knows its own tokens", () => {
    expect(maskedPhone("+995 599 123 456")).toBe("+995 5•• ••• 456");
    expect(maskedAddress("Tbilisi, Chavchavadze 12, flat 4")).toBe("Tbilisi, Chavchavadze …");
    expect(maskedAddress("Batumi")).toBe("…");
    expect(isTrackToken("a".repeat(32))).toBe(true);
    expect(isTrackToken("a".repeat(31))).toBe(false);
    expect(isTrackToken("123456")).toBe(false);
  });
});

describe("following an order", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("tracking");
    await findOrCreateStaff(db, "Nino", NOW);
  });
  afterEach(async () => {
    await db.destroy();
  });

  let tokens = 0;
  async function order(phone = "+995 599 123 456") {
    const result = await placeOrder(
      db,
      {
        values: {
          address: "Tbilisi, Chavchavadze 12, flat 4",
          phone,
          deliveryTime: "27.11.26",
          name: null,
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 2 }],
        language: "ka",
        token: `track-token-${String(++tokens).padStart(12, "0")}`,
        titleLanguage: "en",
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    if (!result.ok) throw new Error(result.error);
    return result.placed.order;
  }

  it("gives every order a random token of its own, not its number", async () => {
    const [a, b] = [await order(), await order()];
    expect(isTrackToken(a.track_token ?? "")).toBe(true);
    expect(a.track_token).not.toBe(b.track_token);
    expect(a.track_token).not.toContain(String(a.order_number));
  });

  it("finds an order by its number and the phone in any spelling, and every miss alike", async () => {
    const placed = await order();
    const number = String(placed.order_number);
    const look = (phone: string, client = "ip:1", n = number) =>
      lookUpOrder(db, { number: n, phone, client }, NOW);
    expect(await look("0599 12 34 56")).toEqual({ outcome: "found", token: placed.track_token });
    expect(await look("00995599123456", "ip:2")).toEqual({
      outcome: "found",
      token: placed.track_token,
    });
    expect(await look("599 000 000", "ip:3")).toEqual({ outcome: "miss" });
    expect(await look("599 123 456", "ip:4", "000001")).toEqual({ outcome: "miss" });
    expect(await look("not a phone", "ip:5")).toEqual({ outcome: "miss" });
    // Both typed on an Arabic keyboard.
    const arabic = (digits: string) =>
      digits.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect(await look(arabic("0599 12 34 56"), "ip:6", ` ${arabic(number)} `)).toEqual({
      outcome: "found",
      token: placed.track_token,
    });
    expect(await look("599 123 456", "ip:7", `${arabic(number)}x`)).toEqual({ outcome: "miss" });
  });

  it("allows five tries per client and five per order number in 15 minutes", async () => {
    const placed = await order();
    const number = String(placed.order_number);
    for (let i = 0; i < 5; i++)
      expect(
        (await lookUpOrder(db, { number: "111111", phone: "599 000 000", client: "ip:9" }, NOW + i))
          .outcome,
      ).toBe("miss");
    const sixth = await lookUpOrder(db, { number, phone: "599 123 456", client: "ip:9" }, NOW + 10);
    expect(sixth).toMatchObject({ outcome: "limited" });
    // Other clients guessing one order's phone are stopped by the order's own count.
    for (let i = 0; i < 5; i++)
      await lookUpOrder(db, { number, phone: `599 000 00${i}`, client: `ip:x${i}` }, NOW + 20 + i);
    expect(
      await lookUpOrder(db, { number, phone: "599 123 456", client: "ip:new" }, NOW + 30),
    ).toMatchObject({ outcome: "limited" });
    // A quarter of an hour later the shopper gets in.
    expect(
      await lookUpOrder(
        db,
        { number, phone: "599 123 456", client: "ip:9" },
        NOW + 15 * 60 * 1000 + 100,
      ),
    ).toMatchObject({ outcome: "found" });
  });

  it("tells the road so far with its dates, drops undone steps, and only the status after 30 days", async () => {
    const placed = await order();
    const read = (now: number) =>
      readOrderPage(db, placed.track_token ?? "", now, emptyCatalog, "en");
    expect(await readOrderPage(db, "x".repeat(32), NOW, emptyCatalog, "en")).toBeNull();
    let page = await read(NOW);
    expect(page?.steps.map((s) => [s.step, s.done])).toEqual([
      ["placed", true],
      ["confirmed", false],
      ["shipped", false],
      ["delivered", false],
    ]);
    expect(page).toMatchObject({ phone: "+995 5•• ••• 456", total: 20000, cancellable: true });
    const move = (to: "confirmed" | "shipped" | "delivered", at: number) =>
      changeOrderStatus(db, { orderNumber: placed.order_number, to, actor: staff }, at, chat);
    await move("confirmed", NOW + HOUR);
    await move("shipped", NOW + 2 * HOUR);
    const shipped = await latestStatusEvent(db, placed.id);
    await undoStatusChange(
      db,
      {
        orderNumber: placed.order_number,
        eventId: shipped?.id ?? 0,
        actor: { name: "Nino", staffId: 1 },
        owner: true,
        note: "not yet",
      },
      NOW + 2 * HOUR + 60_000,
      chat,
    );
    page = await read(NOW + 3 * HOUR);
    expect(page?.steps.map((s) => [s.step, s.done, s.at])).toEqual([
      ["placed", true, NOW],
      ["confirmed", true, NOW + HOUR],
      ["shipped", false, null],
      ["delivered", false, null],
    ]);
    await move("shipped", NOW + DAY);
    await move("delivered", NOW + 2 * DAY);
    page = await read(NOW + 3 * DAY);
    expect(page).toMatchObject({ status: "delivered", closed: false, cancellable: false });
    expect((await read(NOW + 33 * DAY))?.closed).toBe(true);
  });

  it("lets the shopper cancel while new or confirmed, as the shopper, and not once shipped", async () => {
    const first = await order();
    expect(await cancelByShopper(db, first.track_token ?? "", NOW, chat)).toBe("cancelled");
    expect(await cancelByShopper(db, first.track_token ?? "", NOW, chat)).toBe("same");
    const event = await db
      .selectFrom("order_events")
      .selectAll()
      .where("order_id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor: "shopper",
      staff_id: null,
      to_status: "cancelled",
      note_key: "cancelReason.byShopper",
    });
    const second = await order();
    for (const to of ["confirmed", "shipped"] as const)
      await changeOrderStatus(
        db,
        { orderNumber: second.order_number, to, actor: staff },
        NOW,
        chat,
      );
    expect(await cancelByShopper(db, second.track_token ?? "", NOW, chat)).toBe("tooLate");
    expect(await cancelByShopper(db, "nope", NOW, chat)).toBe("notFound");
  });
});
