import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/react";
import { getLocale } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/instance.server";
import { NotFound } from "~/ui/NotFound";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = fixedT(await getLocale(request), "common");
  return data({ title: `${t("notFound.title")} — ${t("brand.name")}` }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "robots", content: "noindex" }] : [];

export default function NotFoundRoute() {
  return <NotFound />;
}
