/** The longest reason an owner writes for blocking a number. */
export const BLOCK_REASON_MAX = 200;
