import { useEffect, useState } from 'react';

/**
 * False on the server and in the browser until this component has hydrated. A form rendered by
 * the server inside a lazily loaded part (my page's e-mail change and mail settings, an order
 * card's cancel button) is on screen before its code: its controls stay disabled until then, so
 * a click cannot submit the form natively (a GET of the page with the password in its URL),
 * toggle a box nothing saves, or be lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
