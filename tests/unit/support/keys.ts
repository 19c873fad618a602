/**
 * The PHONE_HASH_KEY a test hands the services (D35). The shop hands them its own, from
 * the settings its composition root reads; nothing below the routes reads them itself.
 */
export const PHONE_HASH_KEY = "test-phone-hash-key-".padEnd(64, "k");
