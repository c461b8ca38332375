/**
 * The toast defaults of docs/spec.md §9: each toast closes itself after 5 seconds, at most 5 show
 * at once (the oldest closes first), 16 px apart, 24rem wide from the `sm` breakpoint up (full
 * width below it), stacked at the bottom right.
 *
 * @example
 * TOAST_DEFAULTS.duration; // 5000
 * TOAST_DEFAULTS.position; // 'bottom-right'
 */
export const TOAST_DEFAULTS = {
  duration: 5000,
  limit: 5,
  gap: 16,
  width: '24rem',
  widthFrom: 'sm',
  position: 'bottom-right',
} as const;

/**
 * Where toasts stack.
 *
 * @example
 * const position: ToastPosition = TOAST_DEFAULTS.position; // 'bottom-right'
 */
export type ToastPosition =
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'bottom-left'
  | 'bottom-center'
  | 'bottom-right';
