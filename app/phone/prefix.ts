/**
 * The phone field's fixed start: Georgia's country code (spec §5; ./phone has the rules).
 * A module of its own: the checkout's first load needs this, not the rules.
 */
export const PHONE_PREFIX = "+995";
