import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DISK_LOW_SHARE,
  appVersion,
  backupIsStale,
  diskIsLow,
  diskSpace,
  readShopFigures,
} from "~/desk/health.server";
import { getLocale } from "~/i18n/i18next.server";
import { notificationsEnabled } from "~/orders/outbox.server";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { BackUpNow } from "./BackUpNow";
import { Figure } from "./Figure";
import { MessagesFigure } from "./MessagesFigure";
import { backUpNow } from "./back-up-now.server";
import { messagesInWords } from "./messages.server";

const HOUR_MS = 3_600_000;
const GB = 1e9;

/** Whole hours from `at` to `now` (never below 0), or null without `at`. */
function hoursSince(at: number | null, now: number): number | null {
  return at === null ? null : Math.max(0, Math.floor((now - at) / HOUR_MS));
}

/**
 * The shop's health for owners (D72, D77): orders, the outbox, the newest backup
 * and its copy off the server, the database's disk and the running version. The same
 * figures as `/metrics`, in words; and `Back up now`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const now = shop.clock();
  const [figures, disk] = await Promise.all([readShopFigures(shop.db), diskSpace(shop.config)]);
  const backupAt = figures.lastBackupAt;
  const copiedAt = figures.lastRemoteCopyAt;
  const failure = figures.remoteCopyFailure;
  return {
    meta: { title: pageTitle(t, t("health.title"), { brand: false }), noindex: true },
    ordersPlaced: figures.ordersPlaced,
    // Without a bot and its chats nothing is sent: "0 failed" would say all is well.
    notificationsOn: notificationsEnabled(shop.telegram),
    notificationsPending: figures.notificationsPending,
    notificationsFailed: figures.notificationsFailed,
    // Off is the shop as it was before SMS and e-mail (D87): said, with how to turn it on.
    sms: messagesInWords("sms", figures, shop.config.messages.sms !== null, t, language),
    email: messagesInWords("email", figures, shop.config.messages.mail !== null, t, language),
    backup: {
      hours: hoursSince(backupAt, now),
      finished: backupAt === null ? null : formatShopDateTime(backupAt, language),
      stale: backupIsStale(backupAt, now),
    },
    remote: {
      configured: shop.config.backup.remote !== null,
      hours: hoursSince(copiedAt, now),
      finished: copiedAt === null ? null : formatShopDateTime(copiedAt, language),
      stale: backupIsStale(copiedAt, now),
      failure: failure && {
        at: formatShopDateTime(failure.at, language),
        error: failure.error,
      },
    },
    disk: {
      free: (disk.free / GB).toFixed(1),
      total: (disk.total / GB).toFixed(1),
      low: diskIsLow(disk),
      lowPercent: DISK_LOW_SHARE * 100,
      databaseElsewhere: disk.databaseElsewhere,
    },
    version: appVersion,
    build: context.buildVersion ?? null,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/**
 * `Back up now` (./back-up-now.server): the nightly routine, run in this process, answered
 * in words on this page with or without JavaScript.
 */
export async function action({ request }: ActionFunctionArgs) {
  await shop.desk.requireOwner(request, { page: false });
  await readForm(request);
  return backUpNow(shop, request);
}

export default function DeskHealth() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const { backup, remote, disk } = page;
  /** An age in words: under an hour, hours, then days. */
  const ageWords = (hours: number) =>
    hours < 1
      ? t("health.backupRecent")
      : hours < 48
        ? t("health.backupHours", { count: hours })
        : t("health.backupDays", { count: Math.floor(hours / 24) });
  const backupAge = backup.hours === null ? t("health.backupNone") : ageWords(backup.hours);
  const remoteAge = !remote.configured
    ? t("health.remoteOff")
    : remote.hours === null
      ? t("health.remoteNone")
      : ageWords(remote.hours);
  return (
    <section className="desk-page">
      <h1>{t("health.title")}</h1>
      <p>{t("health.intro")}</p>
      <dl className="desk-figures">
        <Figure
          name="orders"
          label={t("health.orders")}
          value={page.ordersPlaced}
          hints={[t("health.ordersHint")]}
        />
        {page.notificationsOn ? (
          <>
            <Figure
              name="pending"
              label={t("health.pending")}
              value={page.notificationsPending}
              hints={[t("health.pendingHint")]}
            />
            <Figure
              name="failed"
              label={t("health.failed")}
              value={page.notificationsFailed}
              alert={page.notificationsFailed > 0}
              hints={[t("health.failedHint")]}
            />
          </>
        ) : (
          <Figure
            name="notifications"
            label={t("health.notifications")}
            value={t("health.notificationsOff")}
            alert
            hints={[]}
            warning={t("health.notificationsOffHint")}
          />
        )}
        <MessagesFigure name="sms" figures={page.sms} />
        <MessagesFigure name="email" figures={page.email} />
        <Figure
          name="backup"
          label={t("health.backup")}
          value={backupAge}
          alert={backup.stale}
          hints={[backup.finished ? t("health.backupAt", { date: backup.finished }) : null]}
          warning={
            backup.stale ? t(backup.finished ? "health.backupStale" : "health.backupFirst") : null
          }
        />
        <Figure
          name="remote"
          label={t("health.remote")}
          value={remoteAge}
          alert={remote.configured && (remote.failure !== null || remote.stale)}
          hints={[
            remote.configured
              ? remote.finished
                ? t("health.backupAt", { date: remote.finished })
                : null
              : t("health.remoteOffHint"),
          ]}
          warning={
            !remote.configured
              ? null
              : remote.failure
                ? t("health.remoteFailed", {
                    date: remote.failure.at,
                    error: remote.failure.error,
                  })
                : remote.stale && remote.finished
                  ? t("health.remoteStale")
                  : null
          }
        />
        <Figure
          name="disk"
          label={t("health.disk")}
          value={t("health.diskValue", { free: disk.free, total: disk.total })}
          alert={disk.low}
          hints={[t(disk.databaseElsewhere ? "health.diskElsewhere" : "health.diskDatabase")]}
          warning={disk.low ? t("health.diskLow", { percent: disk.lowPercent }) : null}
        />
        <Figure
          name="version"
          label={t("health.version")}
          value={page.version}
          hints={[
            page.build ? t("health.build", { build: page.build }) : t("health.buildDevelopment"),
          ]}
        />
      </dl>
      <BackUpNow />
    </section>
  );
}
