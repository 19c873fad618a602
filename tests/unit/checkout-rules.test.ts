import { describe, expect, it } from "vitest";
import {
  type DeliveryWindow,
  deliveryWindow,
  maskDeliveryDate,
  parseDeliveryDate,
  snapToWindow,
} from "~/checkout/delivery-date";
import { validateCheckout } from "~/checkout/schema";
import { isValidPhone, maskPhone, normalizePhone } from "~/phone/phone";
import {
  type CalendarDate,
  addDays,
  formatLongDate,
  formatShopDate,
  formatShopDateTime,
  isoShopDateTime,
  shopToday,
  toIsoDate,
  toShortDate,
} from "~/platform/calendar";

const date = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });
const SPEC_2025 = { from: "2025-01-01", until: "2025-12-31" };

/** One number as shoppers write it (D30): every spelling is stored as +995 599 000 111. */
const SPELLINGS = [
  "+995 599 000 111",
  "+995599000111",
  "599000111",
  "00995 599 000 111",
  "0599 000 111",
  "995599000111",
  "+995 (599) 00-01-11",
  // Arabic-Indic and Eastern Arabic-Indic digits, as an Arabic or Persian keyboard types them.
  "٥٩٩ ٠٠٠ ١١١",
  "+٩٩٥ ٥٩٩ ٠٠٠ ١١١",
  "۰۵۹۹ ۰۰۰ ۱۱۱",
  // Copied from right-to-left text, with its invisible isolates and marks.
  "\u2068+995 599 000 111\u2069",
  "\u200f+995 599 000 111",
];

describe("the shop's calendar (D6)", () => {
  it("is Tbilisi's date, not the server's", () => {
    // 21:30 UTC on 31 Dec is already 1 Jan in Tbilisi (UTC+4).
    expect(shopToday(Date.parse("2025-12-31T21:30:00Z"))).toEqual(date(2026, 1, 1));
    expect(shopToday(Date.parse("2025-12-31T19:59:00Z"))).toEqual(date(2025, 12, 31));
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays(date(2025, 1, 31), 1)).toEqual(date(2025, 2, 1));
    expect(addDays(date(2025, 12, 31), 1)).toEqual(date(2026, 1, 1));
    expect(addDays(date(2028, 2, 28), 1)).toEqual(date(2028, 2, 29));
    expect(addDays(date(2026, 11, 22), 90)).toEqual(date(2027, 2, 20));
  });

  it("writes dates as DD.MM.YY, ISO, and in words per language", () => {
    expect(toShortDate(date(2026, 3, 5))).toBe("05.03.26");
    expect(toIsoDate(date(2026, 3, 5))).toBe("2026-03-05");
    expect(formatLongDate(date(2026, 3, 5), "en")).toBe("March 5, 2026");
    expect(formatLongDate(date(2026, 3, 5), "de")).toBe("5. März 2026");
  });

  it("writes the shop's dates and times one way per language on every page, never ISO", () => {
    // 01:20 UTC on 29 Nov is 05:20 in Tbilisi; 20:05 UTC is already the 30th there.
    const early = Date.parse("2026-11-29T01:20:00Z");
    const late = Date.parse("2026-11-29T20:05:00Z");
    const languages = ["ru", "en", "ka", "az", "tr", "de", "am", "he", "ar"];
    for (const language of languages) {
      // The day is the one the shopper types the delivery date as, in every language.
      expect(formatShopDateTime(early, language)).toMatch(/^29\.11\.26\S* 05:20$/);
      expect(formatShopDateTime(late, language)).toMatch(/^30\.11\.26\S* 00:05$/);
    }
    expect(formatShopDateTime(early, "ka")).toBe("29.11.26, 05:20");
    // Not ICU's short styles: "11/29/26, 5:20 AM" in English, "29.11.2026" in Russian.
    expect(formatShopDateTime(early, "en")).toBe("29.11.26, 05:20");
    expect(formatShopDateTime(early, "ru")).toBe("29.11.26, 05:20");
    expect(formatShopDateTime(early, "ar")).toBe("29.11.26\u060c 05:20");
    expect(formatShopDateTime(early, "tr")).toBe("29.11.26 05:20");
    expect(formatShopDate(date(2026, 3, 5))).toBe("05.03.26");
    // A stored YYYY-MM-DD (a courier's day, a setting) is read; other text is left as it is.
    expect(formatShopDate("2026-03-05")).toBe("05.03.26");
    expect(formatShopDate("soon")).toBe("soon");
    // Files keep ISO.
    expect(isoShopDateTime("2026-11-29T20:05:00Z")).toBe("2026-11-30 00:05");
  });
});

describe("the delivery window (D7)", () => {
  it("defaults to today until today + 90 days", () => {
    expect(deliveryWindow(date(2026, 11, 22), { from: null, until: null })).toEqual({
      min: date(2026, 11, 22),
      max: date(2027, 2, 20),
    });
  });

  it("reproduces the spec's 2025 window, and never offers a day in the past (D84)", () => {
    // Before 2025 the minimum is 1 January 2025; during it, today; after it, no day at all
    // (the spec's clamp offered 31 December 2025 for ever, D84 ends that).
    expect(deliveryWindow(date(2024, 6, 15), SPEC_2025)).toEqual({
      min: date(2025, 1, 1),
      max: date(2025, 12, 31),
    });
    expect(deliveryWindow(date(2025, 7, 4), SPEC_2025)).toEqual({
      min: date(2025, 7, 4),
      max: date(2025, 12, 31),
    });
    expect(deliveryWindow(date(2026, 11, 22), SPEC_2025)).toEqual({
      min: date(2026, 11, 22),
      max: date(2025, 12, 31),
    });
  });

  it("runs 90 days from a configured start when no end is set", () => {
    expect(deliveryWindow(date(2026, 1, 10), { from: "2026-02-01", until: null })).toEqual({
      min: date(2026, 2, 1),
      max: date(2026, 5, 2),
    });
  });
});

describe("the typed delivery date (spec §5)", () => {
  const window: DeliveryWindow = deliveryWindow(date(2025, 7, 4), SPEC_2025);

  it.each([
    ["04.07.25", true],
    ["31.12.25", true],
    ["4.7.25", "format"],
    ["04.07.2025", "format"],
    ["04/07/25", "format"],
    ["00.07.25", "format"],
    ["04.00.25", "format"],
    ["04.07.00", "format"],
    ["32.07.25", "format"],
    ["04.13.25", "format"],
    ["", "format"],
    ["31.09.25", "unparsable"],
    ["29.02.25", "unparsable"],
    ["03.07.25", "early"],
    ["01.01.24", "early"],
    ["01.01.26", "late"],
    // Typed on an Arabic or Persian keyboard.
    ["٠٤.٠٧.٢٥", true],
    ["۳۱.۱۲.۲۵", true],
    ["٠٤/٠٧/٢٥", "format"],
    ["٣١.٠٩.٢٥", "unparsable"],
    ["٠٣.٠٧.٢٥", "early"],
  ])("%s → %s", (text, expected) => {
    const parsed = parseDeliveryDate(text, window);
    if (expected === true) expect(parsed.ok).toBe(true);
    else expect(parsed).toEqual({ ok: false, problem: expected });
  });

  it("masks typing: digits only, at most six, clamped day and month, dots added", () => {
    expect(maskDeliveryDate("0", window)).toBe("0");
    expect(maskDeliveryDate("15", window)).toBe("15");
    expect(maskDeliveryDate("158", window)).toBe("15.8");
    expect(maskDeliveryDate("15a0-8", window)).toBe("15.08");
    expect(maskDeliveryDate("99", window)).toBe("31");
    expect(maskDeliveryDate("00", window)).toBe("01");
    expect(maskDeliveryDate("1514", window)).toBe("15.12");
    expect(maskDeliveryDate("150800", window)).toBe("15.08.00");
    expect(maskDeliveryDate("15082599", window)).toBe("15.08.25");
  });

  it("masks Arabic-Indic and Persian digits as the digits they are", () => {
    expect(maskDeliveryDate("١", window)).toBe("1");
    expect(maskDeliveryDate("١٥٠٨", window)).toBe("15.08");
    expect(maskDeliveryDate("١٥.٠٨.٢٥", window)).toBe("15.08.25");
    expect(maskDeliveryDate("۱۵۰۸۲۵", window)).toBe("15.08.25");
    expect(maskDeliveryDate("15.0٨", window)).toBe("15.08");
    expect(maskDeliveryDate("٠١٠١٢٥", window)).toBe("04.07.25");
  });

  it("snaps a complete past date up to the minimum, on entry and on blur", () => {
    expect(maskDeliveryDate("010125", window)).toBe("04.07.25");
    expect(snapToWindow("01.01.25", window)).toBe("04.07.25");
    expect(snapToWindow("05.07.25", window)).toBe("05.07.25");
    expect(snapToWindow("01.01", window)).toBe("01.01");
  });
});

describe("the phone (spec §5)", () => {
  it("accepts exactly +995 and three groups of three digits", () => {
    expect(isValidPhone("+995 555 123 456")).toBe(true);
    for (const phone of [
      "+995555123456",
      "+995 555 123 45",
      "+995 555 123 4567",
      "995 555 123 456",
      "+995  555 123 456",
      "+7 555 123 456",
    ]) {
      expect(isValidPhone(phone)).toBe(false);
    }
  });

  it("masks typing: keeps the prefix, nine digits, groups of three, no plus", () => {
    expect(maskPhone("")).toBe("+995 ");
    expect(maskPhone("+99")).toBe("+995 ");
    expect(maskPhone("+995 5")).toBe("+995 5");
    expect(maskPhone("+995 5551")).toBe("+995 555 1");
    expect(maskPhone("555123456")).toBe("+995 555 123 456");
    expect(maskPhone("+995 555 123 4567")).toBe("+995 555 123 456");
    expect(maskPhone("+995 555+")).toBe("+995 555");
    expect(maskPhone("+995 abc")).toBe("+995 ");
    expect(maskPhone("+995555123456")).toBe("+995 555 123 456");
    expect(maskPhone("995555123456")).toBe("+995 555 123 456");
  });

  it("does not take +995 555 123 456 with a leading zero: no Georgian number starts with one", () => {
    expect(isValidPhone("+995 055 123 456")).toBe(false);
  });

  it.each(SPELLINGS)("reads %s as +995 599 000 111 (D30)", (spelling) => {
    expect(normalizePhone(spelling)).toBe("+995 599 000 111");
  });

  it.each(SPELLINGS)(
    "reads %s after the field's own +995, or before it as without scripts in Arabic",
    (spelling) => {
      expect(normalizePhone(`+995 ${spelling}`)).toBe("+995 599 000 111");
      expect(normalizePhone(`${spelling}+995 `)).toBe("+995 599 000 111");
    },
  );

  it.each([
    "",
    "+995 ",
    "599 000 11",
    "599 000 1111",
    "+995 059 900 011",
    "+7 599 000 111",
    "+44 599 000 111",
    "++995 599 000 111",
    "599 000 111 Nino",
    "+995 599 000 111 ext. 5",
    "+995 +7 599 000 111",
  ])("finds no Georgian number in %j", (text) => {
    expect(normalizePhone(text)).toBeNull();
  });

  it.each(SPELLINGS)("masks %s pasted into the field wherever the caret was", (spelling) => {
    const empty = "+995 ";
    // After the prefix, as the field is shown; before it, where a tap on the field puts the
    // caret in Arabic and Hebrew (its text sits at the end); inside it; over everything.
    expect(maskPhone(`${empty}${spelling}`, empty)).toBe("+995 599 000 111");
    expect(maskPhone(`${spelling}${empty}`, empty)).toBe("+995 599 000 111");
    expect(maskPhone(`+9${spelling}95 `, empty)).toBe("+995 599 000 111");
    expect(maskPhone(spelling, "+995 555 123")).toBe("+995 599 000 111");
  });

  it.each(SPELLINGS)("masks %s typed key by key, from after or before the prefix", (spelling) => {
    // The browser puts the caret at the end once the mask has changed the value.
    const typed = (startBeforePrefix: boolean) =>
      [...spelling].reduce((value, key, index) => {
        const raw = startBeforePrefix && index === 0 ? key + value : value + key;
        return maskPhone(raw, value);
      }, "+995 ");
    expect(typed(false)).toBe("+995 599 000 111");
    expect(typed(true)).toBe("+995 599 000 111");
  });

  it("masks a key typed inside the prefix as typed after it", () => {
    expect(maskPhone("+5995 ", "+995 ")).toBe("+995 5");
    expect(maskPhone("+9955 599", "+995 599")).toBe("+995 559 9");
    expect(maskPhone("5+995 599", "+995 599")).toBe("+995 559 9");
  });

  it("shows a leading zero as nothing: it is the trunk prefix, or the start of 00 995", () => {
    expect(maskPhone("+995 0", "+995 ")).toBe("+995 ");
    expect(maskPhone("+995 05", "+995 ")).toBe("+995 5");
  });
});

describe("the checkout form (D8)", () => {
  const window = deliveryWindow(date(2025, 7, 4), SPEC_2025);
  const good = {
    address: "  Rustaveli Ave 12, apt 3  ",
    deliveryTime: "05.07.25",
    phone: "+995 555 123 456",
    messenger: "",
    email: "",
  };

  it("accepts a good order, trimmed, with empty optional fields as null", () => {
    expect(validateCheckout(good, window)).toEqual({
      ok: true,
      values: {
        address: "Rustaveli Ave 12, apt 3",
        deliveryTime: "05.07.25",
        phone: "+995 555 123 456",
        name: null,
        messenger: null,
        email: null,
      },
    });
  });

  it("keeps the optional name for the courier, trimmed, and refuses one too long", () => {
    const named = validateCheckout({ ...good, name: "  ნინო ბერიძე " }, window);
    expect(named.ok && named.values.name).toBe("ნინო ბერიძე");
    expect(validateCheckout({ ...good, name: "n".repeat(81) }, window)).toMatchObject({
      ok: false,
      message: "check.tooLong",
      fields: ["name"],
    });
  });

  it.each([
    [{ address: "   " }, "check.address", ["address"]],
    [{ phone: "+995 555 123 45" }, "check.address", ["phone"]],
    [{ phone: "+7 555 123 456" }, "check.address", ["phone"]],
    [{ phone: "" }, "check.address", ["phone"]],
    [{ deliveryTime: "5.7.25" }, "check.address", ["deliveryTime"]],
    [{ deliveryTime: "00.07.25" }, "check.address", ["deliveryTime"]],
    [{ deliveryTime: "31.09.25" }, "check.dd", ["deliveryTime"]],
    [{ deliveryTime: "03.07.25" }, "check.dd", ["deliveryTime"]],
    [{ deliveryTime: "01.01.26" }, "check.late", ["deliveryTime"]],
    [{ email: "not-an-email" }, "check.email", ["email"]],
    [{ email: "a@b" }, null, []],
    [{ address: "x".repeat(301) }, "check.tooLong", ["address"]],
    [{ messenger: "@".repeat(65) }, "check.tooLong", ["messenger"]],
    [{ email: `${"a".repeat(250)}@b.ge` }, "check.tooLong", ["email"]],
  ])("%o → %s", (change, message, fields) => {
    const result = validateCheckout({ ...good, ...change }, window);
    if (message === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, message, fields });
  });

  it.each([
    ...SPELLINGS,
    ...SPELLINGS.map((spelling) => `+995 ${spelling}`),
    ...SPELLINGS.map((spelling) => `${spelling}+995 `),
  ])("stores the phone %j as +995 599 000 111 (D30)", (phone) => {
    const result = validateCheckout({ ...good, phone }, window);
    expect(result.ok && result.values.phone).toBe("+995 599 000 111");
  });

  it("stores a date typed in Arabic-Indic or Persian digits as DD.MM.YY", () => {
    for (const deliveryTime of ["٠٥.٠٧.٢٥", "۰۵.۰۷.۲۵", " ٠٥.07.٢٥ "]) {
      const result = validateCheckout({ ...good, deliveryTime }, window);
      expect(result.ok && result.values.deliveryTime, deliveryTime).toBe("05.07.25");
    }
    expect(validateCheckout({ ...good, deliveryTime: "٠٣.٠٧.٢٥" }, window)).toEqual({
      ok: false,
      message: "check.dd",
      fields: ["deliveryTime"],
    });
  });

  it("prefers the general message when the address and the date are both wrong", () => {
    expect(validateCheckout({ ...good, address: "", deliveryTime: "03.07.25" }, window)).toEqual({
      ok: false,
      message: "check.address",
      fields: ["address", "deliveryTime"],
    });
  });

  it("keeps hostile text as it is: escaping is the job of whatever shows it", () => {
    const address = `<script>alert("x")</script>'; DROP TABLE orders; --`;
    const result = validateCheckout({ ...good, address, messenger: "<b>@me</b>" }, window);
    expect(result.ok && result.values.address).toBe(address);
    expect(result.ok && result.values.messenger).toBe("<b>@me</b>");
  });

  it("treats missing fields as empty", () => {
    expect(validateCheckout({}, window)).toMatchObject({ ok: false, message: "check.address" });
  });
});
