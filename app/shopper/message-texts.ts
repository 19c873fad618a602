import escapeHtml from "escape-html";
import { isolate } from "~/i18n/isolate";
import { type LanguageCode, getLanguage } from "~/i18n/languages";
import { TETRI_PER_LARI, formatPrice } from "~/i18n/money";
import type { Translate } from "~/orders/message";
import { formatShopDate, isoWeekday, parseIsoDate } from "~/platform/calendar";
import { smsSegments } from "~/platform/sms-segments";

// The words of every message the shop sends by SMS and email (issue 39): to the shopper
// about their order, to the owner about a new order, and the checkout's code. Pure: the
// caller gives the translator in the reader's language (`fixedT(language, "checkout")`
// for the shopper, the desk chats' for the owner) and queues what comes back.

/** The shopper's messages about an order, in the order they come. */
export type MessageKind = "received" | "confirmed" | "morning" | "delivered";
export const messageKinds: readonly MessageKind[] = [
  "received",
  "confirmed",
  "morning",
  "delivered",
];

/** A shopper's SMS is at most this many parts, the link included (issue 39). */
export const SMS_MAX_SEGMENTS = 2;

/** How long the checkout's code holds, unless the caller says otherwise (issue 39). */
export const CODE_VALID_MINUTES = 10;

/** An order as its messages tell it. */
export interface OrderMessageView {
  /** The order's number as the shop shows it (`formatOrderNumber`). */
  number: string;
  /** The cash to have ready for the courier, in tetri (`orderAmounts(order).total`). */
  total: number;
  /** The delivery day, YYYY-MM-DD; null when the order has none. */
  deliveryDate: string | null;
  /** The courier's name once the parcel is handed over (the delivery day's message). */
  courier: string | null;
  /** Absolute: the order's private page, or for `delivered` its review (`…/o/{token}#review`). */
  link: string | null;
  language: LanguageCode;
}

/** An email also says how to stop messages: the unsubscribe link, when there is one. */
export interface OrderEmailView extends OrderMessageView {
  unsubscribe: string | null;
}

export interface EmailMessage {
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part: a whole document, inline styles only. */
  html: string;
}

/** A new order as the owner's notice tells it, in the desk chats' language. */
export interface DeskOrderView {
  number: string;
  /** In tetri. */
  total: number;
  /** The phone as the desk writes it. */
  phone: string;
  /** The delivery area, named in the desk's language; null for an order without one. */
  area: string | null;
  /** YYYY-MM-DD, or null. */
  deliveryDate: string | null;
  /** The order in the desk, absolute. */
  link: string | null;
  language: LanguageCode;
}

/**
 * An amount in an SMS: whole lari without decimals ("145"), else two ("145.50"); ASCII
 * digits, a point, no grouping, so it costs the same in every language and encoding and
 * reads the same on any phone. The currency's word is the dictionary's.
 */
export function smsAmount(tetri: number): string {
  const lari = tetri / TETRI_PER_LARI;
  return tetri % TETRI_PER_LARI === 0 ? String(lari) : lari.toFixed(2);
}

/** A name typed by a person, on one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The delivery day's weekday and date (DD.MM.YY), or null for an order without a day. */
function deliveryDay(iso: string | null, t: Translate): { day: string; date: string } | null {
  const date = iso ? parseIsoDate(iso) : null;
  if (!date) return null;
  return { day: t(`checkout:weekday.${isoWeekday(date)}`), date: formatShopDate(date) };
}

function withLink(text: string, link: string | null): string {
  return link ? `${text}\n${link}` : text;
}

/**
 * The shopper's SMS of `kind`, in the translator's language, the link on its own last
 * line. Short enough for two parts with a 7-digit number, a 10-digit amount and a link
 * of 76 characters in every language (tests/unit/message-texts.test.ts); a courier's
 * name that would make the delivery day's longer is left out.
 */
export function smsText(kind: MessageKind, order: OrderMessageView, t: Translate): string {
  const { number } = order;
  const total = smsAmount(order.total);
  switch (kind) {
    case "received":
      return withLink(t("messages:sms.received", { number, total }), order.link);
    case "confirmed": {
      const when = deliveryDay(order.deliveryDate, t);
      const text = when
        ? t("messages:sms.confirmed", { number, ...when })
        : t("messages:sms.confirmedUndated", { number });
      return withLink(text, order.link);
    }
    case "morning": {
      const courier = order.courier ? oneLine(order.courier) : "";
      if (courier) {
        const text = t("messages:sms.morningCourier", { number, total, courier });
        if (smsSegments(text) <= SMS_MAX_SEGMENTS) return text;
      }
      return t("messages:sms.morning", { number, total });
    }
    case "delivered":
      return order.link
        ? withLink(t("messages:sms.deliveredReview", { number }), order.link)
        : t("messages:sms.delivered", { number });
  }
}

/** The checkout's code by SMS: one part in every language. */
export function codeSms(code: string, t: Translate, minutes = CODE_VALID_MINUTES): string {
  return t("messages:code", { code, count: minutes });
}

/**
 * What an email says, before it is written twice. Values inside its texts are wrapped by
 * `isolate`, so a price, a date or a name reads right in a right-to-left sentence.
 */
interface EmailContent {
  language: LanguageCode;
  subject: string;
  paragraphs: string[];
  /** The one thing to do: a button in HTML, the address on its own line in text. */
  action: { label: string; href: string } | null;
  /** The last lines: why this email came and how to stop such emails. */
  footer: string[];
  /** The stop link, after the footer's last line. */
  stop: { label: string; href: string } | null;
}

const ISOLATED = /\u2068([^\u2068\u2069]*)\u2069/g;

/** A text for the plain part or a header: isolates kept where they matter, right to left. */
function plain(text: string, language: LanguageCode): string {
  return getLanguage(language).dir === "rtl" ? text : text.replace(/[\u2068\u2069]/g, "");
}

/** A text for the HTML part: escaped, each isolated value a <bdi>. */
function markup(text: string): string {
  return escapeHtml(text).replace(ISOLATED, "<bdi>$1</bdi>");
}

const FONT = "font-family:Arial,Helvetica,sans-serif;";
const COLORS = { text: "#1f2a1f", muted: "#4a5748", primary: "#2f5d3a", onPrimary: "#ffffff" };

function renderEmail(content: EmailContent): EmailMessage {
  const { language } = content;
  const text = [
    content.paragraphs.map((paragraph) => plain(paragraph, language)).join("\n"),
    ...(content.action ? [`${plain(content.action.label, language)}\n${content.action.href}`] : []),
    [
      ...content.footer.map((line) => plain(line, language)),
      ...(content.stop ? [content.stop.href] : []),
    ].join("\n"),
  ].join("\n\n");

  const { htmlLang, dir } = getLanguage(language);
  const subject = plain(content.subject, language);
  const paragraph = (inner: string) =>
    `<p style="margin:0 0 12px;font-size:16px;line-height:1.5;">${inner}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(content.action.href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background-color:${COLORS.primary};color:${COLORS.onPrimary};${FONT}font-size:16px;font-weight:bold;text-decoration:underline;">${markup(content.action.label)}</a></p>`
    : "";
  const stop = content.stop
    ? ` <a href="${escapeHtml(content.stop.href)}" style="color:${COLORS.muted};text-decoration:underline;">${markup(content.stop.label)}</a>`
    : "";
  const footer = content.footer
    .map(
      (line, index) =>
        `<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:${COLORS.muted};">${markup(line)}${index === content.footer.length - 1 ? stop : ""}</p>`,
    )
    .join("\n");
  const html = [
    "<!DOCTYPE html>",
    `<html lang="${htmlLang}" dir="${dir}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    "</head>",
    `<body style="margin:0;padding:0;background-color:#ffffff;color:${COLORS.text};">`,
    // Mail readers that drop the html element's attributes keep these.
    `<div lang="${htmlLang}" dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px 16px;${FONT}color:${COLORS.text};">`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${markup(content.subject)}</h1>`,
    ...content.paragraphs.map((line) => paragraph(markup(line))),
    action,
    `<div style="margin-top:32px;padding-top:16px;border-top:1px solid #d9dccf;">`,
    footer,
    "</div>",
    "</div>",
    "</body>",
    "</html>",
  ]
    .filter((line) => line !== "")
    .join("\n");
  return { subject, text, html };
}

/**
 * The shopper's email of `kind`: its subject, a plain-text part and an HTML part in the
 * order's language and direction, ending with how to stop these messages (the
 * unsubscribe link, or to contact the shop when there is none).
 */
export function emailMessage(
  kind: MessageKind,
  order: OrderEmailView,
  t: Translate,
  shop: { name?: string },
): EmailMessage {
  const { number } = order;
  const total = isolate(formatPrice(order.total, order.language));
  const paragraphs: string[] = [];
  switch (kind) {
    case "received":
      paragraphs.push(
        t("messages:email.received", { number }),
        t("checkout:thanks.total", { total }),
      );
      break;
    case "confirmed": {
      const when = deliveryDay(order.deliveryDate, t);
      paragraphs.push(
        when
          ? t("messages:sms.confirmed", { number, ...when, date: isolate(when.date) })
          : t("messages:sms.confirmedUndated", { number }),
        t("checkout:thanks.total", { total }),
      );
      break;
    }
    case "morning": {
      paragraphs.push(t("checkout:bot.morning", { number, total }));
      const courier = order.courier ? oneLine(order.courier) : "";
      if (courier) paragraphs.push(t("messages:email.courier", { courier: isolate(courier) }));
      break;
    }
    case "delivered":
      paragraphs.push(
        order.link
          ? t("checkout:bot.review", { number })
          : t("checkout:bot.status.delivered", { number }),
      );
      break;
  }
  const name = shop.name ? oneLine(shop.name) : "";
  const why = name
    ? t("messages:email.why", { shop: isolate(name) })
    : t("messages:email.whyUnnamed");
  return renderEmail({
    language: order.language,
    subject: t(`messages:email.subject.${kind}`, { number }),
    paragraphs,
    action: order.link
      ? {
          label: kind === "delivered" ? t("messages:email.review") : t("messages:email.open"),
          href: order.link,
        }
      : null,
    footer: order.unsubscribe
      ? [why, t("messages:email.stop")]
      : [why, t("messages:email.stopAsk")],
    stop: order.unsubscribe
      ? { label: t("messages:email.stopLink"), href: order.unsubscribe }
      : null,
  });
}

/** The owner's SMS about a new order: number and amount, phone, area, day, the desk's link. */
export function deskNewOrderSms(view: DeskOrderView, t: Translate): string {
  const day = view.deliveryDate ? parseIsoDate(view.deliveryDate) : null;
  // Each value on its own line without its label, so the notice fits two parts: a phone,
  // a place and a date read as what they are.
  const lines = [
    t("desk:messages.sms", { number: view.number, total: smsAmount(view.total) }),
    view.phone,
    ...(view.area ? [oneLine(view.area)] : []),
    ...(day ? [formatShopDate(day)] : []),
  ];
  return withLink(lines.join("\n"), view.link);
}

/** The owner's email about a new order, in the desk chats' language. */
export function deskNewOrderEmail(view: DeskOrderView, t: Translate): EmailMessage {
  const total = isolate(formatPrice(view.total, view.language));
  const day = view.deliveryDate ? parseIsoDate(view.deliveryDate) : null;
  return renderEmail({
    language: view.language,
    subject: t("desk:messages.subject", { number: view.number, total }),
    paragraphs: [
      `${t("desk:chat.message.phone")} ${isolate(view.phone)}`,
      ...(view.area ? [`${t("desk:messages.area")} ${isolate(oneLine(view.area))}`] : []),
      ...(day ? [`${t("desk:chat.message.deliveryDate")} ${isolate(formatShopDate(day))}`] : []),
      `${t("desk:chat.message.total")} ${total} ${t("desk:chat.message.cashOnDelivery")}`,
    ],
    action: view.link ? { label: t("desk:chat.openInDesk"), href: view.link } : null,
    footer: [t("desk:messages.stop")],
    stop: null,
  });
}
