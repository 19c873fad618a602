import { useTranslation } from "react-i18next";
import { type ActivityEntry, ActivityList } from "./ActivityList";

/**
 * The revision the page was read at, posted with the save: a save from a page older than
 * what is stored is refused rather than overwriting someone's change (no lost update).
 */
export function RevisionField({ revision }: { revision: number }) {
  return <input type="hidden" name="revision" value={revision} />;
}

/** Why a save was refused: what changed since the page was read, by whom and when. */
export function StaleNotice({ changes }: { changes: ActivityEntry[] }) {
  const { t } = useTranslation("desk");
  return (
    <div className="desk-error">
      <p>
        <strong>{t("revision.stale")}</strong>
      </p>
      <p>{t("revision.kept")}</p>
      <ActivityList entries={changes} />
    </div>
  );
}
