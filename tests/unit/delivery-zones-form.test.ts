import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activityMark, listActivity } from "~/content/activity.server";
import { readRevision } from "~/content/store.server";
import { deliveryPassed } from "~/delivery/overdue";
import {
  holidaysText,
  parseWeek,
  parseZone,
  readHolidays,
  weekChanges,
  zoneChanges,
  zoneId,
} from "~/delivery/zone-form";
import { defaultWeek, defaultZones } from "~/delivery/zones";
import {
  deleteZone,
  readStoredWeek,
  readStoredZones,
  saveWeek,
  saveZone,
} from "~/delivery/zones.server";
import { fieldWords, valueWords } from "~/desk/activity-words";
import { placeOrder } from "~/orders/place.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";
import { PHONE_HASH_KEY } from "./support/keys";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const NOW = Date.parse("2026-11-29T09:00:00Z");
const owner = { staffId: null, name: "Nino" };
const rustaviForm = {
  "name-ru": "Рустави",
  "name-ka": "რუსთავი",
  fee: "7",
  freeFrom: "150",
  "weekday-2": "on",
  "weekday-5": "on",
  earliest: "1",
  on: "on",
};

describe("the owner's delivery page's rules", () => {
  it("reads a zone as typed: GEL in any digits, the courier's days, empty names fall back", () => {
    expect(parseZone(form(rustaviForm), "rustavi")).toEqual({
      ok: true,
      value: {
        id: "rustavi",
        names: { ru: "Рустави", ka: "რუსთავი" },
        fee: 700,
        freeFrom: 15000,
        weekdays: [2, 5],
        earliest: 1,
        on: true,
      },
    });
    // Typed on an Arabic keyboard: ٧٫٥٠ is 7.50, ١٥٠ is 150.
    expect(
      parseZone(form({ ...rustaviForm, fee: "٧٫٥٠", freeFrom: "", earliest: "٠" }), "r"),
    ).toMatchObject({ ok: true, value: { fee: 750, freeFrom: null, earliest: 0 } });
  });

  it("refuses a zone without a Russian name, an unreadable amount, no day, too late", () => {
    expect(
      parseZone(form({ "name-en": "Rustavi", fee: "seven", freeFrom: "-1", earliest: "31" }), "r"),
    ).toEqual({ ok: false, errors: ["name", "fee", "freeFrom", "weekdays", "earliest"] });
  });

  it("makes a new zone's id from its Russian name, unique, or a short random one", () => {
    expect(zoneId("Рустави", ["tbilisi"])).toBe("rustavi");
    expect(zoneId("Рустави", ["rustavi"])).toBe("rustavi-2");
    expect(zoneId("Кахетия и Телави", [])).toBe("kakhetiya-i-telavi");
    expect(zoneId("ბათუმი", [], () => 0.5)).toBe("zone-i");
  });

  it("reads the week: cut-off, holidays one DD.MM.YY a line, minimum; names unreadable lines", () => {
    expect(
      parseWeek(form({ cutoff: "15", holidays: "07.01.27\n01.01.27\n\n٠٧.٠١.٢٧", minimum: "30" })),
    ).toEqual({
      ok: true,
      value: { cutoffHour: 15, holidays: ["2027-01-01", "2027-01-07"], minimum: 3000 },
    });
    expect(parseWeek(form({ cutoff: "", holidays: "", minimum: "" }))).toEqual({
      ok: true,
      value: { cutoffHour: null, holidays: [], minimum: null },
    });
    expect(
      parseWeek(form({ cutoff: "24", holidays: "01.01.27\nNew Year\n31.02.27", minimum: "x" })),
    ).toEqual({
      ok: false,
      errors: ["cutoff", "holidays", "minimum"],
      lines: ["New Year", "31.02.27"],
    });
    expect(readHolidays("1.1.27").unreadable).toEqual(["1.1.27"]);
    expect(holidaysText(["2027-01-01", "2027-01-07"])).toBe("01.01.27\n07.01.27");
  });

  it("names each changed field as the trail shows it, before → after", () => {
    const [tbilisi] = defaultZones;
    if (!tbilisi) throw new Error("no default zone");
    const changes = zoneChanges("tbilisi", tbilisi, { ...tbilisi, fee: 500, weekdays: [2, 5] });
    expect(changes).toContainEqual({ field: "zones.tbilisi.fee", before: "0.00", after: "5.00" });
    expect(changes).toContainEqual({
      field: "zones.tbilisi.weekdays",
      before: "1,2,3,4,5,6,7",
      after: "2,5",
    });
    expect(
      weekChanges(defaultWeek, { cutoffHour: 15, holidays: ["2027-01-07"], minimum: null }),
    ).toEqual([
      { field: "week.cutoffHour", before: null, after: "15:00" },
      { field: "week.holidays", before: null, after: "07.01.27" },
      { field: "week.minimum", before: null, after: null },
    ]);
    expect(fieldWords("zones.rustavi.fee")).toEqual({
      kind: "zone",
      name: "zones.fee",
      zone: "rustavi",
      language: null,
    });
    expect(fieldWords("zones.rustavi.name.ka")).toMatchObject({ name: "zones.name" });
    expect(fieldWords("week.cutoffHour")).toEqual({ kind: "field", name: "week.cutoffHour" });
    expect(valueWords("zones.rustavi.fee", "7.00")).toEqual({
      kind: "money",
      tetri: 700,
      note: null,
    });
    expect(valueWords("zones.rustavi.weekdays", "2,5")).toEqual({ kind: "weekdays", days: [2, 5] });
    expect(valueWords("zones.rustavi.on", "off")).toEqual({ kind: "flag", value: "off" });
  });

  it("flags an order still under way whose delivery day has passed in Tbilisi", () => {
    const today = { year: 2026, month: 11, day: 29 };
    expect(deliveryPassed({ status: "confirmed", delivery_date: "2026-11-28" }, today)).toBe(true);
    expect(deliveryPassed({ status: "shipped", delivery_date: "2026-11-28" }, today)).toBe(true);
    expect(deliveryPassed({ status: "new", delivery_date: "2026-11-29" }, today)).toBe(false);
    expect(deliveryPassed({ status: "delivered", delivery_date: "2026-11-01" }, today)).toBe(false);
    expect(deliveryPassed({ status: "new", delivery_date: null }, today)).toBe(false);
  });
});

describe("saving the delivery zones and the week", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("delivery-zones");
  });
  afterEach(async () => {
    await db.destroy();
  });

  const rustavi = () => {
    const parsed = parseZone(form(rustaviForm), "");
    if (!parsed.ok) throw new Error("unreadable");
    return { ...parsed.value, id: null };
  };

  it("adds a zone with a trail row a field and a new revision; the id stays on rename", async () => {
    const revision = await readRevision(db);
    const added = await saveZone(db, { zone: rustavi(), actor: owner, now: NOW });
    expect(added).toEqual({ kind: "saved", id: "rustavi" });
    expect(await readRevision(db)).toBeGreaterThan(revision);
    const zones = await readStoredZones(db);
    expect(zones.map((zone) => zone.id)).toEqual(["tbilisi", "rustavi"]);
    const rows = await listActivity(db, { subject: { type: "settings", id: "zones" } });
    expect(rows.map((row) => [row.field, row.before, row.after])).toEqual(
      expect.arrayContaining([
        ["zones.rustavi.fee", null, "7.00"],
        ["zones.rustavi.freeFrom", null, "150.00"],
        ["zones.rustavi.weekdays", null, "2,5"],
        ["zones.rustavi.name.ru", null, "Рустави"],
      ]),
    );
    const mark = await activityMark(db);
    const renamed = await saveZone(db, {
      zone: { ...rustavi(), id: "rustavi", names: { ru: "Рустави-2" }, fee: 800 },
      actor: owner,
      now: NOW,
      revision: mark,
    });
    expect(renamed).toEqual({ kind: "saved", id: "rustavi" });
    const after = await listActivity(db, { after: mark });
    expect(after.map((row) => [row.field, row.before, row.after])).toEqual(
      expect.arrayContaining([
        ["zones.rustavi.fee", "7.00", "8.00"],
        ["zones.rustavi.name.ka", "რუსთავი", null],
      ]),
    );
  });

  it("refuses a save from a page older than a change to the same zone (no lost update)", async () => {
    await saveZone(db, { zone: rustavi(), actor: owner, now: NOW });
    const read = await activityMark(db);
    await saveZone(db, {
      zone: { ...rustavi(), id: "rustavi", fee: 900 },
      actor: { staffId: null, name: "Giorgi" },
      now: NOW,
      revision: read,
    });
    const stale = await saveZone(db, {
      zone: { ...rustavi(), id: "rustavi", fee: 1000 },
      actor: owner,
      now: NOW,
      revision: read,
    });
    expect(stale).toEqual({ kind: "stale" });
    expect((await readStoredZones(db)).find((zone) => zone.id === "rustavi")?.fee).toBe(900);
    // Another zone changed since does not stop it.
    const other = await saveZone(db, {
      zone: { ...(defaultZones[0] as (typeof defaultZones)[number]), fee: 300 },
      actor: owner,
      now: NOW,
      revision: read,
    });
    expect(other).toEqual({ kind: "saved", id: "tbilisi" });
  });

  it("keeps one zone on, and switches off rather than deletes a zone orders name", async () => {
    const [tbilisi] = await readStoredZones(db);
    if (!tbilisi) throw new Error("no zone");
    expect(await saveZone(db, { zone: { ...tbilisi, on: false }, actor: owner, now: NOW })).toEqual(
      { kind: "refused", error: "lastOn" },
    );
    expect(await deleteZone(db, { id: "tbilisi", actor: owner, now: NOW })).toEqual({
      kind: "refused",
      error: "lastOn",
    });
    await saveZone(db, { zone: rustavi(), actor: owner, now: NOW });
    const placed = await placeOrder(
      db,
      {
        values: {
          address: "Street 1",
          phone: "+995 555 000 101",
          deliveryTime: "01.12.26",
          name: "Buyer",
          messenger: null,
          email: null,
        },
        cart: [{ key: "body/hemor-cream", qty: 1 }],
        language: "ka",
        token: "zone-token-000000000001",
        titleLanguage: "en",
        delivery: { zone: tbilisi, minimum: null, choice: true },
      },
      { now: NOW, phoneHashKey: PHONE_HASH_KEY },
    );
    expect(placed.ok).toBe(true);
    expect(await deleteZone(db, { id: "tbilisi", actor: owner, now: NOW })).toEqual({
      kind: "refused",
      error: "used",
    });
    expect(await deleteZone(db, { id: "rustavi", actor: owner, now: NOW })).toEqual({
      kind: "saved",
      id: "rustavi",
    });
    expect((await readStoredZones(db)).map((zone) => zone.id)).toEqual(["tbilisi"]);
  });

  it("saves the week with its trail, and refuses one from an older page", async () => {
    const read = await activityMark(db);
    const week = { cutoffHour: 15, holidays: ["2027-01-07"], minimum: 3000 };
    expect(await saveWeek(db, { week, actor: owner, now: NOW, revision: read })).toEqual({
      kind: "saved",
      id: "week",
    });
    expect(await readStoredWeek(db)).toEqual(week);
    expect(await saveWeek(db, { week, actor: owner, now: NOW })).toEqual({ kind: "unchanged" });
    expect(
      await saveWeek(db, { week: defaultWeek, actor: owner, now: NOW, revision: read }),
    ).toEqual({ kind: "stale" });
    const rows = await listActivity(db, { subject: { type: "settings", id: "week" } });
    expect(rows.map((row) => [row.field, row.before, row.after])).toEqual(
      expect.arrayContaining([
        ["week.cutoffHour", null, "15:00"],
        ["week.minimum", null, "30.00"],
      ]),
    );
  });
});
