/** Seed 001 §4 "Activation", §9: the steps complete in turn at about 0.5 s, 1 s and 1.5 s. */
export const STEP_MS = [500, 1_000, 1_500] as const;
/** Seed 001 §8, §9: a failed required call (content, identity, dashboard, device status) goes to the error page after 3 s. */
export const ACTIVATION_ERROR_REDIRECT_MS = 3_000;
/** Seed 001 §4 "Activation", §9: the success banner shows for 1 s, then the dashboard. */
export const SUCCESS_BANNER_MS = 1_000;
/** Seed 001 §4 "Activation", §9: behind the modem, the ping file is fetched every 10 s until it answers 200. */
export const PING_INTERVAL_MS = 10_000;
/** Seed 001 §4 "Session and timeout", §9: the activation area's inactivity timeout, 900,000 ms. */
export const INACTIVITY_LOGOUT_MS = 900_000;
/** Seed 001 §4 "Session and timeout", §9: the fixed timer from the start of activation, 900,000 ms. */
export const FIXED_LOGOUT_MS = 900_000;
