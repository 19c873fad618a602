import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, redirect, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createProduct } from "~/catalog/edit.server";
import { groups, isGroup } from "~/catalog/model";
import { SLUG_MAX, isSlug } from "~/catalog/product-form";
import { getLocale } from "~/i18n/i18next.server";
import { Isolated } from "~/i18n/isolate";
import { isolateLeftToRight } from "~/i18n/left-to-right";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** A new product: its group and address; it starts as a draft nobody else sees. */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const t = shop.t(await getLocale(request), "desk");
  return { meta: { title: pageTitle(t, t("products.new"), { brand: false }), noindex: true } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  const group = form.get("group") ?? "";
  const slug = (form.get("slug") ?? "").trim().toLowerCase();
  const values = { group, slug };
  if (!isGroup(group)) return data({ error: "group" as const, values }, 400);
  if (!isSlug(slug)) return data({ error: "slug" as const, values }, 400);
  const outcome = await createProduct(shop.db, {
    group,
    slug,
    actor: { staffId: staff.id, name: staff.name },
    now: shop.clock(),
  });
  if (outcome === "taken") return data({ error: "slugTaken" as const, values }, 409);
  await shop.refreshContent();
  throw redirect(`/desk/products/${group}/${slug}`, 303);
}

export default function NewProduct() {
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page desk-page--narrow">
      <h1>{t("products.new")}</h1>
      <Form method="post" className="desk-form">
        {answer ? (
          <p className="desk-error" role="alert">
            {t(`products.errors.${answer.error}`)}
          </p>
        ) : null}
        <label>
          {t("products.fields.group")}
          <select name="group" defaultValue={answer?.values.group ?? "body"}>
            {groups.map((group) => (
              <option key={group} value={group}>
                {t(`products.groups.${group}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("products.fields.slug")}
          <input
            name="slug"
            dir="ltr"
            required
            maxLength={SLUG_MAX}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            autoCapitalize="none"
            defaultValue={answer?.values.slug ?? ""}
          />
          <span className="desk-hint">
            <Isolated
              text={t("products.slugHint", { path: isolateLeftToRight(t("products.slugPath")) })}
            />
          </span>
        </label>
        <button type="submit" className="desk-button">
          {t("products.create")}
        </button>
      </Form>
    </section>
  );
}
