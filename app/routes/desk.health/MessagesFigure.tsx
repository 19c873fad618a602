import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Isolated } from "~/i18n/isolate";
import { Figure } from "./Figure";
import type { messagesInWords } from "./messages.server";

/** SMS or e-mail (D87): off and how to turn it on, or what waits and what failed, and why. */
export function MessagesFigure({
  name,
  figures,
}: {
  name: "sms" | "email";
  figures: ReturnType<typeof messagesInWords>;
}) {
  const { t } = useTranslation("desk");
  const label = t(name === "sms" ? "health.sms" : "health.email");
  if (!figures.on)
    return (
      <Figure
        name={name}
        label={label}
        value={t("health.notificationsOff")}
        hints={[t(name === "sms" ? "health.smsOffHint" : "health.emailOffHint")]}
      />
    );
  const newest = figures.newestFailure;
  return (
    <Figure
      name={name}
      label={label}
      value={t("health.messagesValue", { pending: figures.pending, failed: figures.failed })}
      alert={figures.failed > 0}
      hints={[
        t("health.messagesHint"),
        figures.stopped > 0 ? t("health.messagesStopped", { stopped: figures.stopped }) : null,
      ]}
      warning={
        newest ? (
          <>
            <Isolated text={newest.text} />
            {newest.order ? (
              <>
                {" "}
                <Link to={`/desk/orders/${newest.order}`}>
                  {t("order.number", { number: newest.order })}
                </Link>
              </>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
