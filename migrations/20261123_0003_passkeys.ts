import type { Kysely, OnModifyForeignAction } from "kysely";

// Desk passkeys (D23): a staff member's WebAuthn credentials, and the challenges the
// server hands out for them. Nothing engine-specific: ids are base64url text the
// authenticator or the shop chose, times are ISO-8601 UTC text written by the shop's
// clock, public keys are base64url text so every engine stores them the same way.

// biome-ignore lint/suspicious/noExplicitAny: migrations do not depend on app types.
type AnyDb = Kysely<any>;

const cascade: OnModifyForeignAction = "cascade";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("desk_passkeys")
    // The credential id, base64url, as the authenticator made it.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("staff_id", "integer", (col) =>
      col.notNull().references("staff.id").onDelete(cascade),
    )
    .addColumn("public_key", "text", (col) => col.notNull())
    .addColumn("counter", "integer", (col) => col.notNull())
    // How the browser may reach the authenticator ("internal", "hybrid", ...), comma-separated.
    .addColumn("transports", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema
    .createIndex("desk_passkeys_staff")
    .on("desk_passkeys")
    .column("staff_id")
    .execute();

  await db.schema
    .createTable("desk_passkey_challenges")
    // A hash of the random id in the browser's cookie; the cookie alone proves nothing.
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("purpose", "text", (col) => col.notNull())
    // Whose passkey is being added; null for a sign-in, where nobody is known yet.
    .addColumn("staff_id", "integer", (col) => col.references("staff.id").onDelete(cascade))
    .addColumn("challenge", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("desk_passkey_challenges_expires")
    .on("desk_passkey_challenges")
    .column("expires_at")
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("desk_passkey_challenges").execute();
  await db.schema.dropTable("desk_passkeys").execute();
}
