import { Form, useNavigation } from "@remix-run/react";
import { type FormEvent, type ReactNode, Suspense, lazy, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DeliveryOffer } from "~/delivery/days";
import { Isolated, isolate } from "~/i18n/isolate";
import { isolateLeftToRight } from "~/i18n/left-to-right";
import { formatPrice } from "~/i18n/money";
import { parseIsoDate, toShortDate } from "~/platform/calendar";
import type { PromoSummary } from "~/promotions/summary";
import type { DeliveryWindow } from "./delivery-date";
import {
  type CheckoutField,
  FIELD_LIMITS,
  type FormError,
  type FormMessage,
  PHONE_PREFIX,
  checkoutFields,
} from "./fields";
import { offeredZone } from "./offered";
import { useIsAppleTouchDevice } from "./use-ios";

/** Safari's date picker and zoom lock, fetched on an iPhone or iPad alone (./IosDatePicker). */
const IosDatePicker = lazy(() =>
  import("./IosDatePicker").then((module) => ({ default: module.IosDatePicker })),
);

/**
 * The form's masks and rules (./typing: valibot, the schema, the phone and date masks;
 * 2.8 KB gzip) are not part of the page's first load (issue 27's budget): they are fetched
 * when the shopper first enters the form. Until they have arrived the fields take what is
 * typed as it is, and put it into shape the moment they do; should they never arrive (a
 * lost connection), the form goes to the server, which checks it with the same rules and
 * answers with the same messages.
 */
let typing: typeof import("./typing") | null = null;
let loading: Promise<void> | null = null;
function loadTyping(): Promise<void> {
  loading ??= import("./typing").then(
    (loaded) => {
      typing = loaded;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

export interface CheckoutFormProps {
  token: string;
  window: DeliveryWindow;
  /** The zones open now with their first days (D84). */
  offer: DeliveryOffer;
  /** The area chosen (a zone's id; empty: none yet), and its change. */
  area: string;
  onArea(area: string): void;
  /** What the server said about the last submission, with the values typed. */
  result?: { error: FormError | null; values: Partial<Record<CheckoutField | "promo", string>> };
  /** The promo code applied and why it does not apply, if so (D86), from the server. */
  promo: Pick<PromoSummary, "code" | "problem" | "discount">;
}

/**
 * The cash-on-delivery order form (spec §2, §5; D8). A plain POST form that the server
 * checks; with JavaScript the same rules run first, the phone and date are masked as
 * they are typed, and the button is disabled while sending.
 */
export function CheckoutForm({
  token,
  window,
  offer,
  area,
  onArea,
  result,
  promo,
}: CheckoutFormProps) {
  const { t, i18n } = useTranslation("checkout");
  const navigation = useNavigation();
  const apple = useIsAppleTouchDevice();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const values = result?.values ?? {};
  const [clientError, setClientError] = useState<FormError | null>(null);
  const [phone, setPhone] = useState(values.phone || `${PHONE_PREFIX} `);
  const [date, setDate] = useState(values.deliveryTime ?? "");
  const zone = offeredZone(offer, area || null);
  // The first day the chosen area can take, else the window's: the hint, the picker's minimum.
  const first = (zone?.first && parseIsoDate(zone.first)) || window.min;
  /** A typed date put into shape: the window's mask, then the area's days (D84). */
  const shape = (masks: NonNullable<typeof typing>, text: string, complete: boolean) => {
    const masked = complete
      ? masks.snapToWindow(text, window)
      : masks.maskDeliveryDate(text, window);
    return masks.snapToArea(masked, offer, area || null);
  };

  /** On entering the form: the masks arrive and shape what was typed before them. */
  function enter() {
    if (typing) return;
    loadTyping().then(() => {
      const masks = typing;
      if (!masks) return;
      setPhone((typed) => masks.maskPhone(typed));
      if (!apple) setDate((typed) => (typed ? shape(masks, typed, false) : typed));
    });
  }
  const error = clientError ?? result?.error ?? null;
  const submitter = useRef<string | null>(null);
  const sending = navigation.state !== "idle" && navigation.formAction === "/checkout";

  // A new answer from the server replaces what the browser found.
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    setClientError(null);
  }
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Asking for the area's price, or applying a code, checks nothing yet.
    const native = event.nativeEvent as SubmitEvent;
    if ((native.submitter as HTMLButtonElement | null)?.name === "intent") return;
    const data = new FormData(event.currentTarget);
    const input = Object.fromEntries(
      checkoutFields.map((name) => [name, String(data.get(name) ?? "")]),
    );
    const checked = typing?.validateCheckout(input, window);
    const where =
      checked?.ok &&
      typing?.checkDeliveryChoice(offer, input.area || null, checked.values.deliveryTime);
    if (!checked || (checked.ok && !where)) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(
      checked.ok
        ? (where && typing?.explainRefusal(where, t, i18n.language)) || null
        : { message: checked.message, fields: checked.fields },
    );
  }

  const invalid = (field: CheckoutField) => (error?.fields.includes(field) ? true : undefined);
  /** The delivery date as typed, masked as it is: every device but an iPhone or iPad. */
  const typedDate = (
    <input
      id="deliveryTime"
      name="deliveryTime"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={toShortDate(first)}
      maxLength={FIELD_LIMITS.deliveryTime}
      value={date}
      onChange={(event) =>
        setDate(typing ? shape(typing, event.target.value, false) : event.target.value)
      }
      onBlur={() => setDate((current) => (typing ? shape(typing, current, true) : current))}
      aria-required="true"
      aria-invalid={invalid("deliveryTime")}
      aria-describedby="deliveryTime-hint"
    />
  );
  const messageText = error ? formMessage(t, error.message, window, error.values) : "";

  return (
    <Form
      method="post"
      action="/checkout"
      noValidate
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={enter}
      onPointerDown={enter}
      className="checkout-form"
    >
      {error ? (
        <div ref={alertRef} role="alert" tabIndex={-1} className="form-alert" id="checkout-error">
          <Isolated text={messageText} />
        </div>
      ) : null}
      <p className="form-note">{t("required")}</p>
      <input type="hidden" name="token" value={token} />

      {offer.zones.length > 1 ? (
        <Field name="area" label={t("fields.area")} required hint={t("fields.areaHint")}>
          <div className="field__with-button">
            <select
              id="area"
              name="area"
              value={area}
              onChange={(event) => onArea(event.target.value)}
              aria-required="true"
              aria-invalid={invalid("area")}
              aria-describedby="area-hint"
            >
              <option value="">{t("fields.areaChoose")}</option>
              {offer.zones.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.fee === 0
                    ? choice.name
                    : t("fields.areaOption", {
                        area: choice.name,
                        fee: formatPrice(choice.fee, i18n.language),
                      })}
                </option>
              ))}
            </select>
            {/* Without JavaScript this asks the page again with the area's fee and total. */}
            <button
              type="submit"
              name="intent"
              value="area"
              formNoValidate
              className="button button--light"
            >
              {t("fields.areaShow")}
            </button>
          </div>
        </Field>
      ) : (
        <input type="hidden" name="area" value={offer.zones[0]?.id ?? ""} />
      )}

      <Field name="address" label={t("fields.address")} required>
        {/* One line, so "address-line1": HTML allows "street-address" on a textarea only. */}
        <input
          id="address"
          name="address"
          type="text"
          autoComplete="address-line1"
          placeholder={t("fields.addressPlaceholder")}
          maxLength={FIELD_LIMITS.address}
          defaultValue={values.address}
          aria-required="true"
          aria-invalid={invalid("address")}
          aria-describedby={invalid("address") ? "checkout-error" : undefined}
        />
      </Field>

      <Field
        name="deliveryTime"
        label={t("fields.deliveryTime")}
        required
        hint={t("fields.deliveryTimeHint", {
          format: isolateLeftToRight(t("fields.dateFormat")),
          min: isolate(toShortDate(first)),
          max: isolate(toShortDate(window.max)),
        })}
      >
        {apple ? (
          // Until Safari's picker has arrived, the field takes the date as typed.
          <Suspense fallback={typedDate}>
            <IosDatePicker
              container={formRef}
              date={date}
              first={first}
              window={window}
              invalid={invalid("deliveryTime")}
              onPick={(picked) =>
                setDate(typing ? typing.snapToArea(picked, offer, area || null) : picked)
              }
            />
          </Suspense>
        ) : (
          typedDate
        )}
      </Field>

      <Field
        name="phone"
        label={t("fields.phone")}
        required
        hint={t("fields.phoneHint", { prefix: isolate(PHONE_PREFIX) })}
      >
        <input
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={FIELD_LIMITS.phone}
          value={phone}
          onChange={(event) =>
            setPhone(typing?.maskPhone(event.target.value, phone) ?? event.target.value)
          }
          // The prefix guard arrives with the masks: until then the mask is not there to keep.
          onKeyDown={(event) => typing?.guardPhonePrefix(event)}
          aria-required="true"
          aria-invalid={invalid("phone")}
          aria-describedby="phone-hint"
        />
      </Field>

      <OptionalField
        name="name"
        label={t("fields.name")}
        hint={t("fields.nameHint")}
        type="text"
        autoComplete="name"
        dir="auto"
        defaultValue={values.name}
        invalid={invalid("name")}
      />

      <OptionalField
        name="messenger"
        label={t("fields.messenger")}
        hint={t("fields.messengerHint")}
        type="text"
        autoComplete="off"
        placeholder={t("fields.messengerPlaceholder")}
        defaultValue={values.messenger}
        invalid={invalid("messenger")}
      />

      <OptionalField
        name="email"
        label={t("fields.email")}
        hint={t("fields.emailHint")}
        type="email"
        autoComplete="email"
        defaultValue={values.email}
        invalid={invalid("email")}
      />

      {/* Why the code does not apply is the field's hint (D86), written by the server. */}
      <Field name="promo" label={t("promo.label")} hint={promo.problem?.text}>
        <div className="field__with-button">
          <input
            key={promo.code}
            id="promo"
            name="promo"
            type="text"
            autoComplete="off"
            defaultValue={values.promo ?? promo.code ?? ""}
            aria-invalid={promo.problem ? true : undefined}
            aria-describedby={promo.problem ? "promo-hint" : undefined}
          />
          {/* With or without JavaScript this asks the page again with the code's discount;
              the form's noValidate lets it through unchecked. */}
          <button type="submit" name="intent" value="promo" className="button button--light">
            {t("promo.apply")}
          </button>
          {promo.code ? (
            <button
              type="submit"
              name="intent"
              value="promoRemove"
              className="button button--light"
            >
              {t("promo.remove")}
            </button>
          ) : null}
        </div>
      </Field>

      {/* A field people never see or fill; bots that fill every field are dropped (D12). */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="website">{t("fields.website")}</label>
        <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <button type="submit" className="button button--large" disabled={sending}>
        {sending ? t("sending") : t("submit")}
      </button>
    </Form>
  );
}

/** A labelled form field: an asterisk when required, and a hint the input points to. */
function Field({
  name,
  label,
  required = false,
  hint,
  children,
}: {
  name: CheckoutField | "promo";
  label: string;
  required?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={name}>
        {label}
        {required ? (
          <>
            {" "}
            <span className="required" aria-hidden="true">
              *
            </span>
          </>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${name}-hint`}>
          <Isolated text={hint} />
        </p>
      ) : null}
    </div>
  );
}

/**
 * An optional text field (name, messenger, email): plain input, the server checks it.
 * Handles and addresses are written left to right; a name in its writer's direction.
 */
function OptionalField({
  name,
  label,
  hint,
  type,
  autoComplete,
  dir = "ltr",
  placeholder,
  defaultValue,
  invalid,
}: {
  name: "name" | "messenger" | "email";
  label: string;
  hint: string;
  type: "text" | "email";
  autoComplete: string;
  dir?: "ltr" | "auto";
  placeholder?: string;
  defaultValue?: string;
  invalid?: true;
}) {
  return (
    <Field name={name} label={label} hint={hint}>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        dir={dir}
        placeholder={placeholder}
        maxLength={FIELD_LIMITS[name]}
        defaultValue={defaultValue}
        aria-invalid={invalid}
        aria-describedby={`${name}-hint`}
      />
    </Field>
  );
}

export function formMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: FormMessage,
  window: DeliveryWindow,
  values?: Record<string, string | number>,
): string {
  if (message === "errors.saveFailed") {
    return `${t("checkout:errors.saveFailed")} ${t("checkout:errors.tryAgain")}`;
  }
  if (message === "check.late")
    return t("checkout:check.late", { max: isolate(toShortDate(window.max)) });
  return t(`checkout:${message}`, values);
}
