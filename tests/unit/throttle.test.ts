import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter } from "~/checkout/rate-limit.server";
import { beginPasskeySignIn } from "~/desk/passkeys.server";
import {
  LINK_REQUESTS_TOTAL,
  LINK_TOTAL_WINDOW_MS,
  requestSignInLink,
} from "~/desk/sign-in-request.server";
import { createThrottleSweep, sweepThrottle } from "~/platform/throttle.server";
import { CLIENT_WINDOWS_MS, addressHeldMinutes } from "~/privacy/address-held.server";
import { TRACK_LIMIT, TRACK_WINDOW_MS } from "~/shopper/tracking";
import { lookUpOrder } from "~/shopper/tracking.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

const START = Date.parse("2026-11-29T10:00:00Z");
const MINUTE = 60_000;

describe("the limits, each counted per key with its own window (D28)", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("throttle");
  });
  afterEach(async () => {
    await db.destroy();
  });

  /** "Send me a sign-in link" from `client`; without a bot, a link let through is "unavailable". */
  const askForLink = (client: string, now: number) =>
    requestSignInLink(
      {
        db,
        api: null,
        deskChatIds: [],
        origin: "https://shop.test",
        next: "/desk",
        message: String,
      },
      client,
      now,
    );
  const track = (client: string, now: number) =>
    lookUpOrder(db, { number: "100001", phone: "+995 555 000 000", client }, now);
  const buckets = async () =>
    (await db.selectFrom("throttle_hits").select("bucket").orderBy("bucket").execute()).map(
      (row) => row.bucket,
    );

  it("refuses the 11th sign-in link in an hour, whatever shorter limits ran in between", async () => {
    for (let link = 0; link < LINK_REQUESTS_TOTAL; link++)
      expect(await askForLink(`ip:10.0.0.${link}`, START)).toBe("unavailable");
    // Others' limits with shorter windows, long after those windows' start.
    await track("ip:10.0.1.1", START + 20 * MINUTE);
    await createRateLimiter(
      db,
      () => 3,
      () => START + 25 * MINUTE,
    ).hit("ip:10.0.1.2");
    const rp = { id: "shop.test", origin: "https://shop.test", name: "Shop" };
    expect(await beginPasskeySignIn(db, rp, "ip:10.0.1.3", START + 30 * MINUTE)).not.toBeNull();
    await sweepThrottle(db, START + 40 * MINUTE);

    expect(await askForLink("ip:10.0.2.1", START + 45 * MINUTE)).toBe("throttled");
    expect(await askForLink("ip:10.0.2.1", START + LINK_TOTAL_WINDOW_MS + 1)).toBe("unavailable");
  });

  it("refuses the 6th /track try in 15 minutes, whatever shorter limits ran in between", async () => {
    for (let attempt = 0; attempt < TRACK_LIMIT; attempt++)
      expect((await track("ip:10.0.0.1", START)).outcome).toBe("miss");
    // The order limit's ten minutes are over, the look-ups' fifteen are not.
    await createRateLimiter(
      db,
      () => 3,
      () => START + 11 * MINUTE,
    ).hit("ip:10.0.0.9");
    await sweepThrottle(db, START + 12 * MINUTE);

    expect(await track("ip:10.0.0.1", START + 12 * MINUTE)).toEqual({
      outcome: "limited",
      retryAfterSeconds: 3 * 60,
    });
    expect((await track("ip:10.0.0.1", START + TRACK_WINDOW_MS + 1)).outcome).toBe("miss");
  });

  it("removes each attempt, and the address it names, once its own window is over", async () => {
    const clock = { now: START };
    const sweep = createThrottleSweep({ db, now: () => clock.now });
    await askForLink("ip:10.0.0.1", START);
    await track("ip:10.0.0.2", START);
    await createRateLimiter(
      db,
      () => 3,
      () => START,
    ).hit("ip:10.0.0.3");
    expect(await buckets()).toEqual([
      "desk-link:*",
      "desk-link:ip:10.0.0.1",
      "order:ip:10.0.0.3",
      "track:client:ip:10.0.0.2",
      "track:order:100001",
    ]);

    clock.now = START + 10 * MINUTE + 1;
    await sweep.tick();
    expect(await buckets()).toEqual([
      "desk-link:*",
      "desk-link:ip:10.0.0.1",
      "track:client:ip:10.0.0.2",
      "track:order:100001",
    ]);

    clock.now = START + 15 * MINUTE + 1;
    await sweep.tick();
    // Only the count of every sign-in link together is left, and it names nobody.
    expect(await buckets()).toEqual(["desk-link:*"]);

    clock.now = START + LINK_TOTAL_WINDOW_MS + 1;
    await sweep.tick();
    expect(await buckets()).toEqual([]);
  });

  it("tells the privacy page the longest a client's address is kept", () => {
    expect(addressHeldMinutes()).toBe(16);
    for (const window of CLIENT_WINDOWS_MS)
      expect(window).toBeLessThan(addressHeldMinutes() * MINUTE);
  });
});
