import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { FinalMovePage } from "~/desk/FinalMovePage";
import { actFinalMove, loadFinalMove } from "~/desk/final-move.server";
import { getLocale } from "~/i18n/i18next.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** The second question before orders are marked refused at the door: `?order=…&back=…`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await loadFinalMove(shop, request);
  const t = shop.t(await getLocale(request), "desk");
  const title = t("final.refused.title", {
    count: page.orders.length,
    number: page.orders[0]?.number ?? "",
  });
  return { ...page, meta: { title: pageTitle(t, title, { brand: false }), noindex: true } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export function action({ request }: ActionFunctionArgs) {
  return actFinalMove(shop, request, "refused");
}

export default function RefuseOrders() {
  return <FinalMovePage to="refused" />;
}
