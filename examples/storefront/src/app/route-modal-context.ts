import { createContext, useContext } from 'react';

/** What a page rendered inside a dialog over another page can do (src/app/route-modal.tsx). */
export interface RouteModalControls {
  /** Closes the dialog (a step back in history, to the page underneath). */
  close: () => void;
}

export const RouteModalContext = createContext<RouteModalControls | null>(null);

/** The dialog a page is rendered in, or null when it is the page on screen. */
export function useRouteModal(): RouteModalControls | null {
  return useContext(RouteModalContext);
}
