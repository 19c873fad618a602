import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/** Money columns (`total`, `price`, `subtotal`) hold whole tetri: 1 GEL = 100 tetri. */
export interface OrdersTable {
  id: Generated<number>;
  order_number: number;
  address: string;
  phone: string;
  messenger: string | null;
  email: string | null;
  /** The delivery date as the shopper chose it, DD.MM.YY. */
  delivery_time: string;
  total: number;
  /** How many distinct lines the cart had. */
  positions: number;
  language: string;
  /** The one-time token of the checkout form that created the order. */
  submission_token: string;
  created_at: Generated<string>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  item_key: string;
  title: string;
  qty: number;
  price: number;
  subtotal: number;
}

export type NotificationStatus = "pending" | "sent" | "failed";

/** The outbox of chat notifications: one row per order and chat. */
export interface NotificationsTable {
  id: Generated<number>;
  order_id: number;
  chat_id: string;
  text: string;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<string>;
  last_error: string | null;
  sent_at: string | null;
  created_at: Generated<string>;
}

export interface Database {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  notifications: NotificationsTable;
}

export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type NewOrderItem = Insertable<OrderItemsTable>;
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type NotificationUpdate = Updateable<NotificationsTable>;
