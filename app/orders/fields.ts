/**
 * An order's own fields as the checkout's rules (`checkout/schema.ts`) hand them over,
 * checked and normalised: what placing and correcting an order store. The checkout's
 * schema is held to this shape by its type (`CheckoutValues`).
 */
export interface OrderFields {
  address: string;
  /** The phone as stored (D30): `+995 XXX XXX XXX`. */
  phone: string;
  /** The delivery date, `DD.MM.YY`. */
  deliveryTime: string;
  name: string | null;
  messenger: string | null;
  email: string | null;
}
