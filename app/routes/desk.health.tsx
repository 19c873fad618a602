import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
import { requireOwner } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { formatShopDateTime } from "~/platform/calendar";
import { shop } from "~/platform/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const HOUR_MS = 3_600_000;
const GB = 1e9;

/**
 * The shop's health for owners (decision 031): orders, the outbox, the newest backup, the
 * database's disk and the running version. The same figures as `/metrics`, in words.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const now = shop.clock();
  const [figures, disk] = await Promise.all([readShopFigures(shop.db), diskSpace(shop.config)]);
  const backupAt = figures.lastBackupAt;
  const backupHours =
    backupAt === null ? null : Math.max(0, Math.floor((now - backupAt) / HOUR_MS));
  return {
    meta: { title: pageTitle(t, t("health.title"), { brand: false }), noindex: true },
    ordersPlaced: figures.ordersPlaced,
    notificationsPending: figures.notificationsPending,
    notificationsFailed: figures.notificationsFailed,
    backup: {
      hours: backupHours,
      finished: backupAt === null ? null : formatShopDateTime(backupAt, language),
      stale: backupIsStale(backupAt, now),
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

export default function DeskHealth() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  const { backup, disk } = page;
  const backupAge =
    backup.hours === null
      ? t("health.backupNone")
      : backup.hours < 1
        ? t("health.backupRecent")
        : backup.hours < 48
          ? t("health.backupHours", { count: backup.hours })
          : t("health.backupDays", { count: Math.floor(backup.hours / 24) });
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
    </section>
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
