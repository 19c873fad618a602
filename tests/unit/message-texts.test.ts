import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/instance.server";
import { type LanguageCode, languageCodes } from "~/i18n/languages";
import type { Translate } from "~/orders/message";
import { smsSegments } from "~/platform/sms-segments";
import {
  type DeskOrderView,
  type OrderEmailView,
  codeSms,
  deskNewOrderEmail,
  deskNewOrderSms,
  emailMessage,
  messageKinds,
  smsAmount,
  smsText,
} from "~/shopper/message-texts";

const shopperT = (language: LanguageCode) => fixedT(language, "checkout") as unknown as Translate;
const deskT = (language: LanguageCode) => fixedT(language, "desk") as unknown as Translate;

const TOKEN = "A".repeat(43);
const LINK = `https://example-shop.ge/o/${TOKEN}`;
/** The review link is the page's with `#review`: the longest link a shopper's SMS carries. */
const REVIEW_LINK = `${LINK}#review`;
/** A Monday to Sunday, so every weekday's name is tried. */
const WEEK = [
  "2026-12-07",
  "2026-12-08",
  "2026-12-09",
  "2026-12-10",
  "2026-12-11",
  "2026-12-12",
  "2026-12-13",
];
/** Twenty characters each: one the GSM alphabet has, one that makes any text UCS-2. */
const COURIERS = ["Aleksandre Gelashvil", "ალექსანდრე გელაშვილი"];

/** The longest order the shop can have: a 7-digit number, 1 234 567.89 GEL. */
function worstOrder(language: LanguageCode): OrderEmailView {
  return {
    number: "1234567",
    total: 123_456_789,
    deliveryDate: "2026-12-08",
    courier: COURIERS[1] ?? null,
    link: LINK,
    language,
    unsubscribe: "https://example-shop.ge/stop/abc",
  };
}

/** What a key left untranslated, or a missing one, would leave in the text. */
const UNTRANSLATED = /checkout:|desk:|messages\.|bot\.|\{\{|undefined|null/;

describe("an amount in an SMS (smsAmount)", () => {
  it("is whole lari without decimals, else two, in ASCII digits without grouping", () => {
    expect(smsAmount(14_500)).toBe("145");
    expect(smsAmount(14_550)).toBe("145.50");
    expect(smsAmount(14_505)).toBe("145.05");
    expect(smsAmount(5)).toBe("0.05");
    expect(smsAmount(0)).toBe("0");
    expect(smsAmount(123_456_789)).toBe("1234567.89");
    expect(smsAmount(100_000_000)).toBe("1000000");
  });
});

describe.each(languageCodes)("the shopper's SMS in %s", (language) => {
  const t = shopperT(language);

  it("takes at most two parts for every kind with the longest order and link", () => {
    for (const kind of messageKinds) {
      for (const deliveryDate of [...WEEK, null]) {
        for (const courier of [...COURIERS, null]) {
          for (const link of [kind === "delivered" ? REVIEW_LINK : LINK, null]) {
            const text = smsText(kind, { ...worstOrder(language), deliveryDate, courier, link }, t);
            expect(smsSegments(text), `${kind}: ${text}`).toBeLessThanOrEqual(2);
            expect(text, `${kind}: ${text}`).not.toMatch(UNTRANSLATED);
            expect(text).toContain("1234567");
          }
        }
      }
    }
  });

  it("says the amount and the link on receipt, the day on confirmation, the link last", () => {
    const order = worstOrder(language);
    const received = smsText("received", order, t);
    expect(received).toContain("1234567.89");
    expect(received.endsWith(`\n${LINK}`)).toBe(true);
    const confirmed = smsText("confirmed", { ...order, deliveryDate: "2026-12-11" }, t);
    expect(confirmed).toContain("11.12.26");
    expect(confirmed).toContain(t("checkout:weekday.5"));
    expect(confirmed.endsWith(`\n${LINK}`)).toBe(true);
    const undated = smsText("confirmed", { ...order, deliveryDate: null }, t);
    expect(undated).not.toMatch(/\d\d\.\d\d\.\d\d/);
    const review = smsText("delivered", { ...order, link: REVIEW_LINK }, t);
    expect(review.endsWith(`\n${REVIEW_LINK}`)).toBe(true);
    const thanks = smsText("delivered", { ...order, link: null }, t);
    expect(thanks).not.toContain("http");
  });

  it("names the courier on the delivery day, with the cash to have ready", () => {
    for (const courier of COURIERS) {
      const morning = smsText("morning", { ...worstOrder(language), courier }, t);
      expect(morning).toContain(courier);
      expect(morning).toContain("1234567.89");
    }
    const without = smsText("morning", { ...worstOrder(language), courier: null }, t);
    expect(without).toContain("1234567.89");
  });

  it("leaves out a courier's name too long for two parts, and keeps the cash", () => {
    const courier = "ა".repeat(80);
    const morning = smsText("morning", { ...worstOrder(language), courier }, t);
    expect(morning).not.toContain(courier);
    expect(morning).toContain("1234567.89");
    expect(smsSegments(morning)).toBeLessThanOrEqual(2);
  });

  it("sends the checkout's code in one part", () => {
    for (const minutes of [1, 2, 3, 5, 10, 11, 15, 21, 100]) {
      const text = codeSms("123456", t, minutes);
      expect(smsSegments(text), text).toBe(1);
      expect(text).toContain("123456");
      expect(text).not.toMatch(UNTRANSLATED);
    }
    expect(codeSms("123456", t)).toContain("10");
  });
});

describe("the English texts", () => {
  const t = shopperT("en");
  const order = { ...worstOrder("en"), total: 14_500, courier: null };

  it("say exactly how much cash to have ready on the delivery day", () => {
    expect(smsText("morning", order, t)).toContain("have 145 GEL ready");
    expect(smsText("morning", { ...order, courier: "Giorgi" }, t)).toContain("have 145 GEL ready");
    expect(smsText("morning", { ...order, total: 14_550 }, t)).toContain("have 145.50 GEL ready");
  });

  it("travel in GSM-7: 160 characters a part, not 70", () => {
    const received = smsText("received", order, t);
    expect(received.length).toBeGreaterThan(70);
    expect(smsSegments(received)).toBe(1);
  });

  it("give the code as the checkout promises it", () => {
    expect(codeSms("123456", t)).toBe("Your code: 123456. It is valid for 10 minutes.");
  });
});

describe.each(languageCodes)("the shopper's email in %s", (language) => {
  const t = shopperT(language);
  const rtl = language === "ar" || language === "he";

  it("has a subject, a plain-text part and an HTML part in the order's language", () => {
    for (const kind of messageKinds) {
      const mail = emailMessage(kind, worstOrder(language), t, { name: "Kolkhida" });
      expect(mail.subject).toContain("1234567");
      expect(mail.subject).not.toMatch(UNTRANSLATED);
      expect(mail.text).toContain("1234567");
      expect(mail.text).not.toMatch(UNTRANSLATED);
      expect(mail.text).not.toMatch(/<[a-z]/i);
      expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="[a-z]{2}" dir="(ltr|rtl)">/);
      expect(mail.html).toContain(`<a href="${kind === "delivered" ? LINK : LINK}"`);
      expect(mail.html).not.toMatch(UNTRANSLATED);
      expect(mail.html).toMatch(/<title>[^<]+<\/title>/);
      // Inline styles only: nothing a mail reader would strip or fetch.
      expect(mail.html).not.toMatch(/<style|<link|class=/);
    }
  });

  it(`is written ${rtl ? "right to left" : "left to right"}, with the language's tag`, () => {
    const mail = emailMessage("received", worstOrder(language), t, {});
    const tag = language === "am" ? "hy" : language;
    const dir = rtl ? "rtl" : "ltr";
    expect(mail.html).toContain(`<html lang="${tag}" dir="${dir}">`);
    expect(mail.html).toContain(`<div lang="${tag}" dir="${dir}"`);
  });

  it("says the cash and the day, and names the courier", () => {
    const order = worstOrder(language);
    const confirmed = emailMessage("confirmed", order, t, {});
    expect(confirmed.text).toMatch(/1[\s\u00a0,.]?234[\s\u00a0,.]?567[.,]89/);
    expect(confirmed.text).toContain("08.12.26");
    expect(confirmed.html).toContain("<bdi>08.12.26</bdi>");
    const morning = emailMessage("morning", order, t, {});
    expect(morning.text).toContain(COURIERS[1]);
    expect(morning.html).toContain(`<bdi>${COURIERS[1]}</bdi>`);
  });

  it("ends each part with how to stop these messages", () => {
    const order = worstOrder(language);
    for (const kind of messageKinds) {
      const mail = emailMessage(kind, order, t, { name: "Kolkhida" });
      expect(mail.text.endsWith(`\n${order.unsubscribe}`)).toBe(true);
      expect(mail.text).toContain(t("messages:email.stop"));
      expect(mail.html).toMatch(
        /<a href="https:\/\/example-shop\.ge\/stop\/abc"[^>]*>[^<]+<\/a><\/p>\n<\/div>\n<\/div>\n<\/body>\n<\/html>$/,
      );
      const asking = emailMessage(kind, { ...order, unsubscribe: null }, t, {});
      const ask = t("messages:email.stopAsk");
      expect(asking.text.endsWith(rtl ? ask : ask.replace(/[\u2068\u2069]/g, ""))).toBe(true);
      expect(asking.html).toContain(ask);
    }
  });

  it("escapes every value in the HTML part", () => {
    const order = {
      ...worstOrder(language),
      courier: "<script>alert(1)</script>",
      link: `${LINK}?a=1&b="2"`,
    };
    const mail = emailMessage("morning", order, t, { name: "<b>Shop</b>" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>Shop");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;b&gt;Shop&lt;/b&gt;");
    expect(mail.html).toContain(`href="${LINK}?a=1&amp;b=&quot;2&quot;"`);
    // The plain part is plain: the value as it is.
    expect(mail.text).toContain("<script>alert(1)</script>");
  });

  it("asks for a review on the review link once delivered, and thanks without one", () => {
    const order = { ...worstOrder(language), link: REVIEW_LINK };
    const review = emailMessage("delivered", order, t, {});
    expect(review.text).toContain(REVIEW_LINK);
    expect(review.html).toContain(t("messages:email.review"));
    const thanks = emailMessage("delivered", { ...order, link: null }, t, {});
    expect(thanks.text).not.toContain("/o/");
    expect(thanks.html).not.toContain("/o/");
  });
});

describe.each(languageCodes)("the owner's new-order notice in %s", (language) => {
  const t = deskT(language);
  const view: DeskOrderView = {
    number: "1234567",
    total: 123_456_789,
    phone: "+995 555 12 34 56",
    area: "ვაკე-საბურთალო, ზემო",
    deliveryDate: "2026-12-08",
    link: "https://example-shop.ge/desk/orders/1234567",
    language,
  };

  it("by SMS: number, amount, phone, area, day and the desk's link in two parts", () => {
    const text = deskNewOrderSms(view, t);
    for (const part of ["1234567.89", view.phone, view.area, "08.12.26"]) {
      expect(text).toContain(part);
    }
    expect(text.endsWith(`\n${view.link}`)).toBe(true);
    expect(text).not.toMatch(UNTRANSLATED);
    expect(smsSegments(text), text).toBeLessThanOrEqual(2);
    const bare = deskNewOrderSms({ ...view, area: null, deliveryDate: null, link: null }, t);
    expect(bare.split("\n")).toHaveLength(2);
  });

  it("by email: both parts, the desk's link, escaped, how to stop them", () => {
    const mail = deskNewOrderEmail({ ...view, area: "<i>Vake</i>" }, t);
    expect(mail.subject).toContain("1234567");
    // The title is text: the amount isolated in the heading, never in it.
    expect(mail.html).toMatch(/<title>[^<]+<\/title>/);
    expect(mail.text).toContain(view.phone);
    expect(mail.text).toContain("<i>Vake</i>");
    expect(mail.text).toContain(view.link);
    expect(mail.text.endsWith(t("desk:messages.stop"))).toBe(true);
    expect(mail.html).toContain(`<a href="${view.link}"`);
    expect(mail.html).toContain("&lt;i&gt;Vake&lt;/i&gt;");
    expect(mail.html).not.toContain("<i>");
    expect(mail.html).toContain(`dir="${language === "ar" || language === "he" ? "rtl" : "ltr"}"`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(UNTRANSLATED);
  });
});
