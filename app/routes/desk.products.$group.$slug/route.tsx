import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { groups, lineIds, productStatuses } from "~/catalog/model";
import type { ProductFieldError } from "~/catalog/product-form";
import { ActivityList } from "~/desk/ActivityList";
import { Choice, Choices } from "~/desk/Choice";
import { RevisionField, StaleNotice } from "~/desk/Revision";
import { Field, formAnswer } from "~/desk/form-answer";
import { Isolated } from "~/i18n/isolate";
import { isolateLeftToRight } from "~/i18n/left-to-right";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import { Problems, Removal, TextsList } from "./Parts";
import { removeProductForm, restoreProductForm, saveProductForm } from "./actions.server";
import { readProductEditor } from "./view.server";

/** A product as its owner edits it (D32); its texts and photos each have a page of their own. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  return readProductEditor(shop, request, params);
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "remove":
      return removeProductForm(shop, session, request, params);
    case "restore":
      return restoreProductForm(shop, session, request, params);
    default:
      return saveProductForm(shop, session, request, params, form);
  }
}

type Answer = ReturnType<typeof useActionData<typeof action>>;

const slugRefused = (
  answer: Answer,
): answer is Extract<NonNullable<Answer>, { kind: "slugLocked" | "slugTaken" }> =>
  answer?.kind === "slugLocked" || answer?.kind === "slugTaken";

/** The fields a refusal names: a field's own problem, or the address refused as fixed or taken. */
function fieldErrors(answer: Answer): ProductFieldError[] {
  if (answer?.kind === "fields") return answer.errors;
  return slugRefused(answer) ? ["slug"] : [];
}

export default function EditProduct() {
  const { product, locked, confirming, others, languages, activity, revision } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const refusal = useFocusOnAnswer<HTMLDivElement>(answer);
  const form = formAnswer<ProductFieldError>(answer && { ...answer, errors: fieldErrors(answer) }, {
    prefix: "product",
    text: (name) =>
      t(`products.errors.${name === "slug" && slugRefused(answer) ? answer.kind : name}`),
  });
  const value = form.value;
  /** A one-line field of digits, with its hint and its problem beside it. */
  const short = (
    name: "price" | "stock" | "volume" | "position",
    stored: string,
    inputMode: "decimal" | "numeric",
    hint?: string,
  ) => (
    <Field form={form} name={name} label={t(`products.fields.${name}`)} hint={hint}>
      {(control) => (
        <input
          name={name}
          inputMode={inputMode}
          dir="ltr"
          defaultValue={value(name, stored)}
          {...control}
        />
      )}
    </Field>
  );
  // Every related product ticked comes back one a line.
  const related = answer ? (answer.values.related ?? "").split("\n") : null;
  return (
    <section className="desk-page">
      <p>
        <Link to="/desk/products">{t("products.back")}</Link>
      </p>
      <h1>{product.title}</h1>
      <p>
        <bdi dir="ltr">{product.key}</bdi> · {t(`products.statuses.${product.status}`)}
      </p>

      <h2>{t("products.textsTitle")}</h2>
      <TextsList productKey={product.key} languages={languages} />
      <p>
        <Link to={`/desk/products/${product.key}/photos`}>
          {t("products.photos", { count: product.photos })}
        </Link>
      </p>

      <h2 id="details">{t("products.detailsTitle")}</h2>
      {/* Without scripts the answer comes back scrolled to the form, not to the page's top. */}
      <Form method="post" action={`/desk/products/${product.key}#details`} className="desk-form">
        {/* The refusal at the top of the form, focused, so the eye and a reader start there. */}
        <div ref={refusal} tabIndex={-1} role={answer ? "alert" : undefined}>
          {answer?.kind === "stale" ? <StaleNotice changes={answer.changes} /> : null}
          {answer?.kind === "refused" ? <Problems problems={answer.problems} /> : null}
          {answer?.kind === "fields" || slugRefused(answer) ? (
            <p className="desk-error">{t("products.notSaved")}</p>
          ) : null}
        </div>
        <RevisionField revision={answer?.revision ?? revision} />
        <label>
          {t("products.fields.status")}
          <select
            name="status"
            defaultValue={value("status", product.status)}
            {...form.control("status")}
          >
            {productStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`products.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        {short("price", product.price, "decimal", t("products.priceHint"))}
        {short("stock", product.stock, "numeric", t("products.stockHint"))}
        {short("volume", product.volume, "numeric")}
        {short("position", product.position, "numeric", t("products.positionHint"))}
        <label>
          {t("products.fields.line")}
          <select name="line" defaultValue={value("line", product.line)}>
            <option value="">{t("products.noLine")}</option>
            {lineIds.map((line) => (
              <option key={line} value={line}>
                {t(`products.lines.${line}`)}
              </option>
            ))}
          </select>
        </label>
        <Choices legend={t("products.fields.related")}>
          {others.map((other) => (
            <Choice
              key={other.key}
              type="checkbox"
              name="related"
              value={other.key}
              defaultChecked={(related ?? product.related).includes(other.key)}
              label={other.title}
            />
          ))}
        </Choices>
        <Field
          form={form}
          name="survey"
          label={t("products.fields.survey")}
          hint={t("products.surveyHint")}
        >
          {(control) => (
            <textarea
              name="survey"
              dir="ltr"
              defaultValue={value("survey", product.survey)}
              {...control}
            />
          )}
        </Field>
        <label>
          {t("products.fields.group")}
          <select name="group" defaultValue={value("group", product.group)} disabled={locked}>
            {groups.map((group) => (
              <option key={group} value={group}>
                {t(`products.groups.${group}`)}
              </option>
            ))}
          </select>
        </label>
        <Field
          form={form}
          name="slug"
          label={t("products.fields.slug")}
          hint={
            locked ? (
              t("products.slugLocked")
            ) : (
              <Isolated
                text={t("products.slugHint", { path: isolateLeftToRight(t("products.slugPath")) })}
              />
            )
          }
        >
          {(control) => (
            <input
              name="slug"
              dir="ltr"
              defaultValue={value("slug", product.slug)}
              readOnly={locked}
              {...control}
            />
          )}
        </Field>
        {/* The stock shown: orders placed meanwhile are kept unless the owner changes it. */}
        <input type="hidden" name="stockWas" value={product.stock} />
        {/* A disabled select posts nothing: the fixed group goes as a hidden field. */}
        {locked ? <input type="hidden" name="group" value={product.group} /> : null}
        <button type="submit" className="desk-button">
          {t("products.save")}
        </button>
      </Form>

      <Removal product={product} named={locked} confirming={confirming} />

      <h2>{t("activity.title")}</h2>
      <ActivityList entries={activity} />
      <p>
        <Link to={`/desk/activity?product=${encodeURIComponent(product.key)}`}>
          {t("products.allActivity")}
        </Link>
      </p>
    </section>
  );
}
