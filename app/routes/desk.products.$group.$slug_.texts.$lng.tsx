import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { saveTexts, textsScope } from "~/catalog/edit.server";
import {
  LIST_FIELDS,
  type TextField,
  completeLanguages,
  findProduct,
  neededTexts,
  productKey,
  textFields,
} from "~/catalog/model";
import { TEXT_LIMITS, parseTextsForm } from "~/catalog/product-form";
import { textChangeTimes } from "~/catalog/text-changes.server";
import { productTitle, textStates } from "~/catalog/texts";
import { loadCatalog } from "~/content/store.server";
import { RevisionField, StaleNotice } from "~/desk/Revision";
import { TextStateNote } from "~/desk/TextState";
import { type StaleAnswer, formRevision, pageRevision, staleAnswer } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage, isLanguageCode, languageCodes } from "~/i18n/languages";
import { readForm } from "~/platform/http.server";
import { readStoredSettings } from "~/settings/settings.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

/** Texts in nine languages, long ones in Georgian: the cap of a plain form is too small. */
const TEXTS_FORM_BYTES = 512 * 1024;

function productFrom(params: LoaderFunctionArgs["params"], catalog = shop.content().catalog) {
  const language = params.lng;
  const product = findProduct(catalog, productKey(params.group ?? "", params.slug ?? ""));
  if (!product || !isLanguageCode(language)) throw new Response(null, { status: 404 });
  return { product, language };
}

/** One language's texts of a product: what a phone can hold (D32). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const reader = await getLocale(request);
  const t = shop.t(reader, "desk");
  // The revision first, then the texts as stored now: a change between the two is named.
  const revision = await pageRevision(shop);
  const { product, language } = productFrom(params, await loadCatalog(shop.db));
  const texts = product.texts[language];
  const index = languageCodes.indexOf(language);
  const named = (code: (typeof languageCodes)[number] | undefined) =>
    code ? { code, name: getLanguage(code).name } : null;
  const title = productTitle(product, reader);
  const times = (await textChangeTimes(shop.db, [product.key])).get(product.key);
  const { required } = (await readStoredSettings(shop.db)).texts;
  return {
    meta: {
      title: pageTitle(t, `${title} · ${getLanguage(language).name}`, { brand: false }),
      noindex: true,
    },
    key: product.key,
    title,
    language: {
      code: language,
      name: getLanguage(language).name,
      lang: getLanguage(language).htmlLang,
      dir: getLanguage(language).dir,
    },
    texts: Object.fromEntries(textFields.map((field) => [field, texts?.[field] ?? ""])) as Record<
      TextField,
      string
    >,
    status: product.status,
    // Russian and the languages the owner requires must hold what the status needs (D36).
    needed: completeLanguages(required).includes(language) ? neededTexts(product.status) : [],
    state: textStates(product, times)[language],
    previous: named(languageCodes[index - 1]),
    next: named(languageCodes[index + 1]),
    revision,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

type Answer =
  | {
      kind: "fields";
      error: "tooLong" | "needed";
      fields: TextField[];
      values: Record<string, string>;
      revision?: number;
    }
  | StaleAnswer;

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request, TEXTS_FORM_BYTES);
  const { product, language } = productFrom(params);
  const values = Object.fromEntries(form);
  const revision = formRevision(form);
  const parsed = parseTextsForm(form);
  // A refusal keeps what was typed, and the revision the page goes on from.
  const refuse = (error: "tooLong" | "needed", fields: TextField[], status: number) =>
    data<Answer>({ kind: "fields", error, fields, values, revision }, status);
  if (!parsed.ok) return refuse("tooLong", parsed.tooLong, 400);
  const outcome = await saveTexts(shop.db, {
    key: product.key,
    language,
    texts: parsed.texts,
    actor: { staffId: staff.id, name: staff.name },
    now: shop.clock(),
    revision,
  });
  if (outcome.status === "notFound") throw new Response(null, { status: 404 });
  if (outcome.status === "stale") {
    const subject = { type: "product" as const, id: product.key };
    const scope = textsScope(language);
    const stale = await staleAnswer(shop, request, {
      subject,
      since: revision ?? 0,
      fields: scope,
      typed: values,
      control: (field) => field.slice(scope.prefix?.length ?? 0),
    });
    return data<Answer>(stale, 409);
  }
  if (outcome.status === "refused") return refuse("needed", outcome.fields, 409);
  if (outcome.status === "saved") await shop.refreshContent();
  throw await redirectWithToast(
    shop.flash,
    request,
    `/desk/products/${product.key}/texts/${language}`,
    {
      kind: "desk",
      message: outcome.status === "saved" ? "products.saved" : "products.unchanged",
    },
  );
}

export default function ProductTextsPage() {
  const { key, title, language, texts, status, needed, state, previous, next, revision } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const refusal = useFocusOnAnswer<HTMLDivElement>(answer);
  const wrong = answer?.kind === "fields" ? answer.fields : [];
  const fieldNames = (fields: readonly TextField[]) =>
    fields.map((field) => t(`productTexts.fields.${field}`)).join(", ");
  return (
    <section className="desk-page">
      <p>
        <Link to={`/desk/products/${key}`}>{t("productTexts.back", { title })}</Link>
      </p>
      <h1>{t("productTexts.title", { language: language.name })}</h1>
      <p>
        <TextStateNote state={state} />
      </p>
      <p className="desk-hint">
        {needed.length > 0
          ? t("productTexts.needed", {
              status: t(`products.statuses.${status}`),
              fields: fieldNames(needed),
            })
          : t("productTexts.fallback")}
      </p>
      <Form method="post" className="desk-form">
        <div ref={refusal} tabIndex={-1} role={answer ? "alert" : undefined}>
          {answer?.kind === "stale" ? <StaleNotice changes={answer.changes} /> : null}
          {answer?.kind === "fields" ? (
            <p className="desk-error">
              {t(`productTexts.errors.${answer.error}`, { fields: fieldNames(answer.fields) })}
            </p>
          ) : null}
        </div>
        <RevisionField revision={answer?.revision ?? revision} />
        {textFields.map((field) => {
          const list = LIST_FIELDS.has(field);
          const mark = state.missing.includes(field)
            ? "missing"
            : state.outdated.includes(field)
              ? "outdated"
              : null;
          const props = {
            id: `text-${field}`,
            name: field,
            // Arabic and Hebrew are typed right to left even in an English desk.
            lang: language.lang,
            dir: language.dir,
            maxLength: TEXT_LIMITS[field],
            defaultValue: answer?.values[field] ?? texts[field],
            "aria-invalid": wrong.includes(field) ? (true as const) : undefined,
            "aria-describedby":
              [list ? `text-${field}-hint` : null, mark ? `text-${field}-state` : null]
                .filter(Boolean)
                .join(" ") || undefined,
          };
          return (
            <div key={field}>
              {/* The label in the reader's language, the text in the one being written. */}
              <label htmlFor={props.id}>{t(`productTexts.fields.${field}`)}</label>
              {mark ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span
                    className={`desk-text-state desk-text-state--${mark}`}
                    id={`text-${field}-state`}
                  >
                    {t(`products.textStates.${mark}`)}
                  </span>
                </>
              ) : null}
              {list ? (
                <span className="desk-hint" id={`text-${field}-hint`}>
                  {" "}
                  · {t("productTexts.onePerLine")}
                </span>
              ) : null}
              {list || field === "ingredients" || field === "short" ? (
                <textarea {...props} rows={list ? 5 : 3} />
              ) : (
                <input {...props} />
              )}
            </div>
          );
        })}
        <button type="submit" className="desk-button">
          {t("products.save")}
        </button>
      </Form>
      <p className="desk-inline-form">
        {previous ? (
          <Link to={`/desk/products/${key}/texts/${previous.code}`}>← {previous.name}</Link>
        ) : null}
        {next ? <Link to={`/desk/products/${key}/texts/${next.code}`}>{next.name} →</Link> : null}
      </p>
    </section>
  );
}
