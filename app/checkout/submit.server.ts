import type { Kysely } from "kysely";
import type { Origin } from "~/analytics/origin";
import type { Cart } from "~/cart/model";
import { deliveryOffer } from "~/delivery/days";
import { chosenZone } from "~/delivery/fee";
import type { DeliveryWeek, DeliveryZone } from "~/delivery/zones";
import { type LanguageCode, defaultLanguage, isLanguageCode } from "~/i18n/languages";
import type { TelegramSettings } from "~/orders/outbox.server";
import { shopToday } from "~/platform/calendar";
import type { Clock } from "~/platform/clock";
import { type GuessLimit, minutesLeft } from "~/promotions/guesses.server";
import type { Promotion } from "~/promotions/model";
import type { AskCode } from "~/settings/model";
import type { Database } from "../../db/schema";
import { isolate } from "../i18n/isolate";
import { refuseIfBlocked } from "../orders/blocked.server";
import { placeOrder } from "../orders/place.server";
import { checkDeliveryChoice } from "./delivery-choice";
import { deliveryWindow } from "./delivery-date";
import { type CheckoutField, type FormError, checkoutFields } from "./fields";
import { type CodeStep, typedCode } from "./phone-code";
import type { PhoneCodes } from "./phone-code.server";
import type { RateLimiter } from "./rate-limit.server";
import { validateCheckout } from "./schema";

/** The form's one-time token (D9): what `randomUUID` makes, give or take. */
const TOKEN = /^[\w-]{16,64}$/;

export interface CheckoutDeps {
  db: Kysely<Database>;
  now: Clock;
  delivery: { from: string | null; until: string | null };
  /** The delivery zones and the courier's week (D84), as the owner set them. */
  zones: readonly DeliveryZone[];
  week: DeliveryWeek;
  telegram: TelegramSettings;
  rateLimiter: RateLimiter;
  /** Whether the shop takes orders now (the owner's setting); while not, none is stored. */
  takingOrders: boolean;
  /** The shop's phone, named to a shopper whose number is blocked; null when it has none. */
  shopPhone: string | null;
  /** Every promotion (D86), as the catalogue's content holds them; absent: none. */
  promotions?: readonly Promotion[];
  /** Promo codes guessed per client (D86); absent: not counted. */
  guesses?: GuessLimit;
  /**
   * The code by SMS before a risky order (D87): the owner's `Ask for a code` and the codes.
   * Absent when the shop cannot send SMS: then no code is asked.
   */
  codes?: { ask: AskCode; service: PhoneCodes };
  log?: Pick<Console, "error">;
}

export interface CheckoutSubmission {
  form: URLSearchParams;
  cart: Cart;
  language: string;
  /** Who is ordering, as far as the server can tell (the rate limit's key). */
  client: string;
  /** Where the visit came from (D68), stored with the order; null when not known. */
  origin?: Origin | null;
}

export type CheckoutOutcome =
  | { status: "placed"; orderNumber: number }
  /** Not placed yet: the shopper types the code sent to the phone (D87), the form kept. */
  | {
      status: "code";
      httpStatus: 200 | 400 | 429;
      step: CodeStep;
      values: Record<CheckoutField, string>;
      /** The form's token, kept through the code's step so the order is placed once. */
      token: string;
    }
  | { status: "emptyCart" }
  | { status: "bot" }
  | {
      status: "refused";
      httpStatus: 400 | 403 | 409 | 429 | 500;
      error: FormError;
      values: Record<CheckoutField, string>;
      retryAfterSeconds?: number;
    };

/** The delivery dates open today (D7), by the shop's clock. */
export function currentDeliveryWindow(now: Clock, delivery: CheckoutDeps["delivery"]) {
  return deliveryWindow(shopToday(now()), delivery);
}

/**
 * One checkout submission, start to finish (D8, D9, D12): the honeypot, the rate limit
 * before any other work, the form checked by the same rules as the browser, then one
 * transaction that stores the order, its items and its chat notifications, or returns
 * the order the same form already placed. The route only reads the request and turns
 * the outcome into a response.
 */
export async function submitCheckout(
  deps: CheckoutDeps,
  submission: CheckoutSubmission,
): Promise<CheckoutOutcome> {
  const { form } = submission;
  // People never fill the hidden field; whatever does is not a shopper.
  if (form.get("website")) return { status: "bot" };

  const values = Object.fromEntries(
    checkoutFields.map((field) => [field, form.get(field) ?? ""]),
  ) as Record<CheckoutField, string>;
  const refuse = (
    httpStatus: 400 | 403 | 409 | 429 | 500,
    error: FormError,
    retryAfterSeconds?: number,
  ): CheckoutOutcome => ({ status: "refused", httpStatus, error, values, retryAfterSeconds });

  // A code typed (D87) is bounded by the code's own tries; sending one counts as an order.
  // A form that says it brings a code but needed none is counted below, once that is known.
  const codeTry = form.has("code") && form.get("intent") !== "codeResend";
  const tooMany = async () => {
    const allowed = await deps.rateLimiter.hit(submission.client);
    return allowed.ok
      ? null
      : refuse(429, { message: "errors.tooMany", fields: [] }, allowed.retryAfterSeconds);
  };
  const limited = codeTry ? null : await tooMany();
  if (limited) return limited;

  if (!deps.takingOrders) return refuse(409, { message: "errors.closed", fields: [] });

  const token = form.get("token") ?? "";
  if (!TOKEN.test(token)) return refuse(400, { message: "errors.expired", fields: [] });

  const window = currentDeliveryWindow(deps.now, deps.delivery);
  const checked = validateCheckout(values, window);
  if (!checked.ok) return refuse(400, { message: checked.message, fields: checked.fields });
  // Where, then when: the area among the zones open now, the date among its days (D84).
  const offer = deliveryOffer(deps.zones, deps.week, deps.now(), window, submission.language);
  // The code typed (D86): a client that guessed too many waits, whatever it typed now.
  const code = form.get("promo")?.trim() || null;
  const promotions = deps.promotions ?? [];
  const guess = await deps.guesses?.attempt(submission.client, code, promotions);
  if (guess && !guess.ok)
    return refuse(
      429,
      {
        message: "promo.tooMany",
        fields: [],
        values: { count: minutesLeft(guess.retryAfterSeconds) },
      },
      guess.retryAfterSeconds,
    );
  const where = checkDeliveryChoice(offer, values.area || null, checked.values.deliveryTime);
  const zone = chosenZone(deps.zones, values.area || null);
  if (where || !zone) return refuse(400, where ?? { message: "check.area", fields: ["area"] });

  // A number the owner blocked: a neutral answer that sends the shopper to a person, and
  // nothing stored but the attempt, counted on the block (by the order's transaction, or
  // before a code would be sent).
  const blocked = () =>
    refuse(
      403,
      deps.shopPhone
        ? // Isolated, so the number reads left to right inside an Arabic or Hebrew sentence.
          { message: "errors.unavailable", fields: [], values: { phone: isolate(deps.shopPhone) } }
        : { message: "errors.unavailableNoPhone", fields: [] },
    );

  const asked = await askForCode(
    deps,
    form,
    checked.values.phone,
    token,
    isLanguageCode(submission.language) ? submission.language : defaultLanguage,
  );
  if (asked.status === "blocked") return blocked();
  if (asked.status === "code") return { ...asked, values, token };
  const uncounted = codeTry && asked.taken === null ? await tooMany() : null;
  if (uncounted) return uncounted;
  // The code this order took: given back should the order not be placed after all.
  const release = async () => {
    if (asked.taken !== null) await deps.codes?.service.release(asked.taken);
  };

  try {
    const placed = await placeOrder(
      deps.db,
      {
        values: checked.values,
        cart: submission.cart,
        language: submission.language,
        token,
        origin: submission.origin ?? null,
        // Titles are stored as the desk chats read them.
        titleLanguage: deps.telegram.language,
        delivery: { zone, minimum: deps.week.minimum, choice: offer.zones.length > 1 },
        promotions: { list: promotions, code, today: shopToday(deps.now()) },
      },
      {
        now: deps.now(),
        telegram: deps.telegram,
        phoneHashKey: deps.telegram.phoneHashKey,
        refuseBlocked: true,
      },
    );
    if (!placed.ok) await release();
    if (!placed.ok && placed.error === "blocked") return blocked();
    if (!placed.ok && placed.error === "soldOut") {
      const [first] = placed.short;
      return refuse(
        409,
        first && first.left > 0
          ? {
              message: "errors.fewLeft",
              fields: [],
              values: { title: first.title, count: first.left },
            }
          : { message: "errors.soldOut", fields: [], values: { title: first?.title ?? "" } },
      );
    }
    // Each reason the code does not apply, in its own words; the code is named nowhere.
    if (!placed.ok && placed.error === "promo")
      return refuse(400, {
        message: `promo.${placed.problem}`,
        fields: [],
        ...(placed.minGoods !== undefined ? { values: { minimum: placed.minGoods } } : {}),
      });
    if (!placed.ok && placed.error === "belowMinimum")
      return refuse(400, {
        message: "check.minimum",
        fields: [],
        values: { missing: placed.missing, minimum: deps.week.minimum ?? 0 },
      });
    if (!placed.ok) return { status: "emptyCart" };
    return { status: "placed", orderNumber: placed.placed.order.order_number };
  } catch (error) {
    await release().catch(() => {});
    (deps.log ?? console).error("The order could not be saved:", error);
    return refuse(500, { message: "errors.saveFailed", fields: [] });
  }
}

type CodeAnswer =
  | { status: "code"; httpStatus: 200 | 400 | 429; step: CodeStep }
  /** The order may be placed; `taken`: the code it used, if one was asked. */
  | { status: "pass"; taken: number | null }
  /** The owner blocked the number: no code goes to it. */
  | { status: "blocked" };

/**
 * The code by SMS (D87), when the owner asks this phone for one. A plain submission sends
 * a code (or keeps the one sent before, while it works) and places nothing; `Send a new
 * code` sends another within the hourly limit; a typed code is checked, and only the right
 * one lets the order through. A form whose order was already placed (sent twice) passes,
 * and placing it returns that order.
 */
async function askForCode(
  deps: CheckoutDeps,
  form: URLSearchParams,
  phone: string,
  token: string,
  language: LanguageCode,
): Promise<CodeAnswer> {
  const pass: CodeAnswer = { status: "pass", taken: null };
  if (!deps.codes || !(await deps.codes.service.required(deps.codes.ask, phone))) return pass;
  if (await refuseIfBlocked(deps.db, phone, deps.now())) return { status: "blocked" };
  const { service } = deps.codes;
  const placed = await deps.db
    .selectFrom("orders")
    .select("id")
    .where("submission_token", "=", token)
    .executeTakeFirst();
  if (placed) return pass;
  const step = (httpStatus: 200 | 400 | 429, answer: Omit<CodeStep, "phone">): CodeAnswer => ({
    status: "code",
    httpStatus,
    step: { ...answer, phone },
  });

  const resend = form.get("intent") === "codeResend";
  const typed = form.get("code");
  if (resend || typed === null) {
    const sent = await service.send(phone, language, { fresh: resend });
    if (!sent.ok) return step(429, { reason: "limit", retryAfterSeconds: sent.retryAfterSeconds });
    return step(200, { reason: resend ? "resent" : sent.fresh ? "sent" : "kept" });
  }
  const code = typedCode(typed);
  if (!code) return step(400, { reason: "format" });
  const checked = await service.check(phone, code);
  if (checked.ok) return { status: "pass", taken: checked.id };
  if (checked.reason === "wrong")
    return step(400, { reason: "wrong", triesLeft: checked.triesLeft });
  return step(400, { reason: checked.reason });
}
