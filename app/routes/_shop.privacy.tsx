import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getRequestT } from "~/i18n/t.server";
import { shareable } from "~/platform/handle";
import { PolicyPage } from "~/ui/PolicyPage";
import { pageMetaTags } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getRequestT(request, "pages");
  const brand = (await getRequestT(request, "common"))("brand.name");
  return { meta: { title: `${t("privacy.title")} — ${brand}`, description: t("privacy.intro") } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Privacy() {
  return (
    <PolicyPage
      page="privacy"
      sections={["data", "purpose", "access", "retention", "cookies", "rights"]}
    />
  );
}
