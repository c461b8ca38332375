import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  fakeApi,
  OWNER,
  READ_ONLY,
  sessionHandler,
  switchableSession,
} from '../testing/fake-api';
import { type AdminRoute, navGroup } from './admin-route';
import { App } from './app';
import { navigation, ROUTE_TABLE } from './route-table';

const page = (text: string) => () => <h1>{text}</h1>;

// '/orders/:id' has no label: a page of the 注文 group outside the navigation.
const TABLE: AdminRoute[] = [
  ...navGroup('全般', [['/', page('ダッシュボード画面'), 'read', 'ダッシュボード']]),
  ...navGroup('注文', [
    ['/orders', page('注文一覧画面'), 'read', '注文一覧'],
    ['/orders/tracking', page('追跡番号画面'), 'write', '追跡番号CSV'],
    ['/orders/:id', page('注文詳細画面'), 'read'],
  ]),
  ...navGroup('設定', [['/staff', page('スタッフ画面'), 'owner', 'スタッフ']]),
];

/** The texts of the side navigation's links or group headings. */
function navTexts(role: 'link' | 'heading'): (string | null)[] {
  const nav = screen.getByRole('navigation', { name: '管理メニュー' });
  return within(nav)
    .getAllByRole(role)
    .map((element) => element.textContent);
}

function at(path: string) {
  window.history.replaceState(null, '', `/admin${path}`);
}

describe('App', () => {
  it('shows the login page, with the way back, when nobody is signed in', async () => {
    fakeApi({ 'GET /api/admin/session/': sessionHandler(null) });
    at('/orders?state=shipped');
    render(<App table={TABLE} />);
    expect(await screen.findByRole('heading', { name: '管理画面ログイン' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/login');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/orders?state=shipped');
  });

  it('lists only the pages the role allows and refuses the others by URL', async () => {
    fakeApi({ 'GET /api/admin/session/': sessionHandler(READ_ONLY) });
    at('/orders/tracking');
    render(<App table={TABLE} />);
    expect(await screen.findByRole('heading', { name: '権限がありません' })).toBeTruthy();
    expect(navTexts('link')).toEqual(['ダッシュボード', '注文一覧']);
    expect(screen.getByText('山田 花子（閲覧のみ）')).toBeTruthy();
  });

  it('shows an owner every page and a route with a parameter', async () => {
    fakeApi({ 'GET /api/admin/session/': sessionHandler(OWNER) });
    at('/orders/42');
    render(<App table={TABLE} />);
    expect(await screen.findByRole('heading', { name: '注文詳細画面' })).toBeTruthy();
    expect(navTexts('heading')).toEqual(['全般', '注文', '設定']);
    const nav = screen.getByRole('navigation', { name: '管理メニュー' });
    fireEvent.click(within(nav).getByRole('link', { name: 'スタッフ' }));
    expect(await screen.findByRole('heading', { name: 'スタッフ画面' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/staff');
  });

  it('goes to the login page when a request finds the session ended', async () => {
    const session = switchableSession(true);
    fakeApi({
      'GET /api/admin/session/': session.read,
      'DELETE /api/admin/session/': session.signOut,
    });
    at('/');
    render(<App table={TABLE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('heading', { name: '管理画面ログイン' })).toBeTruthy();
  });

  it('says so when the session cannot be read, with a retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/session/': () =>
        fail
          ? apiError(503, 'database_unavailable', 'ただいま混み合っています。')
          : { csrfToken: 't', staff: OWNER },
    });
    at('/');
    render(<App table={TABLE} />);
    expect(await screen.findByText('ただいま混み合っています。')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('heading', { name: 'ダッシュボード画面' })).toBeTruthy();
  });
});

describe('ROUTE_TABLE', () => {
  it('has one route per path, each under /', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(true);
  });

  it('groups the navigation in the order a group first appears', () => {
    expect(navigation(TABLE, () => true).map((g) => [g.group, g.links.length])).toEqual([
      ['全般', 1],
      ['注文', 2],
      ['設定', 1],
    ]);
  });
});
