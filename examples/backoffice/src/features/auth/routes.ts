import type { ComponentType } from 'react';
import { LoginPage } from './login-page';
import { SetupPage } from './setup-page';

/** A page shown without a staff session; `onSignedIn` reads the new session. */
export interface PublicRoute {
  path: string;
  component: ComponentType<{ onSignedIn: () => Promise<void> }>;
}

/** The pages before login: the login itself and the first owner's setup. */
export const publicRoutes: PublicRoute[] = [
  { path: '/login', component: LoginPage },
  { path: '/setup', component: SetupPage },
];
