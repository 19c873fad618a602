import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activityMark, listActivity } from "~/content/activity.server";
import { loadContent, readRevision } from "~/content/store.server";
import { fieldWords, valueWords } from "~/desk/activity-words";
import { toIsoDate } from "~/platform/calendar";
import {
  parseChats,
  parseContacts,
  parseDelivery,
  parseMessages,
  parseOrdering,
  parseTexts,
} from "~/settings/form";
import { defaultSettings, deliveryBounds, readMessages, readSettings } from "~/settings/model";
import { saveSettings } from "~/settings/settings.server";
import type { Database } from "../../db/schema";
import { freshDatabase } from "./support/database";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const TODAY = { year: 2026, month: 11, day: 24 };
const NOW = Date.parse("2026-11-24T09:00:00Z");

describe("the settings forms' rules", () => {
  it("reads contacts as people write them, and empty hides one", () => {
    expect(
      parseContacts(
        form({
          email: " shop@kolkhida.ge ",
          telegram: "https://t.me/kolkhida_shop",
          whatsapp: "0599 000 111",
          phone: "",
        }),
      ),
    ).toEqual({
      ok: true,
      value: {
        email: "shop@kolkhida.ge",
        telegram: "kolkhida_shop",
        whatsapp: "+995 599 000 111",
        phone: "",
      },
    });
    expect(parseContacts(form({ telegram: "@kolkhida_shop" }))).toMatchObject({
      ok: true,
      value: { telegram: "kolkhida_shop" },
    });
    expect(
      parseContacts(form({ email: "not an e-mail", telegram: "ab", whatsapp: "12", phone: "x" })),
    ).toEqual({ ok: false, errors: ["email", "telegram", "whatsapp", "phone"] });
  });

  it("takes a resume date only while orders are off, and never one in the past", () => {
    expect(parseOrdering(form({ taking: "on", resumeOn: "2026-12-01" }), TODAY)).toEqual({
      ok: true,
      value: { taking: true, resumeOn: null },
    });
    expect(parseOrdering(form({ resumeOn: "2026-12-01" }), TODAY)).toEqual({
      ok: true,
      value: { taking: false, resumeOn: "2026-12-01" },
    });
    expect(parseOrdering(form({ resumeOn: "2026-11-23" }), TODAY)).toEqual({
      ok: false,
      errors: ["resumePast"],
    });
    expect(parseOrdering(form({ resumeOn: "soon" }), TODAY)).toEqual({
      ok: false,
      errors: ["resumeOn"],
    });
  });

  it("books deliveries from the owner's first day for the days ahead, else as the environment says", () => {
    expect(parseDelivery(form({ from: "", daysAhead: "30" }), TODAY)).toEqual({
      ok: true,
      value: { from: null, daysAhead: 30 },
    });
    expect(parseDelivery(form({ from: "tomorrow", daysAhead: "0" }), TODAY)).toEqual({
      ok: false,
      errors: ["from", "daysAhead"],
    });
    // A first day already past is refused: no order could be delivered on it (issue 37).
    expect(parseDelivery(form({ from: "2025-01-06", daysAhead: "" }), TODAY)).toEqual({
      ok: false,
      errors: ["fromPast"],
    });
    expect(parseDelivery(form({ from: "2026-11-23", daysAhead: "" }), TODAY)).toEqual({
      ok: false,
      errors: ["fromPast"],
    });
    expect(parseDelivery(form({ from: toIsoDate(TODAY), daysAhead: "" }), TODAY)).toEqual({
      ok: true,
      value: { from: toIsoDate(TODAY), daysAhead: null },
    });
    // Typed on an Arabic or Persian keyboard.
    expect(parseDelivery(form({ from: "", daysAhead: "٣٠" }), TODAY)).toEqual({
      ok: true,
      value: { from: null, daysAhead: 30 },
    });
    expect(parseDelivery(form({ from: "", daysAhead: "۱۴" }), TODAY)).toMatchObject({
      value: { daysAhead: 14 },
    });
    expect(parseDelivery(form({ from: "", daysAhead: "٣x" }), TODAY)).toEqual({
      ok: false,
      errors: ["daysAhead"],
    });
    const environment = { from: "2026-12-01", until: "2027-01-31" };
    expect(deliveryBounds({ from: null, daysAhead: null }, environment, TODAY)).toEqual(
      environment,
    );
    expect(deliveryBounds({ from: null, daysAhead: 30 }, environment, TODAY)).toEqual({
      from: "2026-12-01",
      until: "2026-12-31",
    });
    expect(
      deliveryBounds({ from: null, daysAhead: 10 }, { from: null, until: null }, TODAY),
    ).toEqual({ from: null, until: "2026-12-04" });
  });
});

describe("the messages section (issue 39)", () => {
  const everything = {
    "sms-received": "on",
    "sms-confirmed": "on",
    "sms-morning": "on",
    "sms-delivered": "on",
    segmentPrice: "",
    askCode: "never",
    notifyEmails: "",
    notifyPhones: "",
  };

  it("sends every message by SMS, counts no cost, asks no code and tells nobody, by default", () => {
    expect(readSettings([]).messages).toEqual({
      sms: { received: true, confirmed: true, morning: true, delivered: true },
      segmentPrice: 0,
      askCode: "never",
      notifyEmails: [],
      notifyPhones: [],
    });
    expect(defaultSettings.messages).toEqual(readSettings([]).messages);
  });

  it("reads what is stored defensively: what it cannot read is the default", () => {
    expect(readSettings([{ key: "messages", value: "not json" }]).messages).toEqual(
      defaultSettings.messages,
    );
    expect(
      readMessages({
        sms: { received: false, confirmed: "no", morning: 0 },
        segmentPrice: 4.5,
        askCode: "always",
        notifyEmails: ["owner@kolkhida.ge", "owner@kolkhida.ge", "no address", 7],
        notifyPhones: ["995599000111", "+995 599 000 222", "995099000111", null],
      }),
    ).toEqual({
      // Only `false` turns a message off: a value the shop cannot read keeps it on.
      sms: { received: false, confirmed: true, morning: true, delivered: true },
      segmentPrice: 0,
      askCode: "never",
      notifyEmails: ["owner@kolkhida.ge"],
      notifyPhones: ["995599000111"],
    });
    expect(readMessages({ sms: "off", segmentPrice: -4, notifyEmails: "a@b.ge" })).toEqual(
      defaultSettings.messages,
    );
    expect(readMessages({ segmentPrice: 4, askCode: "refusers" })).toMatchObject({
      segmentPrice: 4,
      askCode: "refusers",
    });
    const many = Array.from({ length: 12 }, (_, index) => `owner${index}@kolkhida.ge`);
    expect(readMessages({ notifyEmails: many }).notifyEmails).toHaveLength(10);
  });

  it("reads the form as the owner means it: GEL as tetri, phones as 995…, one a line", () => {
    expect(
      parseMessages(
        form({
          "sms-received": "on",
          "sms-morning": "on",
          segmentPrice: " 0,04 ",
          askCode: "refusers",
          notifyEmails: " owner@kolkhida.ge \r\n\nnino@kolkhida.ge\nowner@kolkhida.ge",
          notifyPhones: "0599 000 111\n+995 555 12 34 56\n\u200e+995599000111",
        }),
      ),
    ).toEqual({
      ok: true,
      value: {
        sms: { received: true, confirmed: false, morning: true, delivered: false },
        segmentPrice: 4,
        askCode: "refusers",
        notifyEmails: ["owner@kolkhida.ge", "nino@kolkhida.ge"],
        notifyPhones: ["995599000111", "995555123456"],
      },
    });
    // Typed on an Arabic keyboard; empty costs nothing.
    expect(parseMessages(form({ ...everything, segmentPrice: "٠٫٠٥" }))).toMatchObject({
      ok: true,
      value: { segmentPrice: 5 },
    });
    expect(parseMessages(form(everything))).toEqual({
      ok: true,
      value: defaultSettings.messages,
    });
  });

  it("refuses what it cannot read, naming the lines that are wrong, and saves nothing", () => {
    expect(
      parseMessages(
        form({
          ...everything,
          segmentPrice: "0.045",
          askCode: "sometimes",
          notifyEmails: "owner@kolkhida.ge\nowner at kolkhida",
          notifyPhones: "+995 599 000 111\n+7 900 000 00 00\n12",
        }),
      ),
    ).toEqual({
      ok: false,
      errors: ["segmentPrice", "askCode", "notifyEmails", "notifyPhones"],
      lines: { notifyEmails: ["owner at kolkhida"], notifyPhones: ["+7 900 000 00 00", "12"] },
    });
    // More than 10 GEL a segment, or no answer at all to "Ask for a code".
    expect(parseMessages(form({ ...everything, segmentPrice: "10.01" }))).toMatchObject({
      ok: false,
      errors: ["segmentPrice"],
    });
    const { askCode: _, ...noChoice } = everything;
    expect(parseMessages(form(noChoice))).toMatchObject({ ok: false, errors: ["askCode"] });
    const eleven = Array.from({ length: 11 }, (_, index) => `o${index}@kolkhida.ge`).join("\n");
    expect(parseMessages(form({ ...everything, notifyEmails: eleven }))).toMatchObject({
      ok: false,
      errors: ["notifyMany"],
    });
  });
});

describe("saving settings (D31)", () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await freshDatabase("settings");
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("stores a section with its trail and a new revision; the same values change nothing", async () => {
    const actor = { staffId: null, name: "Nino" };
    const before = await readRevision(db);
    const value = {
      email: "shop@kolkhida.ge",
      telegram: "kolkhida_shop",
      whatsapp: "+995 599 000 111",
      phone: "",
    };
    expect(await saveSettings(db, { section: "contacts", value, actor, now: NOW })).toBe("saved");
    expect((await loadContent(db)).settings.contacts).toEqual(value);
    expect(await readRevision(db)).toBe(before + 1);
    const trail = await listActivity(db, { subject: { type: "settings", id: "contacts" } });
    expect(trail.map(({ field, before: was, after }) => [field, was, after])).toEqual([
      ["contacts.whatsapp", "+995 555 123 456", "+995 599 000 111"],
      ["contacts.email", "hello@kolkhida.ge", "shop@kolkhida.ge"],
    ]);
    expect(await saveSettings(db, { section: "contacts", value, actor, now: NOW })).toBe(
      "unchanged",
    );
    expect(await readRevision(db)).toBe(before + 1);

    await saveSettings(db, {
      section: "orders",
      value: { taking: false, resumeOn: "2026-12-01" },
      actor,
      now: NOW,
    });
    expect((await loadContent(db)).settings.orders).toEqual({
      taking: false,
      resumeOn: "2026-12-01",
    });
    const [resume, taking] = await listActivity(db, {
      subject: { type: "settings", id: "orders" },
    });
    expect([taking?.field, taking?.before, taking?.after]).toEqual(["orders.taking", "on", "off"]);
    expect(resume?.after).toBe("2026-12-01");
  });

  it("refuses a save from a page read before someone else's change to the same section", async () => {
    const nino = { staffId: null, name: "Nino" };
    const read = await activityMark(db);
    const orders = { taking: false, resumeOn: null };
    // Another page changes the delivery window: the orders page read before it still saves.
    await saveSettings(db, {
      section: "delivery",
      value: { from: "2026-12-01", daysAhead: 30 },
      actor: nino,
      now: NOW,
    });
    expect(
      await saveSettings(db, {
        section: "orders",
        value: orders,
        actor: nino,
        now: NOW,
        revision: read,
      }),
    ).toBe("saved");
    // A second page read at the same moment would turn taking orders back on: refused.
    const again = { taking: true, resumeOn: null };
    expect(
      await saveSettings(db, {
        section: "orders",
        value: again,
        actor: nino,
        now: NOW,
        revision: read,
      }),
    ).toBe("stale");
    expect((await loadContent(db)).settings.orders).toEqual(orders);
    // Read again after the change, the same save goes through.
    const fresh = await activityMark(db);
    expect(
      await saveSettings(db, {
        section: "orders",
        value: again,
        actor: nino,
        now: NOW,
        revision: fresh,
      }),
    ).toBe("saved");
  });

  it("keeps the desk chats' language, Russian until an owner chooses another", async () => {
    expect((await loadContent(db)).settings.chats).toEqual({ language: "ru" });
    expect(parseChats(new URLSearchParams("language=xx"))).toEqual({
      ok: false,
      errors: ["chatLanguage"],
    });
    const parsed = parseChats(new URLSearchParams("language=ka"));
    if (!parsed.ok) throw new Error("ka is a language of the shop");
    const actor = { staffId: null, name: "Nino" };
    expect(await saveSettings(db, { section: "chats", value: parsed.value, actor, now: NOW })).toBe(
      "saved",
    );
    expect((await loadContent(db)).settings.chats).toEqual({ language: "ka" });
    const [change] = await listActivity(db, { subject: { type: "settings", id: "chats" } });
    expect([change?.field, change?.before, change?.after]).toEqual(["chats.language", "ru", "ka"]);
  });

  it("requires no language but Russian until an owner ticks some (D36)", async () => {
    expect((await loadContent(db)).settings.texts).toEqual({ required: [] });
    // Ticked boxes, in the shop's order; Russian and unknown codes are not stored.
    const parsed = parseTexts(form({ "require-ar": "on", "require-ka": "on", "require-ru": "on" }));
    expect(parsed).toEqual({ ok: true, value: { required: ["ka", "ar"] } });
    expect(parseTexts(form({ "require-xx": "on" }))).toEqual({ ok: true, value: { required: [] } });
    if (!parsed.ok) throw new Error("unreachable");
    const actor = { staffId: null, name: "Nino" };
    expect(await saveSettings(db, { section: "texts", value: parsed.value, actor, now: NOW })).toBe(
      "saved",
    );
    expect((await loadContent(db)).settings.texts).toEqual({ required: ["ka", "ar"] });
    const [change] = await listActivity(db, { subject: { type: "settings", id: "texts" } });
    expect([change?.field, change?.before, change?.after]).toEqual([
      "texts.required",
      "",
      "ka, ar",
    ]);
    // A stored value the shop cannot read requires nothing more.
    expect(readSettings([{ key: "texts", value: '{"required":"ka"}' }]).texts.required).toEqual([]);
    expect(
      readSettings([{ key: "texts", value: '{"required":["de","ru","xx","de"]}' }]).texts.required,
    ).toEqual(["de"]);
  });

  it("keeps the messages section with each change in the trail, in the reader's terms", async () => {
    const actor = { staffId: null, name: "Nino" };
    const parsed = parseMessages(
      form({
        "sms-received": "on",
        "sms-confirmed": "on",
        "sms-delivered": "on",
        segmentPrice: "0.04",
        askCode: "every",
        notifyEmails: "owner@kolkhida.ge",
        notifyPhones: "599 000 111",
      }),
    );
    if (!parsed.ok) throw new Error("the form is right");
    const read = await activityMark(db);
    expect(
      await saveSettings(db, { section: "messages", value: parsed.value, actor, now: NOW }),
    ).toBe("saved");
    expect((await loadContent(db)).settings.messages).toEqual(parsed.value);
    const trail = await listActivity(db, { subject: { type: "settings", id: "messages" } });
    expect(trail.map(({ field, before: was, after }) => [field, was, after]).reverse()).toEqual([
      ["messages.sms.morning", "on", "off"],
      ["messages.segmentPrice", "0.00", "0.04"],
      ["messages.askCode", "never", "every"],
      ["messages.notifyEmails", "", "owner@kolkhida.ge"],
      ["messages.notifyPhones", "", "+995 599 000 111"],
    ]);
    // The trail names every field and shows its values in words.
    for (const { field } of trail) expect(fieldWords(field).kind).toBe("field");
    expect(valueWords("messages.segmentPrice", "0.04")).toEqual({
      kind: "money",
      tetri: 4,
      note: null,
    });
    expect(valueWords("messages.askCode", "every")).toEqual({ kind: "askCode", value: "every" });
    expect(valueWords("messages.sms.morning", "off")).toEqual({ kind: "flag", value: "off" });
    expect(
      await saveSettings(db, { section: "messages", value: parsed.value, actor, now: NOW }),
    ).toBe("unchanged");
    // A page read before that save would lose it: refused.
    expect(
      await saveSettings(db, {
        section: "messages",
        value: { ...parsed.value, askCode: "never" },
        actor,
        now: NOW,
        revision: read,
      }),
    ).toBe("stale");
    expect((await loadContent(db)).settings.messages.askCode).toBe("every");
  });
});
