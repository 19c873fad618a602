import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/shop.server";
import { PolicyPage } from "~/ui/PolicyPage";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "pages");
  return { meta: { title: pageTitle(t, t("terms.title")), description: t("terms.intro") } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Terms() {
  return (
    <PolicyPage
      page="terms"
      sections={["orders", "payment", "delivery", "returns", "health", "contact"]}
    />
  );
}
