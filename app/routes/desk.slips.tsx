import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PrintButton } from "~/desk/PrintButton";
import { Slip } from "~/desk/Slip";
import { orderNumbersOf } from "~/desk/order-actions.server";
import { readSlips } from "~/desk/slip.server";
import { getLocale } from "~/i18n/i18next.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** Every selected order's packing slip in one document (`?order=…`), one printed page each. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const numbers = orderNumbersOf(new URL(request.url).searchParams.getAll("order"));
  const language = await getLocale(request);
  const slips = await readSlips(
    shop.db,
    shop.content().catalog,
    numbers,
    language,
    shop.content().settings.zones,
  );
  await session.access.record(
    "slip",
    slips.map((slip) => Number(slip.number)),
  );
  const t = shop.t(language, "desk");
  return {
    sender: shop.content().settings.contacts.phone,
    meta: {
      title: pageTitle(t, t("slips.title", { count: slips.length }), { brand: false }),
      noindex: true,
    },
    slips,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function PackingSlips() {
  const { slips, sender } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <div className="desk-page desk-slips">
      <div className="desk-slip__screen-only">
        <h1>{t("slips.title", { count: slips.length })}</h1>
        <p>
          <Link to="/desk">{t("order.back")}</Link> <PrintButton />
        </p>
        {slips.length === 0 ? <p className="desk-empty">{t("slips.none")}</p> : null}
      </div>
      {slips.map((slip) => (
        <Slip key={slip.number} slip={slip} sender={sender} headingLevel={2} />
      ))}
    </div>
  );
}
