import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messagesByWeek } from "~/couriers/messages-report.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

// The reports' messages (issue 39): what went out, a week a row, by channel, and what the
// SMS cost at the owner's price of a segment.

describe("messages sent, by week", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("messages-report");
  });
  afterEach(async () => {
    await db.destroy();
  });

  let topic = 0;
  const message = (
    channel: "telegram" | "sms" | "email",
    sentAt: string | null,
    {
      status = "sent",
      segments = null,
    }: { status?: "sent" | "failed" | "pending" | "stopped"; segments?: number | null } = {},
  ) =>
    db
      .insertInto("notifications")
      .values({
        order_id: null,
        topic: `test:${++topic}`,
        chat_id: channel === "email" ? "a@kolkhida.ge" : "995599000111",
        text: "…",
        channel,
        status,
        sent_at: sentAt,
        segments,
        created_at: "2026-11-01T00:00:00.000Z",
        next_attempt_at: "2026-11-01T00:00:00.000Z",
      })
      .execute();

  it("counts what went out each week by channel, SMS segments at the price of one", async () => {
    // Week of Monday 16.11.26 (the range starts on Wednesday 18.11).
    await message("sms", "2026-11-18T05:00:00.000Z", { segments: 2 });
    await message("email", "2026-11-22T19:59:00.000Z"); // Sunday 23:59 in Tbilisi
    // Week of Monday 23.11.26: Monday 00:30 in Tbilisi is still Sunday 20:30 in UTC.
    await message("email", "2026-11-22T20:30:00.000Z");
    await message("sms", "2026-11-24T09:00:00.000Z", { segments: 1 });
    await message("sms", "2026-11-24T09:01:00.000Z", { segments: 2 });
    await message("telegram", "2026-11-25T09:00:00.000Z");
    // Not sent, or outside the range: never counted.
    await message("sms", null, { status: "failed", segments: 2 });
    await message("sms", null, { status: "stopped" });
    await message("sms", null, { status: "pending" });
    await message("sms", "2026-11-17T19:59:00.000Z", { segments: 2 }); // Tuesday 23:59 Tbilisi
    await message("sms", "2026-11-27T20:00:00.000Z", { segments: 2 }); // Saturday 00:00 Tbilisi

    const report = await messagesByWeek(
      db,
      { from: { year: 2026, month: 11, day: 18 }, to: { year: 2026, month: 11, day: 27 } },
      4,
    );
    expect(report.weeks).toEqual([
      {
        from: "2026-11-18",
        to: "2026-11-22",
        telegram: 0,
        sms: 1,
        segments: 2,
        email: 1,
        cost: 8,
      },
      {
        from: "2026-11-23",
        to: "2026-11-27",
        telegram: 1,
        sms: 2,
        segments: 3,
        email: 1,
        cost: 12,
      },
    ]);
    expect(report.total).toEqual({
      from: "2026-11-18",
      to: "2026-11-27",
      telegram: 1,
      sms: 3,
      segments: 5,
      email: 2,
      cost: 20,
    });
  });

  it("has no week to show when nothing went out, and costs nothing without a price", async () => {
    const range = {
      from: { year: 2026, month: 11, day: 1 },
      to: { year: 2026, month: 11, day: 7 },
    };
    expect((await messagesByWeek(db, range, 4)).weeks).toEqual([]);
    await message("sms", "2026-11-02T09:00:00.000Z", { segments: 2 });
    expect((await messagesByWeek(db, range, 0)).total).toMatchObject({
      sms: 1,
      segments: 2,
      cost: 0,
    });
  });
});
