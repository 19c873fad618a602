import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PrintButton } from "~/desk/PrintButton";
import { Slip } from "~/desk/Slip";
import { readSlips } from "~/desk/slip.server";
import { getLocale } from "~/i18n/i18next.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** A packing slip to print and put in the parcel: who, where, what, and the cash to collect. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const number = params.number && /^\d{1,6}$/.test(params.number) ? Number(params.number) : null;
  const language = await getLocale(request);
  const [slip] =
    number === null
      ? []
      : await readSlips(
          shop.db,
          shop.content().catalog,
          [number],
          language,
          shop.content().settings.zones,
        );
  if (!slip) throw new Response("No such order.", { status: 404 });
  await session.access.record("slip", [Number(slip.number)]);
  const t = shop.t(language, "desk");
  return {
    sender: shop.content().settings.contacts.phone,
    meta: {
      title: pageTitle(t, t("slip.title", { number: slip.number }), { brand: false }),
      noindex: true,
    },
    slip,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function PackingSlip() {
  const { slip, sender } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <div className="desk-page">
      <p className="desk-slip__screen-only">
        <Link to={`/desk/orders/${slip.number}`}>{t("slip.back")}</Link> <PrintButton />
      </p>
      <Slip slip={slip} sender={sender} />
    </div>
  );
}
