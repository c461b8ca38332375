import { type ComponentType, useCallback, useEffect, useMemo, useState } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { LoadError, Loading, PageHeader } from '../components/page';
import { ToastProvider } from '../components/toast';
import { publicRoutes } from '../features/auth/routes';
import { api, onUnauthorized, rememberCsrfToken } from '../lib/api';
import { roleAllows, SessionProvider, type StaffMember } from '../lib/session';
import type { AdminRoute } from './admin-route';
import { Layout } from './layout';
import { navigation, ROUTE_TABLE } from './route-table';

/** GET /api/admin/session/: the signed-in staff member (null when none) and the CSRF token. */
export interface SessionAnswer {
  csrfToken: string;
  staff: StaffMember | null;
}

type SessionState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; staff: StaffMember | null };

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

function SignedIn({
  staff,
  table,
  onSignedOut,
  refresh,
}: {
  staff: StaffMember;
  table: readonly AdminRoute[];
  onSignedOut: () => void;
  refresh: () => Promise<void>;
}) {
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
  return (
    <SessionProvider value={{ staff, refresh, logout }}>
      <Layout nav={nav}>
        <Switch>
          {table.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              component={allowed(route) ? route.component : (Forbidden as ComponentType)}
            />
          ))}
          <Route component={NotFound} />
        </Switch>
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
  const [session, setSession] = useState<SessionState>({ status: 'loading' });

  const load = useCallback(async () => {
    try {
      const answer = await api.get<SessionAnswer>('session/');
      rememberCsrfToken(answer.csrfToken);
      setSession({ status: 'ready', staff: answer.staff });
    } catch (error) {
      setSession({ status: 'failed', error });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  // A request that finds the session gone (it expired, another tab logged out) shows the login.
  useEffect(() => onUnauthorized(() => setSession({ status: 'ready', staff: null })), []);
  const signedOut = useCallback(() => setSession({ status: 'ready', staff: null }), []);

  const publicRoute = publicRoutes.find((route) => route.path === location);
  if (publicRoute) {
    const Page = publicRoute.component;
    return <Page onSignedIn={load} />;
  }
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'failed') return <LoadError error={session.error} onRetry={load} />;
  if (session.staff === null) {
    const next =
      location === '/'
        ? ''
        : `?next=${encodeURIComponent(location + (search ? `?${search}` : ''))}`;
    return <Redirect to={`/login${next}`} replace />;
  }
  return <SignedIn staff={session.staff} table={table} onSignedOut={signedOut} refresh={load} />;
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
