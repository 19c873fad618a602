import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "kysely";
import { createCartCookies } from "~/cart/cart.server";
import { type TelegramDesk, createTelegramDesk } from "~/chat/telegram-bot.server";
import { CODE_LIFETIME_MS } from "~/checkout/phone-code";
import { createPhoneCodes, sweepPhoneCodes } from "~/checkout/phone-code.server";
import { createContentStore, loadContent } from "~/content/store.server";
import { createWeeklyJob } from "~/couriers/weekly.server";
import { createDeskSessions } from "~/desk/session.server";
import { createLanguageCookie } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/instance.server";
import { createDispatcher } from "~/orders/dispatcher.server";
import { createExpiryJob } from "~/orders/expiry.server";
import { type TelegramSettings, notificationsEnabled } from "~/orders/outbox.server";
import { fillPhoneKeys } from "~/phone/phone-key.server";
import { createBackups } from "~/platform/backups.server";
import { createBotApi } from "~/platform/bot-api.server";
import { type CalendarDate, shopToday } from "~/platform/calendar";
import { type Clock, systemClock } from "~/platform/clock";
import { databaseTarget, getConfig } from "~/platform/config.server";
import { publicOrigin } from "~/platform/http.server";
import { type Job, createJob } from "~/platform/job.server";
import { createMailer } from "~/platform/mail.server";
import { createFlashSessions } from "~/platform/session.server";
import { createSmsGateway } from "~/platform/sms.server";
import { createThrottleSweep } from "~/platform/throttle.server";
import { createRetentionJob } from "~/privacy/retention.server";
import { createPromoCookie } from "~/promotions/code-cookie.server";
import { createGuessLimit } from "~/promotions/guesses.server";
import { codeSms } from "~/shopper/message-texts";
import { createMorningJob } from "~/shopper/shopper-messages.server";
import { createDatabase } from "../db/connection";
import { migrateToLatest } from "../db/migrate";

/**
 * The composition root: the one place that reads the settings and makes the database,
 * the clock, the Bot API client and the background jobs, once per process. Loaders,
 * actions and jobs take what they need from `shop`; the modules below them take it as
 * arguments (`db` first, an injected `now`), so a test hands them its own.
 */
const config = getConfig();
const clock: Clock = systemClock;
const db = createDatabase(databaseTarget(config));
await migrateToLatest(db);
// Orders placed before phones had a keyed hash get one (D35); the key is not in the database.
await fillPhoneKeys(db, config.phoneHashKey);
/**
 * A shop nobody can run yet (a new install, or a restore of a shop whose owners were all
 * locked out): it says at start how to invite the first owner.
 */
const noOwnerYet = !(await db
  .selectFrom("staff")
  .select("id")
  .where("role", "=", "owner")
  .where("disabled_at", "is", null)
  .executeTakeFirst());
/** The catalogue and settings shoppers see, in memory, following every owner's change. */
const content = createContentStore({ db, initial: await loadContent(db) });

const telegram: TelegramSettings = {
  botToken: config.telegram.botToken,
  chatIds: config.telegram.chatIds,
  deskChatIds: config.telegram.deskChatIds,
  holdAfterRefusals: config.desk.holdAfterRefusals,
  // The desk chats read the language the owner set (the shop's default until then): every
  // message, button, answer and sign-in link the shop writes there, and the product
  // titles stored with an order. Read at each use, so a change applies at once.
  get language() {
    return content.current().settings.chats.language;
  },
  publicUrl: config.publicUrl,
  reviewAfterDays: config.desk.reviewAfterDays,
  phoneHashKey: config.phoneHashKey,
  messaging: {
    sms: config.messages.sms !== null,
    email: config.messages.mail !== null,
    publicUrl: config.publicUrl,
    smsKinds: () => content.current().settings.messages.sms,
    desk: () => {
      const { settings } = content.current();
      const unique = (list: string[]) => [...new Set(list)];
      return {
        emails: unique([...config.messages.deskEmails, ...settings.messages.notifyEmails]),
        phones: unique([...config.messages.deskPhones, ...settings.messages.notifyPhones]),
        language: settings.chats.language,
      };
    },
  },
};
const bot = config.telegram.botToken
  ? createBotApi({ botToken: config.telegram.botToken, apiUrl: config.telegram.apiUrl })
  : null;

/** SMS through the gateway (D87); off without SMS_API_KEY. */
const sms = config.messages.sms ? createSmsGateway(config.messages.sms) : null;
/** E-mail through the shop's SMTP server (D87); off without SMTP_URL. */
const mailer = config.messages.mail ? createMailer(config.messages.mail) : null;

/** Sends the outbox (D13, D87); off when the shop has no way to send anything. */
const outbox: Job | null =
  (bot && notificationsEnabled(telegram)) || sms || mailer
    ? createDispatcher({
        db,
        api: bot && notificationsEnabled(telegram) ? bot : null,
        sms,
        mailer,
        stopKey: config.phoneHashKey,
        now: clock,
      })
    : null;
const kickOutbox = () => outbox?.kick();

/**
 * The checkout's codes by SMS (D87), sent at once; null without an SMS gateway, and then
 * no code is asked whatever the owner chose.
 */
const codes = sms
  ? createPhoneCodes({
      db,
      now: clock,
      key: config.phoneHashKey,
      text: (code, language) =>
        codeSms(code, fixedT(language, "checkout"), CODE_LIFETIME_MS / 60_000),
      onQueued: kickOutbox,
    })
  : null;

/** The chat as a second desk (D25): presses by webhook or long poll. */
const telegramDesk: TelegramDesk | null =
  bot && notificationsEnabled(telegram) && telegram.deskChatIds.length > 0
    ? createTelegramDesk({
        config,
        db,
        api: bot,
        chat: telegram,
        now: clock,
        holder: `${hostname()}:${process.pid}:${randomUUID()}`,
        onChange: kickOutbox,
      })
    : null;

/** EXPIRE_UNCONFIRMED_HOURS: cancels new orders nobody confirmed in time (off by default). */
const expiry: Job | null =
  config.desk.expireUnconfirmedHours === null
    ? null
    : createExpiryJob({
        db,
        now: clock,
        hours: config.desk.expireUnconfirmedHours,
        chat: telegram,
        onChange: kickOutbox,
      });

/** Monday 09:00 in Tbilisi: last week's numbers to the desk chats (D68). */
const weekly: Job | null =
  bot && telegram.deskChatIds.length > 0
    ? createWeeklyJob({ db, now: clock, chat: telegram, onQueued: kickOutbox })
    : null;

/** 09:00 in Tbilisi on a delivery date: each shopper hears of it, in Telegram, by SMS or e-mail. */
const morning: Job | null =
  bot || sms || mailer
    ? createMorningJob({ db, now: clock, messaging: telegram.messaging, onQueued: kickOutbox })
    : null;

/** Once a day, by whichever process comes first: personal data past its keeping time (D35). */
const retention: Job = createRetentionJob({
  db,
  now: clock,
  retention: config.retention,
  chat: bot && notificationsEnabled(telegram) ? telegram : null,
  onChanged: kickOutbox,
});

/** Every minute: the limits' attempts whose window is over, with the addresses they name. */
const throttleSweep: Job = createThrottleSweep({ db, now: clock });

/** Every minute: the checkout's codes made more than an hour ago (D87). */
const codeSweep: Job = createJob({
  name: "The checkout codes' sweep",
  everyMs: 60_000,
  run: () => sweepPhoneCodes(db, clock()),
  log: console,
});

/** The owners' `Back up now`: the nightly timer's routine, run in this process (D79). */
const backups = createBackups(db, {
  target: databaseTarget(config),
  now: clock,
  settings: config.backup,
  secrets: { SESSION_SECRET: config.sessionSecret, PHONE_HASH_KEY: config.phoneHashKey },
  log: console,
});

export const shop = {
  config,
  db,
  clock,
  /** The desk's sessions and guards (D23, D31). */
  desk: createDeskSessions({ db, clock, config }),
  /** The cart cookie (D4): `shop.cart.read(request, known)`, `shop.cart.commit(cart)`. */
  cart: createCartCookies({ secure: config.trustProxy }),
  /** The promo code applied in this browser (D86), signed: `shop.promo.read`, `.commit`. */
  promo: createPromoCookie({ secret: config.sessionSecret, secure: config.trustProxy }),
  /** Promo codes guessed per client (D86): 10 unknown ones in 15 minutes, then a wait. */
  guesses: createGuessLimit(db, clock),
  /** The language cookie (D15) as a `?lng=` switch writes it. */
  language: createLanguageCookie({ secure: config.trustProxy }),
  /** The signed session cookie: a toast, a desk outcome, the order just placed. */
  flash: createFlashSessions({ secret: config.sessionSecret, secure: config.trustProxy }),
  /** The shop's absolute address for a request: PUBLIC_URL (D29), see `publicOrigin`. */
  origin: (request: Request): string => publicOrigin(request, config),
  /** The shop's calendar date in Tbilisi now (D6). */
  today: (): CalendarDate => shopToday(clock()),
  /**
   * The server's one translator: the dictionaries' texts in a language and namespace
   * (`fixedT`, made once per language). A route asks with the request's language
   * (`getLocale`), a chat text with `telegram.language`.
   */
  t: fixedT,
  telegram,
  /** The one Bot API client; null without a bot token. */
  bot,
  telegramDesk,
  /** The bot's username for `Follow in Telegram` links; null without a bot, or until known. */
  botUsername: (): string | null => telegramDesk?.username() ?? null,
  /** Sends what was just queued in the outbox now rather than at the next look. */
  kickOutbox,
  /** The checkout's codes by SMS (D87); null while SMS is off. */
  codes,
  /** The catalogue and settings as shoppers see them now, from memory (no database wait). */
  content: content.current,
  /** After an owner's change: this process serves it at once (the others within a second). */
  refreshContent: content.refresh,
  /** A backup now, as the nightly timer makes it; one at a time in this process. */
  backUpNow: backups.run,
};

let started = false;

/**
 * Starts the background work: the outbox first, so messages left pending by a crash or a
 * restart go out at once, then the chat's buttons and the expiry of unconfirmed orders.
 */
export function startShop(): void {
  if (started) return;
  started = true;
  // Said by the first process only, so several workers print it once; one line, since the
  // server writes its log as JSON lines.
  if (noOwnerYet && (cluster.isPrimary || cluster.worker?.id === 1))
    console.info(
      'No owner can sign in to the desk yet. Invite the first one with a one-time sign-in link: npm run desk:invite -- --name "Your name" --role owner (on a server set up from deploy/: /srv/herbal-shop/deploy/shop desk:invite --name "Your name" --role owner).',
    );
  if (!bot) console.info("Telegram notifications are off: TELEGRAM_BOT_TOKEN is not set.");
  if (!config.publicUrl && process.env.NODE_ENV === "production") {
    console.info(
      `PUBLIC_URL is not set: canonical links and the sitemap name http://localhost:${config.port}.`,
    );
  }
  content.watcher.start();
  outbox?.start();
  telegramDesk?.start();
  expiry?.start();
  weekly?.start();
  morning?.start();
  retention.start();
  throttleSweep.start();
  codeSweep.start();
}

/** Ends the long poll and the jobs, sends what the outbox is sending, closes the database. */
export async function stopShop(): Promise<void> {
  await Promise.all([
    telegramDesk?.stop(),
    expiry?.stop(),
    weekly?.stop(),
    morning?.stop(),
    retention.stop(),
    throttleSweep.stop(),
    codeSweep.stop(),
    content.watcher.stop(),
  ]);
  await outbox?.stop();
  mailer?.close();
  // Several workers share one SQLite file, and only the last to close would fold the
  // write-ahead log back into it; which is last is chance. Each folds in what it can now,
  // so the file on disk is whole whatever the order (a backup copies the file alone).
  if (!config.databaseUrl) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db).catch(() => {});
  await db.destroy();
}
