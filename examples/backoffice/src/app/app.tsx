import { roleAllows } from '@shop/rules';
import { type ComponentType, useCallback, useEffect, useMemo, useState } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { LoadError, Loading, PageHeader } from '../components/page';
import { ToastProvider } from '../components/toast';
import { PasswordPage } from '../features/account/password-page';
import { TotpPage } from '../features/account/totp-page';
import { publicRoutes } from '../features/auth/routes';
import { ApiRequestError, api, onUnauthorized, rememberCsrfToken } from '../lib/api';
import { SessionProvider, type StaffSession } from '../lib/session';
import type { AdminRoute } from './admin-route';
import { Layout } from './layout';
import { navigation, ROUTE_TABLE } from './route-table';

type SessionState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: StaffSession };

function NotFound() {
  return (
    <>
      <PageHeader title="ページが見つかりません" />
      <p>URLを確認するか、左のメニューから画面を選んでください。</p>
    </>
  );
}

function Forbidden() {
  return (
    <>
      <PageHeader title="権限がありません" />
      <p>この画面を表示する権限がありません。必要な場合はオーナーに依頼してください。</p>
    </>
  );
}

/**
 * The step a new session must take before anything else (the API refuses every other request
 * until then): enrol in two-factor login, then replace a temporary password.
 */
function pendingStep(session: StaffSession): ComponentType | null {
  if (session.totpRequired) return TotpPage;
  if (session.passwordChangeRequired) return PasswordPage;
  return null;
}

function SignedIn({
  session,
  table,
  onSignedOut,
  refresh,
}: {
  session: StaffSession;
  table: readonly AdminRoute[];
  onSignedOut: () => void;
  refresh: () => Promise<void>;
}) {
  const { staff } = session;
  const allowed = useCallback(
    (route: AdminRoute) => roleAllows(staff.role, route.permission),
    [staff.role],
  );
  const nav = useMemo(() => navigation(table, allowed), [table, allowed]);
  const logout = useCallback(async () => {
    await api.delete('session/').catch(() => undefined);
    rememberCsrfToken(null);
    onSignedOut();
  }, [onSignedOut]);
  const Pending = pendingStep(session);
  return (
    <SessionProvider value={{ staff, refresh, logout }}>
      <Layout nav={Pending ? [] : nav}>
        {Pending ? (
          <Pending />
        ) : (
          <Switch>
            {table.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                component={allowed(route) ? route.component : Forbidden}
              />
            ))}
            <Route component={NotFound} />
          </Switch>
        )}
      </Layout>
    </SessionProvider>
  );
}

/**
 * The back office under its base: the public pages (login, first-owner setup) and, behind the
 * staff session, every page of the route table the staff member's role allows.
 */
function Shell({ table }: { table: readonly AdminRoute[] }) {
  const [location] = useLocation();
  const search = useSearch();
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  const load = useCallback(async () => {
    try {
      const session = await api.get<StaffSession>('session/');
      rememberCsrfToken(session.csrfToken);
      setState({ status: 'signed-in', session });
    } catch (error) {
      const signedOut = error instanceof ApiRequestError && error.status === 401;
      setState(signedOut ? { status: 'signed-out' } : { status: 'failed', error });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  // A request that finds the session gone (it expired, another tab logged out) shows the login.
  useEffect(() => onUnauthorized(() => setState({ status: 'signed-out' })), []);
  const signedOut = useCallback(() => setState({ status: 'signed-out' }), []);

  const publicRoute = publicRoutes.find((route) => route.path === location);
  if (publicRoute) {
    const Page = publicRoute.component;
    return <Page onSignedIn={load} />;
  }
  switch (state.status) {
    case 'loading':
      return <Loading />;
    case 'failed':
      return (
        <main className="auth-page">
          <LoadError error={state.error} onRetry={load} />
        </main>
      );
    case 'signed-out': {
      const here = location + (search ? `?${search}` : '');
      const next = here === '/' ? '' : `?next=${encodeURIComponent(here)}`;
      return <Redirect to={`/login${next}`} replace />;
    }
    case 'signed-in':
      return (
        <SignedIn session={state.session} table={table} onSignedOut={signedOut} refresh={load} />
      );
    default:
      return state satisfies never;
  }
}

export function App({ table = ROUTE_TABLE }: { table?: readonly AdminRoute[] }) {
  return (
    <ToastProvider>
      <Router base="/admin">
        <Shell table={table} />
      </Router>
    </ToastProvider>
  );
}
