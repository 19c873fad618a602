/** A product and how many of it: a line of a cart, and of the order placed from it. */
export interface CartLine {
  key: string;
  qty: number;
}

export type Cart = readonly CartLine[];
