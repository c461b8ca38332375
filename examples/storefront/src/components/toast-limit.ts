/**
 * How many toasts this storefront shows at once: 2, fewer than @shop/rules TOAST_DEFAULTS.limit
 * (the shop's 5), because five covered half a phone's screen and the checkout's summary; two are
 * what a shopper reads before they go (the oldest closes first).
 */
export const TOAST_LIMIT = 2;
