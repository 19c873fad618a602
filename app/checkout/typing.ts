// What the checkout form runs while the shopper types and when they send it: the phone and
// date masks and the rules (valibot). Fetched when they enter the form (./CheckoutForm),
// not with the page; the server checks every order with the same rules.
export { maskDeliveryDate, snapToWindow } from "./delivery-date";
export { maskPhone } from "~/phone/phone";
export { validateCheckout } from "./schema";
export { checkDeliveryChoice, explainRefusal, snapToArea } from "./delivery-choice";
export { guardPhonePrefix } from "./phone-keys";
