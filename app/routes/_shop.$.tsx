import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/react";
import { getLocale } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/instance.server";
import { NotFound } from "~/ui/NotFound";
import { pageMetaTags } from "~/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = fixedT(await getLocale(request), "common");
  return data(
    { meta: { title: `${t("notFound.title")} — ${t("brand.name")}`, noindex: true } },
    { status: 404 },
  );
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function NotFoundRoute() {
  return <NotFound />;
}
