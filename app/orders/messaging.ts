import type { LanguageCode } from "~/i18n/languages";
import type { MessageKind } from "~/shopper/message-texts";

/**
 * What the shop can send besides Telegram, and what the owner chose (D87). Made by the
 * composition root; the owner's choices are read at each use, so a change applies at once.
 */
export interface Messaging {
  /** An SMS gateway is configured. */
  sms: boolean;
  /** An SMTP server is configured. */
  email: boolean;
  /** PUBLIC_URL: the links in messages; none without it. */
  publicUrl: string | null;
  /** Which of the shopper's messages go by SMS (`/desk/settings`). */
  smsKinds(): Record<MessageKind, boolean>;
  /** Who hears of each new order: DESK_NOTIFY_* and the settings' lists together. */
  desk(): { emails: string[]; phones: string[]; language: LanguageCode };
}
