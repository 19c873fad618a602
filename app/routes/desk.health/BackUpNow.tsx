import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import type { backUpNow } from "./back-up-now.server";

/** The owner's `Back up now` and what the last press did. */
export function BackUpNow() {
  const answer = useActionData<typeof backUpNow>();
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
