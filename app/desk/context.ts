import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import type { Content } from "~/content/store.server";
import type { LanguageCode } from "~/i18n/languages";
import type { TelegramSettings } from "~/orders/outbox.server";
import type { BackupOutcome } from "~/platform/backups.server";
import type { BotApi } from "~/platform/bot-api.server";
import type { CalendarDate } from "~/platform/calendar";
import type { Clock } from "~/platform/clock";
import type { LoadedConfig } from "~/platform/config.server";
import type { FlashSessions } from "~/platform/session.server";
import type { Database } from "../../db/schema";
import type { DeskSessions } from "./session.server";

/**
 * What the desk's services take from the shop. The composition root (`app/shop.server.ts`)
 * is one, and routes pass it in: nothing below the routes imports it, so a test can hand
 * a service a context of its own.
 */
export interface DeskContext {
  db: Kysely<Database>;
  clock: Clock;
  today(): CalendarDate;
  config: LoadedConfig;
  telegram: TelegramSettings;
  /** The Bot API client; null without a bot token. */
  bot: BotApi | null;
  t(language: LanguageCode, namespace: string): TFunction;
  content(): Content;
  /** After an owner's change: this process serves it at once (the others within a second). */
  refreshContent(): Promise<Content>;
  kickOutbox(): void;
  /** The desk's sessions and guards. */
  desk: DeskSessions;
  /** The signed session cookie for the next page's message (a toast, an outcome). */
  flash: FlashSessions;
  /** The shop's absolute address for a request (PUBLIC_URL, D29): `publicOrigin`. */
  origin(request: Request): string;
  /** The nightly backup routine, run now in this process (D79). */
  backUpNow(): Promise<BackupOutcome>;
}
