import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getRequestT } from "~/i18n/t.server";
import { shareable } from "~/platform/handle";
import { PolicyPage } from "~/ui/PolicyPage";
import { pageMetaTags } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getRequestT(request, "pages");
  const brand = (await getRequestT(request, "common"))("brand.name");
  return { meta: { title: `${t("terms.title")} — ${brand}`, description: t("terms.intro") } };
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
