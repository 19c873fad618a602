import { describe, expect, it } from "vitest";
import { checkDeliveryDay, deliveryOffer, firstDeliveryDay, orderDay } from "~/delivery/days";
import { cheapestZone, deliveryFee, deliveryHint, missingForMinimum } from "~/delivery/fee";
import {
  type DeliveryWeek,
  type DeliveryZone,
  readWeek,
  readZones,
  zoneName,
} from "~/delivery/zones";
import { type CalendarDate, isoWeekday, shopHour } from "~/platform/calendar";

const date = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });
/** An instant given as Tbilisi's wall clock (UTC+4 all year). */
const tbilisi = (iso: string) => Date.parse(`${iso}+04:00`);

const zone = (overrides: Partial<DeliveryZone> = {}): DeliveryZone => ({
  id: "rustavi",
  names: { ru: "Рустави", en: "Rustavi", ka: "რუსთავი" },
  fee: 700,
  freeFrom: 15_000,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  earliest: 0,
  on: true,
  ...overrides,
});
const week = (overrides: Partial<DeliveryWeek> = {}): DeliveryWeek => ({
  cutoffHour: null,
  holidays: [],
  minimum: null,
  ...overrides,
});
const range = (min: CalendarDate, max: CalendarDate) => ({ min, max });

describe("the order's day and the cut-off hour (D84)", () => {
  it("counts an order after the cut-off as placed the next day, in Tbilisi time", () => {
    const cut = week({ cutoffHour: 15 });
    expect(orderDay(tbilisi("2026-12-01T14:59:59"), cut)).toEqual(date(2026, 12, 1));
    expect(orderDay(tbilisi("2026-12-01T15:00:00"), cut)).toEqual(date(2026, 12, 2));
    expect(orderDay(tbilisi("2026-12-01T15:01:00"), cut)).toEqual(date(2026, 12, 2));
    expect(orderDay(tbilisi("2026-12-01T23:59:00"), week())).toEqual(date(2026, 12, 1));
  });

  it("rolls over a month's and a year's end", () => {
    const cut = week({ cutoffHour: 15 });
    expect(orderDay(tbilisi("2026-11-30T16:00:00"), cut)).toEqual(date(2026, 12, 1));
    expect(orderDay(tbilisi("2026-12-31T16:00:00"), cut)).toEqual(date(2027, 1, 1));
    expect(orderDay(tbilisi("2028-02-28T16:00:00"), cut)).toEqual(date(2028, 2, 29));
  });

  it("reads Tbilisi's hour whatever the server's zone, across Europe's clock changes", () => {
    const saved = process.env.TZ;
    try {
      for (const zoneName of ["Europe/Berlin", "America/New_York", "UTC"]) {
        process.env.TZ = zoneName;
        // Berlin and New York change their clocks on these nights; Tbilisi does not.
        expect(shopHour(tbilisi("2026-03-29T02:30:00"))).toBe(2);
        expect(shopHour(tbilisi("2026-10-25T03:30:00"))).toBe(3);
        expect(shopHour(tbilisi("2026-11-01T01:30:00"))).toBe(1);
        expect(orderDay(tbilisi("2026-03-29T15:30:00"), week({ cutoffHour: 15 }))).toEqual(
          date(2026, 3, 30),
        );
      }
    } finally {
      process.env.TZ = saved;
    }
  });

  it("counts weekdays as ISO does", () => {
    expect(isoWeekday(date(2026, 11, 30))).toBe(1); // a Monday
    expect(isoWeekday(date(2026, 12, 6))).toBe(7); // a Sunday
  });
});

describe("the first day a zone can be delivered", () => {
  const window = range(date(2026, 12, 1), date(2027, 3, 1));

  it("is the order's day plus the zone's earliest, on a day its courier goes out", () => {
    const now = tbilisi("2026-12-01T10:00:00"); // a Tuesday
    expect(firstDeliveryDay(zone(), week(), now, window)).toEqual(date(2026, 12, 1));
    expect(firstDeliveryDay(zone({ earliest: 1 }), week(), now, window)).toEqual(date(2026, 12, 2));
    // Tuesday and Friday only: Tuesday itself, or Friday once Tuesday is too soon.
    const tueFri = zone({ weekdays: [2, 5] });
    expect(firstDeliveryDay(tueFri, week(), now, window)).toEqual(date(2026, 12, 1));
    expect(firstDeliveryDay({ ...tueFri, earliest: 1 }, week(), now, window)).toEqual(
      date(2026, 12, 4),
    );
  });

  it("moves past the cut-off, the holidays, and the window's first day", () => {
    const tueFri = zone({ weekdays: [2, 5] });
    const cut = week({ cutoffHour: 15 });
    expect(firstDeliveryDay(tueFri, cut, tbilisi("2026-12-01T14:59:00"), window)).toEqual(
      date(2026, 12, 1),
    );
    expect(firstDeliveryDay(tueFri, cut, tbilisi("2026-12-01T15:01:00"), window)).toEqual(
      date(2026, 12, 4),
    );
    const holiday = week({ holidays: ["2026-12-04"] });
    expect(
      firstDeliveryDay({ ...tueFri, earliest: 1 }, holiday, tbilisi("2026-12-01T10:00:00"), window),
    ).toEqual(date(2026, 12, 8));
    const later = range(date(2026, 12, 10), date(2027, 3, 1));
    expect(firstDeliveryDay(tueFri, week(), tbilisi("2026-12-01T10:00:00"), later)).toEqual(
      date(2026, 12, 11),
    );
  });

  it("crosses New Year's holidays into the next year", () => {
    const holidays = week({ holidays: ["2027-01-01", "2027-01-02", "2027-01-07"] });
    const now = tbilisi("2026-12-31T16:00:00");
    expect(
      firstDeliveryDay(
        zone(),
        { ...holidays, cutoffHour: 15 },
        now,
        range(date(2026, 12, 31), date(2027, 3, 1)),
      ),
    ).toEqual(date(2027, 1, 3));
  });

  it("is none when the window closes first or the courier never goes", () => {
    const now = tbilisi("2026-12-01T10:00:00");
    expect(firstDeliveryDay(zone({ weekdays: [] }), week(), now, window)).toBeNull();
    const ended = range(date(2026, 12, 1), date(2025, 12, 31));
    expect(firstDeliveryDay(zone(), week(), now, ended)).toBeNull();
  });
});

describe("a chosen day", () => {
  const now = tbilisi("2026-12-01T15:30:00"); // Tuesday, after a 15:00 cut-off
  const zones = [zone({ weekdays: [2, 5] })];
  const offer = deliveryOffer(
    zones,
    week({ cutoffHour: 15, holidays: ["2026-12-04", "2030-01-01"] }),
    now,
    range(date(2026, 12, 1), date(2026, 12, 31)),
    "en",
  );
  const [rustavi] = offer.zones;
  if (!rustavi) throw new Error("no zone offered");

  it("offers each open zone named in the language, with its first day and the near holidays", () => {
    expect(rustavi).toMatchObject({ id: "rustavi", name: "Rustavi", first: "2026-12-08" });
    expect(offer.holidays).toEqual(["2026-12-04"]);
  });

  it("refuses a day too early, a day off, a holiday and a day after the window, naming the next", () => {
    expect(checkDeliveryDay(date(2026, 12, 1), rustavi, offer)).toEqual({
      ok: false,
      problem: "early",
      next: date(2026, 12, 8),
    });
    expect(checkDeliveryDay(date(2026, 12, 9), rustavi, offer)).toEqual({
      ok: false,
      problem: "closed",
      next: date(2026, 12, 11),
    });
    expect(checkDeliveryDay(date(2026, 12, 8), rustavi, offer)).toEqual({ ok: true });
    expect(checkDeliveryDay(date(2027, 1, 5), rustavi, offer)).toMatchObject({
      ok: false,
      problem: "late",
    });
    // The last Friday's next day would be after the window.
    expect(checkDeliveryDay(date(2026, 12, 30), rustavi, offer)).toEqual({
      ok: false,
      problem: "late",
      next: null,
    });
  });
});

describe("the fee, the cart's hint and the minimum", () => {
  it("charges the fee below Free from and nothing from it", () => {
    expect(deliveryFee(zone(), 14_999)).toBe(700);
    expect(deliveryFee(zone(), 15_000)).toBe(0);
    expect(deliveryFee(zone({ freeFrom: null }), 1_000_000)).toBe(700);
  });

  it("speaks of the cheapest open zone", () => {
    const zones = [
      zone({ id: "regions", fee: 1500, freeFrom: null }),
      zone({ id: "closed", fee: 100, on: false }),
      zone({ id: "tbilisi", fee: 500, freeFrom: 15_000 }),
    ];
    expect(cheapestZone(zones)?.id).toBe("tbilisi");
    expect(deliveryHint(zones, 10_000)).toEqual({
      kind: "freeFrom",
      freeFrom: 15_000,
      missing: 5_000,
    });
    expect(deliveryHint(zones, 15_000)).toEqual({ kind: "free" });
    expect(deliveryHint([zone({ freeFrom: null })], 15_000)).toEqual({ kind: "from", fee: 700 });
    expect(deliveryHint(readZones(undefined), 100)).toBeNull();
  });

  it("says how much a small order lacks", () => {
    expect(missingForMinimum(week({ minimum: 5_000 }), 3_500)).toBe(1_500);
    expect(missingForMinimum(week({ minimum: 5_000 }), 5_000)).toBe(0);
    expect(missingForMinimum(week(), 1)).toBe(0);
  });
});

describe("stored zones and week", () => {
  it("are the fresh shop's one free zone when nothing readable is stored", () => {
    const [tbilisi] = readZones([{ id: "x", names: { en: "no Russian" } }]);
    expect(tbilisi).toMatchObject({ id: "tbilisi", fee: 0, weekdays: [1, 2, 3, 4, 5, 6, 7] });
    expect(zoneName(tbilisi ?? zone(), "ka")).toBe("თბილისი");
  });

  it("name a zone in Russian where a language has no name", () => {
    expect(zoneName(zone(), "de")).toBe("Рустави");
  });

  it("drop what cannot be read", () => {
    expect(
      readWeek({ cutoffHour: 99, holidays: ["2027-01-01", "bad", "2027-01-01"], minimum: -1 }),
    ).toEqual({ cutoffHour: null, holidays: ["2027-01-01"], minimum: null });
  });
});

describe("Georgia's public holidays", () => {
  it("are the coming year's, Orthodox Easter's days included", async () => {
    const { georgianHolidays } = await import("~/delivery/holidays.server");
    const days = georgianHolidays(date(2026, 11, 29));
    expect(days[0]).toBe("2027-01-01");
    expect(days).toContain("2027-01-07");
    expect(days).toContain("2027-05-02"); // Easter 2027
    expect(days).toContain("2027-11-23");
    expect(days.every((day) => day > "2026-11-29" && day <= "2027-11-30")).toBe(true);
  });
});
