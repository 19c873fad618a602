import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productTitle } from "~/catalog/texts";
import { ActivityList } from "~/desk/ActivityList";
import { activityEntries } from "~/desk/activity.server";
import { listPeople } from "~/desk/people.server";
import { getLocale } from "~/i18n/i18next.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * The trail of every change owners made (D31), newest first, by product and by person; a
 * GET form, so the filters work without JavaScript and the address can be shared.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const url = new URL(request.url);
  const content = shop.content();
  const product = url.searchParams.get("product") ?? "";
  const person = Number(url.searchParams.get("person") || Number.NaN);
  const before = Number(url.searchParams.get("before") || Number.NaN);
  const known = content.catalog.products.some((item) => item.key === product);
  const { entries, older } = await activityEntries(
    shop.db,
    {
      subject: known ? { type: "product", id: product } : undefined,
      staffId: Number.isInteger(person) ? person : undefined,
      before: Number.isInteger(before) ? before : undefined,
    },
    { content, language, label: (subject, id) => t(`activity.subjects.${subject}`, { id }) },
  );
  const next = new URLSearchParams(url.searchParams);
  if (older !== null) next.set("before", String(older));
  return {
    meta: { title: pageTitle(t, t("activity.title"), { brand: false }), noindex: true },
    entries,
    olderHref: older === null ? null : `/desk/activity?${next}`,
    filter: {
      product: known ? product : "",
      person: Number.isInteger(person) ? String(person) : "",
    },
    products: content.catalog.products.map((item) => ({
      key: item.key,
      title: productTitle(item, language),
    })),
    people: (await listPeople(shop.db)).map(({ id, name }) => ({ id, name })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function DeskActivity() {
  const { entries, olderHref, filter, products, people } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page">
      <h1>{t("activity.title")}</h1>
      <Form method="get" className="desk-inline-form">
        <label htmlFor="activity-product">{t("activity.product")}</label>
        <select id="activity-product" name="product" defaultValue={filter.product}>
          <option value="">{t("activity.all")}</option>
          {products.map((product) => (
            <option key={product.key} value={product.key}>
              {product.title}
            </option>
          ))}
        </select>
        <label htmlFor="activity-person">{t("activity.person")}</label>
        <select id="activity-person" name="person" defaultValue={filter.person}>
          <option value="">{t("activity.everyone")}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
        <button type="submit" className="desk-button">
          {t("activity.show")}
        </button>
      </Form>
      <ActivityList entries={entries} />
      {olderHref ? (
        <p>
          <Link to={olderHref}>{t("activity.older")}</Link>
        </p>
      ) : null}
    </section>
  );
}
