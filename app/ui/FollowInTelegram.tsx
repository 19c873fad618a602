import { useTranslation } from "react-i18next";

/**
 * `Follow in Telegram`: the shop's bot, opened on the order's own start payload, and what
 * following brings. Telegram bots cannot write first, so the shopper presses Start there.
 */
export function FollowInTelegram({ href }: { href: string }) {
  const { t } = useTranslation("checkout");
  return (
    <div className="follow-telegram">
      <p className="follow-telegram__hint" id="follow-telegram-hint">
        {t("track.followHint")}
      </p>
      <p>
        <a
          href={href}
          className="button button--quiet"
          rel="noopener noreferrer"
          aria-describedby="follow-telegram-hint"
        >
          {t("track.follow")}
        </a>
      </p>
    </div>
  );
}
