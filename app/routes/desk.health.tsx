import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
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
import { getLanguage } from "~/i18n/languages";
import { formatShopDateTime } from "~/platform/calendar";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

const HOUR_MS = 3_600_000;
const GB = 1e9;
const MB = 1e6;

/** Whole hours from `at` to `now` (never below 0), or null without `at`. */
function hoursSince(at: number | null, now: number): number | null {
  return at === null ? null : Math.max(0, Math.floor((now - at) / HOUR_MS));
}

/**
 * The shop's health for owners (decisions 031, 036): orders, the outbox, the newest backup
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
    notificationsPending: figures.notificationsPending,
    notificationsFailed: figures.notificationsFailed,
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
 * `Back up now`: the nightly routine, run in this process (one at a time; a second press
 * meanwhile waits for the same run). Its outcome is answered in words on this page, with
 * or without JavaScript; a backup made twice in a day replaces that day's file.
 */
export async function action({ request }: ActionFunctionArgs) {
  await shop.desk.requireOwner(request, { page: false });
  await readForm(request);
  const language = await getLocale(request);
  const locale = getLanguage(language).htmlLang;
  const outcome = await shop.backUpNow();
  switch (outcome.kind) {
    case "unconfigured":
      return data({ result: { kind: "unconfigured" as const } }, 409);
    case "failed":
      return data({ result: { kind: "failed" as const, error: outcome.message } }, 500);
    case "done": {
      const size =
        outcome.bytes >= MB / 10
          ? new Intl.NumberFormat(locale, {
              style: "unit",
              unit: "megabyte",
              maximumFractionDigits: 1,
            }).format(outcome.bytes / MB)
          : new Intl.NumberFormat(locale, {
              style: "unit",
              unit: "kilobyte",
              maximumFractionDigits: 0,
            }).format(Math.max(1, outcome.bytes / 1000));
      const seconds = new Intl.NumberFormat(locale, {
        style: "unit",
        unit: "second",
        unitDisplay: "long",
        maximumFractionDigits: 1,
      }).format(outcome.ms / 1000);
      return data({
        result: {
          kind: "done" as const,
          size,
          seconds,
          finished: formatShopDateTime(Date.parse(outcome.finishedAt), language),
          remote:
            outcome.remote.kind === "failed"
              ? { kind: "failed" as const, error: outcome.remote.message }
              : { kind: outcome.remote.kind },
        },
      });
    }
  }
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

/** The owner's `Back up now` and what the last press did. */
function BackUpNow() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("desk");
  const result = answer?.result ?? null;
  const notice = useFocusOnAnswer<HTMLDivElement>(result);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" className="desk-form desk-backup-now">
      <p>{t("health.backupNowHint")}</p>
      {result ? (
        <div
          ref={notice}
          tabIndex={-1}
          role={result.kind === "done" && result.remote.kind !== "failed" ? "status" : "alert"}
          className={result.kind === "done" ? "desk-done" : "desk-error"}
          data-backup-result={result.kind}
        >
          {result.kind === "done" ? (
            <>
              <p>
                {t("health.backupDone", {
                  size: result.size,
                  seconds: result.seconds,
                  date: result.finished,
                })}
              </p>
              {result.remote.kind === "copied" ? <p>{t("health.backupCopied")}</p> : null}
              {result.remote.kind === "failed" ? (
                <p className="desk-error">
                  {t("health.backupNotCopied", { error: result.remote.error })}
                </p>
              ) : null}
            </>
          ) : result.kind === "failed" ? (
            <p>{t("health.backupFailed", { error: result.error })}</p>
          ) : (
            <p>{t("health.backupUnconfigured")}</p>
          )}
        </div>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="backup"
        className="desk-button desk-button--primary"
        disabled={busy}
      >
        {busy ? t("health.backupRunning") : t("health.backupNow")}
      </button>
    </Form>
  );
}

/** One figure: its name, its value and what it means; a problem is said in words too. */
function Figure({
  name,
  label,
  value,
  alert = false,
  hints,
  warning = null,
}: {
  name: string;
  label: string;
  value: ReactNode;
  alert?: boolean;
  hints: Array<string | null>;
  warning?: string | null;
}) {
  return (
    <div className={alert ? "desk-figure desk-figure--alert" : "desk-figure"} data-figure={name}>
      <dt>{label}</dt>
      <dd>
        <span className="desk-figure__value">{value}</span>
        {hints.map((hint) =>
          hint ? (
            <span key={hint} className="desk-figure__hint">
              {hint}
            </span>
          ) : null,
        )}
        {warning ? <strong className="desk-figure__hint">{warning}</strong> : null}
      </dd>
    </div>
  );
}
