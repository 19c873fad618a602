import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { addressHeldMinutes } from "~/privacy/address-held.server";
import { shop } from "~/shop.server";
import { PolicyPage } from "~/ui/PolicyPage";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "pages");
  const { retention, analytics } = shop.config;
  const analyticsOn = Boolean(analytics.gaMeasurementId || analytics.adsConversionSendTo);
  // SMS with SMS_API_KEY, e-mail with SMTP_URL (D87).
  const sms = shop.telegram.messaging?.sms ?? false;
  const email = shop.telegram.messaging?.email ?? false;
  const messages = sms && email ? "both" : sms ? "sms" : email ? "email" : "off";
  return {
    meta: { title: pageTitle(t, t("privacy.title")), description: t("privacy.intro") },
    // What the page promises is what the shop is configured to do (D35).
    values: {
      delivered: t("privacy.days", { count: retention.deliveredDays }),
      undelivered: t("privacy.days", { count: retention.undeliveredDays }),
      held: t("privacy.minutes", { count: addressHeldMinutes() }),
      state: t(analyticsOn ? "privacy.analyticsState.on" : "privacy.analyticsState.off"),
      messages: t(`privacy.messagesState.${messages}`),
    },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Privacy() {
  const { values } = useLoaderData<typeof loader>();
  return (
    <PolicyPage
      page="privacy"
      sections={["data", "purpose", "analytics", "access", "retention", "cookies", "rights"]}
      values={values}
    />
  );
}
