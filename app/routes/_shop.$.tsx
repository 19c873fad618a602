import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/react";
import { getLocale } from "~/i18n/i18next.server";
import { shop } from "~/shop.server";
import { NotFound } from "~/ui/NotFound";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "common");
  return data(
    { meta: { title: pageTitle(t, t("notFound.title")), noindex: true } },
    { status: 404 },
  );
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function NotFoundRoute() {
  return <NotFound />;
}
