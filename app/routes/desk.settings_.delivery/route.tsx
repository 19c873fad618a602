import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readStoredWeek, readStoredZones, zonesInUse } from "~/delivery/zones.server";
import { CardList } from "~/desk/CardList";
import { pageRevision } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { WeekForm } from "./WeekForm";
import { ZoneCard } from "./ZoneCard";
import { saveDeliveryForm } from "./actions.server";

/**
 * Delivery priced and scheduled like the courier's real week (D84): the zones, each a card
 * with its names, fee, `Free from`, days and earliest day, and the shop-wide cut-off hour,
 * holidays and minimum order. Owners change them; staff read them, every control disabled.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const t = shop.t(await getLocale(request), "desk");
  // The revision first, then the values as stored now: a change between is named.
  const revision = await pageRevision(shop);
  const [zones, week, used] = await Promise.all([
    readStoredZones(shop.db),
    readStoredWeek(shop.db),
    zonesInUse(shop.db),
  ]);
  return {
    meta: { title: pageTitle(t, t("deliveryZones.title"), { brand: false }), noindex: true },
    owner: session.staff.role === "owner",
    revision,
    zones,
    week,
    used,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireOwner(request, { page: false });
  return saveDeliveryForm(shop, session, request, await readForm(request));
}

export default function DeskDelivery() {
  const { owner, revision, zones, week, used } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const card = { answer, revision, owner };
  return (
    <section className="desk-page">
      <h1>{t("deliveryZones.title")}</h1>
      <p className="desk-hint">{t(owner ? "deliveryZones.intro" : "deliveryZones.readOnly")}</p>
      {owner ? (
        <p>
          <Link to="/desk/settings">{t("deliveryZones.back")}</Link>
        </p>
      ) : null}
      <h2>{t("deliveryZones.zones")}</h2>
      <CardList items={zones} empty="" keyOf={(zone) => zone.id}>
        {(zone) => <ZoneCard {...card} zone={zone} used={used.includes(zone.id)} />}
      </CardList>
      {owner ? (
        <div className="desk-card">
          <ZoneCard {...card} zone={null} used={false} />
        </div>
      ) : null}
      <h2>{t("deliveryZones.shopWide")}</h2>
      <WeekForm {...card} week={week} />
    </section>
  );
}
