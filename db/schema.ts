import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

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
  /** What the courier collects: the goods and the delivery fee (D84). */
  total: number;
  /** The delivery zone's id (D84); null for orders placed before zones. */
  delivery_zone: string | null;
  /** The zone's name in the order's language when it was placed (a snapshot). */
  delivery_area: string | null;
  /** The delivery fee charged, in tetri (0: free). */
  delivery_fee: Generated<number>;
  /** The promotion code the order used, as the owner wrote it (D86); null: none. */
  promo_code: string | null;
  /** The code's discount off the goods, in tetri (automatic prices are in the items). */
  discount: Generated<number>;
  /** How many distinct lines the cart had. */
  positions: number;
  language: string;
  /** The one-time token of the checkout form that created the order. */
  submission_token: string;
  created_at: Generated<string>;
  /** Where the order stands (D24); every change is an `order_events` row. */
  status: Generated<OrderStatus>;
  /** The name the courier asks for at the door; optional. */
  name: string | null;
  /** The delivery date as an ISO date (YYYY-MM-DD), for sorting and filtering. */
  delivery_date: string | null;
  /** Confirmation calls nobody answered, and when the last one was. */
  calls: Generated<number>;
  last_call_at: string | null;
  /** The staff member who took it by phone; null when the shopper placed it. */
  taken_by: string | null;
  /** A note shown on the list, the slip and the message ("call 30 min before"). */
  pinned_note: string | null;
  /** The staff's tags, space-separated, each lower case. */
  tags: Generated<string>;
  /** The courier who has the parcel (or had it last); null until it is handed over. */
  courier_id: number | null;
  /** How often the courier found nobody home. */
  not_home: Generated<number>;
  /** Where the visit that placed it came from (utm_source, or the referring host; "phone"). */
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** The order's private page is /o/{track_token}: random, never derived from the number. */
  track_token: string | null;
  /** The Telegram deep link's start payload (t.me/{bot}?start=…): random, not the page's. */
  chat_token: string | null;
  /** The phone's keyed hash (D35): the refusal memory, kept when the phone is gone. */
  phone_key: string | null;
  /** When the personal fields were cleared (retention or a person's request, D35). */
  depersonalised_at: string | null;
}

export type OrderStatus = "new" | "confirmed" | "shipped" | "delivered" | "refused" | "cancelled";

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  item_key: string;
  title: string;
  qty: number;
  /** The unit price charged (a sale or quantity price where one applied, D86). */
  price: number;
  subtotal: number;
  /** The unit price before an automatic promotion; null when none applied. */
  regular_price: number | null;
}

export type PromotionKind = "code" | "quantity" | "sale";

/** A promotion (D86): a code, a quantity price or a sale price. */
export interface PromotionsTable {
  id: Generated<number>;
  kind: PromotionKind;
  /** The owner's name for it, shown on the order ("Launch week"). */
  name: string;
  /** A code's letters and digits, upper case; null for automatic prices. */
  code: string | null;
  percent: number | null;
  /** Tetri off the goods. */
  amount: number | null;
  min_goods: number | null;
  /** Tbilisi dates (ISO), both included; null: open. */
  starts_on: string | null;
  ends_on: string | null;
  use_limit: number | null;
  once_per_phone: Generated<number>;
  combines: Generated<number>;
  /** JSON: the product keys a code applies to; [] for all. */
  products: Generated<string>;
  /** The product a quantity or sale price is for. */
  product_key: string | null;
  min_qty: number | null;
  /** Tetri: the unit price from `min_qty` on, or the sale price. */
  price: number | null;
  active: Generated<number>;
  created_at: string;
}

/** A code's use by an order; a cancelled or refused order's is released. */
export interface PromotionUsesTable {
  id: Generated<number>;
  promotion_id: number;
  order_id: number;
  phone_key: string | null;
  created_at: string;
  released_at: string | null;
}

/** What a promotion took off an order, as it was placed (a snapshot). */
export interface OrderPromotionsTable {
  id: Generated<number>;
  order_id: number;
  promotion_id: number;
  kind: PromotionKind;
  name: string;
  code: string | null;
  amount: number;
  /** The promotion as it stood when the order was placed (JSON of `Promotion`). */
  rule: string;
}

/** `stopped`: not sent, since its phone or address asked for no more messages (D87). */
export type NotificationStatus = "pending" | "sent" | "failed" | "stopped";

/** The outbox of chat notifications: one row per order and chat. */
export interface NotificationsTable {
  id: Generated<number>;
  /** The order it is about; null for a message about no order (the weekly summary). */
  order_id: number | null;
  /** Names a message about no order ("weekly:2026-11-23"): one row per topic and chat. */
  topic: string | null;
  chat_id: string;
  text: string;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<string>;
  last_error: string | null;
  sent_at: string | null;
  created_at: Generated<string>;
  /** Telegram's id of the sent message, kept so later changes edit it. */
  message_id: number | null;
  /** The inline keyboard (Bot API JSON) sent with the text; null for none. */
  reply_markup: string | null;
  /** Bumped when the wanted text changes; only the newest revision counts as sent. */
  revision: Generated<number>;
  /** The dispatcher sending it now (several processes share the outbox), and until when. */
  claimed_by: string | null;
  claimed_until: string | null;
  /** How it travels (D87); `chat_id` is then a chat, a number as 995XXXXXXXXX, or an address. */
  channel: Generated<MessageChannel>;
  /** An e-mail's subject; null otherwise. */
  subject: string | null;
  /** An e-mail's HTML part (`text` is its plain part); null otherwise. */
  html: string | null;
  /** An e-mail's own headers (List-Unsubscribe …) as a JSON object; null otherwise. */
  headers: string | null;
  /** The segments an SMS took, as the gateway bills them; null otherwise. */
  segments: number | null;
}

export type MessageChannel = "telegram" | "sms" | "email";

/** Phones and addresses that asked for no more messages, by keyed hash (D87, D35). */
export interface MessageStopsTable {
  key: string;
  channel: "sms" | "email";
  stopped_at: string;
}

/**
 * A code sent by SMS before a risky order is placed (D87): the phone and the code only as
 * keyed hashes. Lives ten minutes and five wrong tries; a newer code replaces it.
 */
export interface PhoneCodesTable {
  id: Generated<number>;
  /** The phone's keyed hash (`phoneKey`, D35). */
  phone_key: string;
  /** `salt.hmac` of the code under PHONE_HASH_KEY; the code itself is kept nowhere. */
  code_hash: string;
  created_at: string;
  expires_at: string;
  /** Wrong codes typed so far. */
  tries: Generated<number>;
  /** When the right code placed an order; null until then. */
  used_at: string | null;
  /** When a newer code for the same phone replaced it. */
  invalidated_at: string | null;
}

export type StaffRole = "owner" | "staff";

/**
 * People who work the desk (D23). Disabled (locked-out) staff can neither sign in nor stay
 * signed in. Owners also change what shoppers see and manage people (D31).
 */
export interface StaffTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  disabled_at: string | null;
  role: Generated<StaffRole>;
}

/** One-time sign-in links: only a hash of the token is kept. */
export interface DeskSignInLinksTable {
  token_hash: string;
  /** Null for a link sent to the desk chats: whoever opens it gives a name. */
  staff_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Desk sessions: only a hash of the cookie's token is kept. */
export interface DeskSessionsTable {
  token_hash: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
  user_agent: string;
}

/** A staff member's passkey (WebAuthn credential), found by its credential id. */
export interface DeskPasskeysTable {
  /** The credential id, base64url. */
  id: string;
  staff_id: number;
  /** The credential's COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter as last seen (0 for those that keep none). */
  counter: number;
  /** Comma-separated transports ("internal", "hybrid", ...), possibly empty. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type PasskeyChallengePurpose = "register" | "sign-in";

/** A WebAuthn challenge handed out and not yet answered: single use, a few minutes. */
export interface DeskPasskeyChallengesTable {
  /** A hash of the random id kept in the browser's cookie. */
  id_hash: string;
  purpose: PasskeyChallengePurpose;
  /** The staff member adding a passkey; null for a sign-in. */
  staff_id: number | null;
  challenge: string;
  expires_at: string;
}

/** The append-only history of an order: status changes and private notes. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  at: string;
  /** Who did it, as shown in the timeline (a staff member's name, or the system). */
  actor: string;
  staff_id: number | null;
  kind: "status" | "note";
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  /** A person's note, as they wrote it. */
  note: string | null;
  /**
   * A note the shop wrote by itself: a `desk` dictionary key, translated when shown in the
   * reader's language, with its values as JSON (`{"hours":24}`).
   */
  note_key: string | null;
  note_values: string | null;
  /** The id of the status event this one undoes, or null. */
  undoes: number | null;
  /**
   * The action that wrote this status event: one press or one bulk action, its events
   * sharing the id (Undo takes back exactly those). Null before actions had ids, and for
   * notes.
   */
  action_id: ColumnType<string | null, string | null | undefined, never>;
}

/** Phone numbers an owner blocked (stored as normalised, D30), and the attempts since. */
export interface BlockedPhonesTable {
  phone: string;
  reason: string;
  blocked_by: string;
  created_at: string;
  attempts: Generated<number>;
  last_attempt_at: string | null;
}

/** One row per counted attempt, so every process sees the same counts. */
export interface ThrottleHitsTable {
  bucket: string;
  at: string;
  /** When this attempt leaves its limit's window; the row is removed then. */
  until: string;
}

/** Telegram updates already handled (D25): each update id once, across restarts. */
export interface TelegramUpdatesTable {
  update_id: number;
  received_at: string;
}

/** A shopper's Telegram chat that pressed Start on an order's link, until it sends /stop. */
export interface ShopperChatsTable {
  order_id: number;
  chat_id: string;
  linked_at: string;
}

export type PrivacyRequestKind = "access" | "erasure";
export type PrivacyOutcome = "exported" | "erased" | "nothing";

/** A person's request to see or erase their data (D35), from the day it came. */
export interface PrivacyRequestsTable {
  id: Generated<number>;
  /** The Tbilisi date the person asked (the 10 days count from it). */
  received_on: string;
  kind: PrivacyRequestKind;
  /** How the person was found, as the desk shows it: an order number or a masked phone. */
  subject: string;
  phone_key: string | null;
  order_number: number | null;
  created_at: string;
  created_by: string;
  done_at: string | null;
  done_by: string | null;
  outcome: PrivacyOutcome | null;
}

export type AccessAction =
  | "order"
  | "search"
  | "csv"
  | "slip"
  | "manifest"
  | "export"
  /** An order's correction form, the hand-off's parcels, the couriers' cash by day. */
  | "edit"
  | "handoff"
  | "cash";

/** Staff reading orders (D35): append-only, the database refuses edits on both engines. */
export interface AccessLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  actor: string;
  action: AccessAction;
  /** The order numbers read, comma-separated (the first 200 of a longer read). */
  orders: string;
  /** How many orders were read. */
  count: number;
}

/** One row per Tbilisi day: the process that inserts it runs that day's retention sweep. */
export interface PrivacySweepsTable {
  day: string;
  started_at: string;
  finished_at: string | null;
  orders: number | null;
}

export type ReviewStatus = "pending" | "published" | "rejected";

/** A buyer's review of one product of a delivered order (D34): one per product per order. */
export interface ReviewsTable {
  id: Generated<number>;
  order_id: number;
  /** The product's key ("body/hemor-cream"), as the order's item has it. */
  item_key: string;
  /** 1 to 5 stars. */
  rating: number;
  /** What they wrote (may be empty), shown as plain text. */
  body: string;
  /** The name they chose to show; null shows as "Verified buyer". */
  author: string | null;
  /** The language they wrote in. */
  language: string;
  status: Generated<ReviewStatus>;
  /** Why it was rejected: one of the published reasons. */
  reason: string | null;
  /** The shop's public answer. */
  reply: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** The home page's testimonials (the reviews the shop started with): never "verified". */
export interface TestimonialsTable {
  id: Generated<number>;
  position: number;
  rating: number;
  avatar: string | null;
  hidden: Generated<number>;
}

export interface TestimonialTextsTable {
  testimonial_id: number;
  language: string;
  name: string;
  role: string;
  text: string;
}

/** A job only one process may run at a time (the Telegram poller), held until it expires. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export type ProductStatus =
  | "draft"
  | "coming_soon"
  | "on_sale"
  | "sold_out"
  | "hidden"
  | "archived";

/** The catalogue (D32): one row a product; its texts, photos and files beside it. */
export interface ProductsTable {
  id: Generated<number>;
  product_group: string;
  slug: string;
  status: ProductStatus;
  /** Tetri; null until the product has a price. */
  price: number | null;
  volume_ml: number | null;
  /** Jars left; null when the shop does not count this product's stock. */
  stock: number | null;
  /** Where it stands in lists, smallest first. */
  position: number;
  /** The home page's line it belongs to ("delicate", "firstAid", "face"), or null. */
  line: string | null;
  /** JSON array of related products' keys ("group/slug"). */
  related: Generated<string>;
  /** JSON array of the survey's percentages, one for each advantage line, in order. */
  survey: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A product's texts in one language; lists hold one item a line. */
export interface ProductTextsTable {
  product_id: number;
  language: string;
  title: Generated<string>;
  short: Generated<string>;
  description: Generated<string>;
  ingredients: Generated<string>;
  usage: Generated<string>;
  warnings: Generated<string>;
  advantages: Generated<string>;
  photo_alt: Generated<string>;
}

export interface ProductPhotosTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  /** A drawing shipped with the shop ("/images/…svg") or the stem of an upload's files. */
  source: string;
  width: number;
  height: number;
  created_at: string;
}

/** One encoding of an uploaded photo at one width (`{stem}-{width}.{avif|webp}`). */
export interface PhotoFilesTable {
  name: string;
  photo_id: number;
  content_type: string;
  bytes: Uint8Array;
}

/** The shop's settings (contacts, taking orders, delivery window), one JSON value a key. */
export interface ShopSettingsTable {
  key: string;
  value: string;
}

/** One row: bumped in the transaction of every change shoppers see. */
export interface ContentRevisionTable {
  id: number;
  revision: number;
}

/** The append-only trail of owners' changes (D31): who, when, which field, before → after. */
export interface ActivityTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  actor: string;
  subject_type: ActivitySubjectType;
  /** The product's key, the settings' section or the staff member's id. */
  subject: string;
  field: string;
  before: string | null;
  after: string | null;
}

export type ActivitySubjectType =
  | "product"
  | "settings"
  | "staff"
  | "phone"
  | "courier"
  | "cash"
  | "review"
  | "testimonial"
  | "promotion";

/** People who carry parcels; they never sign in. */
export interface CouriersTable {
  id: Generated<number>;
  name: string;
  phone: string;
  /** 1 while the courier takes parcels, 0 once an owner set them aside. */
  active: Generated<number>;
  created_at: string;
}

export type HandoffOutcome = "delivered" | "refused" | "not_home";

/** An order given to a courier for a day, and what the courier reported. */
export interface HandoffsTable {
  id: Generated<number>;
  order_id: number;
  courier_id: number;
  /** The courier's day (ISO date): the delivery date the parcel went out for. */
  day: string;
  /** The cash to collect, in tetri, as the order stood when it was handed over. */
  amount: number;
  handed_at: string;
  handed_by: string;
  /** Null while the courier has it. */
  outcome: HandoffOutcome | null;
  outcome_at: string | null;
  /** A refusal's reason (a dictionary key's last part). */
  reason: string | null;
  /** Where a "not home" parcel was moved to (ISO date). */
  next_day: string | null;
}

/** What the owner counted in hand from a courier for a day, and whether the day is closed. */
export interface CourierDaysTable {
  courier_id: number;
  day: string;
  /** Tetri; null until counted. */
  received: number | null;
  received_at: string | null;
  received_by: string | null;
  closed_at: string | null;
  closed_by: string | null;
  /** Why the day closed with the cash received off what was collected; null when it balanced. */
  close_note: string | null;
}

/** A backup that finished (`npm run db:backup`), for the age of the newest one. */
export interface BackupRunsTable {
  id: Generated<number>;
  /** ISO 8601, UTC. */
  finished_at: string;
  /** A bigint: PostgreSQL's driver reads it back as a string, SQLite's as a number. */
  bytes: ColumnType<number | string, number, number>;
  /** 1 when written with a passphrase file (D71), else 0. */
  encrypted: number;
}

/** A copy of a backup to BACKUP_REMOTE (D79), done or failed. */
export interface BackupCopiesTable {
  id: Generated<number>;
  /** ISO 8601, UTC. */
  finished_at: string;
  /** The copy's name under the remote: `daily/YYYY-MM-DD.backup`. */
  file: string;
  /** A bigint: PostgreSQL's driver reads it back as a string, SQLite's as a number. */
  bytes: ColumnType<number | string, number, number>;
  /** 1 when the copy is whole on the remote, 0 when it failed. */
  ok: number;
  /** What went wrong, in words without the remote's address; null when it worked. */
  error: string | null;
}

/**
 * The reports' figures of one day (D88), as the database added them up: `basis` is
 * `placed` or `delivery` (the orders of the day) or `handoffs` (the couriers' parcels).
 * Triggers add 1 to `stamp` and drop `figures` when something they count changes; a report
 * keeps figures it worked out only if the stamp it read first is still the stamp.
 */
export interface ReportDaysTable {
  basis: "placed" | "delivery" | "handoffs";
  day: string;
  stamp: Generated<number>;
  /** JSON of the day's groups; null until worked out, or since a change. */
  figures: string | null;
  /** `placed` days: JSON of [status, orders, total] for the desk's tabs; null likewise. */
  counts: string | null;
}

export interface Database {
  orders: OrdersTable;
  promotions: PromotionsTable;
  promotion_uses: PromotionUsesTable;
  order_promotions: OrderPromotionsTable;
  order_items: OrderItemsTable;
  notifications: NotificationsTable;
  message_stops: MessageStopsTable;
  phone_codes: PhoneCodesTable;
  staff: StaffTable;
  desk_sign_in_links: DeskSignInLinksTable;
  desk_sessions: DeskSessionsTable;
  desk_passkeys: DeskPasskeysTable;
  desk_passkey_challenges: DeskPasskeyChallengesTable;
  order_events: OrderEventsTable;
  throttle_hits: ThrottleHitsTable;
  telegram_updates: TelegramUpdatesTable;
  shopper_chats: ShopperChatsTable;
  privacy_requests: PrivacyRequestsTable;
  access_log: AccessLogTable;
  privacy_sweeps: PrivacySweepsTable;
  reviews: ReviewsTable;
  testimonials: TestimonialsTable;
  testimonial_texts: TestimonialTextsTable;
  leases: LeasesTable;
  products: ProductsTable;
  product_texts: ProductTextsTable;
  product_photos: ProductPhotosTable;
  photo_files: PhotoFilesTable;
  shop_settings: ShopSettingsTable;
  content_revision: ContentRevisionTable;
  activity: ActivityTable;
  blocked_phones: BlockedPhonesTable;
  couriers: CouriersTable;
  handoffs: HandoffsTable;
  courier_days: CourierDaysTable;
  backup_runs: BackupRunsTable;
  backup_copies: BackupCopiesTable;
  report_days: ReportDaysTable;
}

export type Order = Selectable<OrdersTable>;
export type PromotionRow = Selectable<PromotionsTable>;
export type OrderPromotion = Selectable<OrderPromotionsTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderItem = Selectable<OrderItemsTable>;
export type NewOrderItem = Insertable<OrderItemsTable>;
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type NotificationUpdate = Updateable<NotificationsTable>;
export type Staff = Selectable<StaffTable>;
export type DeskPasskey = Selectable<DeskPasskeysTable>;
export type OrderEvent = Selectable<OrderEventsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ProductTextsRow = Selectable<ProductTextsTable>;
export type ProductPhotoRow = Selectable<ProductPhotosTable>;
export type ActivityRow = Selectable<ActivityTable>;
export type Courier = Selectable<CouriersTable>;
export type Handoff = Selectable<HandoffsTable>;
