// Where the focus goes back to when a dialog closes. A dialog opened after an awaited request (the
// cart dialog after カートに入れる) finds the focus on <body>: the pressed button was disabled while
// the request ran, and a disabled element loses the focus. Its opener is then the element that
// had the focus last, which a listener installed at boot (entry-client.tsx) remembers.

let lastFocused: HTMLElement | null = null;

/** Remembers the last element outside a dialog to have the focus; once, at boot. */
export function trackLastFocus(target: Document = document): void {
  target.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && !event.target.closest('dialog')) {
      lastFocused = event.target;
    }
  });
}

/** Who opened a dialog opening now: the focused element, else the one focused last. */
export function openerOfDialog(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}
