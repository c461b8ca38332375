import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, READ_ONLY, twoPages } from '../../testing/fake-api';
import { expectTexts, pressThenFind } from '../../testing/queries';
import { renderAt } from '../../testing/render';
import type { MemberDetail, MemberSummary } from './types';

/** The member as the search lists them; MEMBER is the same member's page. */
const SUMMARY: MemberSummary = {
  id: 42,
  email: 'hanako@example.jp',
  name: '佐藤 花子',
  createdAt: '2026-01-05T01:00:00.000Z',
  withdrawnAt: null,
  pointBalance: 1200,
};

const MEMBER: MemberDetail = {
  ...SUMMARY,
  birthDate: '1990-04-01',
  locks: {
    login: { failures: 5, lockedUntil: '2026-11-26T03:00:00.000Z' },
    takeover: { failures: 0, lockedUntil: null },
  },
  sessions: 1,
  orders: {
    count: 12,
    spent: 35_200,
    byState: [
      { state: 'shipped', count: 11 },
      { state: 'reserved', count: 1 },
    ],
    recent: [
      {
        id: 9001,
        state: 'reserved',
        total: 1540,
        placedAt: '2026-11-20T05:00:00.000Z',
        isReservation: true,
        paymentMethod: 'cod',
      },
    ],
  },
  points: {
    balance: 1200,
    nextExpiry: { date: '2027-05-31', amount: 300 },
    ledger: [
      {
        id: 3,
        kind: 'adjust',
        amount: 500,
        orderId: null,
        reason: '配送遅延のお詫び',
        createdAt: '2026-11-10T02:00:00.000Z',
      },
      {
        id: 2,
        kind: 'grant',
        amount: 15,
        orderId: 9000,
        reason: null,
        createdAt: '2026-11-01T02:00:00.000Z',
      },
    ],
  },
  withdrawal: {
    withdrawnAt: null,
    blockers: [{ code: 'open_orders', message: '未発送の注文があります', count: 1 }],
  },
  takeover: {
    linked: true,
    linkedAt: '2026-02-01T00:00:00.000Z',
    legacyAccountId: 777,
    legacyOrders: 4,
  },
  accountLinks: [],
};

const POINTS = 'POST /api/admin/members/42/points/';

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'ポイント調整' }));
  return screen.getByRole('dialog', { name: 'ポイント調整' });
}

describe('MemberPage', () => {
  it('shows orders, the ledger with its reasons, locks, withdrawal blockers and the takeover', async () => {
    renderAt('/members/42', { 'GET /api/admin/members/42/': () => MEMBER });
    await screen.findByRole('heading', { name: '佐藤 花子（会員ID 42）' });
    const ledger = screen.getByRole('table', { name: /ポイント履歴/ });
    expect(
      within(ledger)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      expect.stringContaining('ショップによる調整+500pt配送遅延のお詫び'),
      expect.stringContaining('獲得+15ptご注文番号 9000'),
    ]);
    expect(screen.getByText(/ロック中/)).toBeTruthy();
    expect(screen.getByText('退会できない理由：未発送の注文があります（1件）')).toBeTruthy();
    expect(screen.getByText(/引き継ぎ済み.*旧会員ID 777・旧注文4件/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'すべての注文を見る' }).getAttribute('href')).toBe(
      '/admin/orders?memberId=42',
    );
  });

  it('checks the amount and reason in Japanese, confirms, then sends amount and reason', async () => {
    let detail = MEMBER;
    const { fake } = renderAt('/members/42', {
      'GET /api/admin/members/42/': () => detail,
      [POINTS]: (request) => {
        const body = request.body as { amount: number; reason: string };
        detail = { ...MEMBER, points: { ...MEMBER.points, balance: 1200 + body.amount } };
        return Response.json(
          {
            entry: {
              id: 4,
              kind: 'adjust',
              amount: body.amount,
              orderId: null,
              reason: body.reason,
              createdAt: '2026-11-26T02:00:00.000Z',
            },
            balance: 1200 + body.amount,
          },
          { status: 201 },
        );
      },
    });
    await screen.findByRole('heading', { name: '佐藤 花子（会員ID 42）' });
    let dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: '確認へ' }));
    await expectTexts(
      [
        '増減するポイントを、0以外の整数で入力してください（減らすときは −300 のように）。',
        '調整の理由を入力してください。',
      ],
      dialog,
    );

    fireEvent.change(within(dialog).getByRole('textbox', { name: '増減するポイント' }), {
      target: { value: '-1500' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '理由' }), {
      target: { value: '重複付与の取消' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '確認へ' }));
    expect(await within(dialog).findByText('残高（1,200pt）より多くは減らせません。')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: '増減するポイント' }), {
      target: { value: '－３００' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '確認へ' }));
    dialog = await screen.findByRole('dialog', { name: 'ポイント調整の確認' });
    expect(within(dialog).getByText('1,200pt → 900pt')).toBeTruthy();
    expect(fake.calls(POINTS)).toHaveLength(0);
    await pressThenFind('調整する', 'ポイントを−300pt調整しました', dialog);
    expect(fake.calls(POINTS).map((r) => r.body)).toEqual([
      { amount: -300, reason: '重複付与の取消' },
    ]);
    expect(fake.calls(POINTS)[0]?.headers.get('x-csrf-token')).toBe('csrf-token-of-the-test');
    expect(await screen.findByRole('heading', { name: 'ポイント 残高 900pt' })).toBeTruthy();
  });

  it('shows the API’s refusal (another adjustment took the points first) and keeps the dialog', async () => {
    renderAt('/members/42', {
      'GET /api/admin/members/42/': () => MEMBER,
      [POINTS]: () => apiError(409, 'points_insufficient', 'ポイントの残高が足りません。'),
    });
    await screen.findByRole('heading', { name: '佐藤 花子（会員ID 42）' });
    const dialog = openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '増減するポイント' }), {
      target: { value: '-1000' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '理由' }), {
      target: { value: '返品' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '確認へ' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'ポイント調整の確認' })).getByRole(
        'button',
        {
          name: '調整する',
        },
      ),
    );
    const again = await screen.findByRole('dialog', { name: 'ポイント調整' });
    expect(await within(again).findByText('ポイントの残高が足りません。')).toBeTruthy();
  });

  it('unlocks after confirmation and shows the locks as they are now', async () => {
    let detail = MEMBER;
    const { fake } = renderAt('/members/42', {
      'GET /api/admin/members/42/': () => detail,
      'POST /api/admin/members/42/unlock/': () => {
        detail = {
          ...MEMBER,
          locks: {
            login: { failures: 0, lockedUntil: null },
            takeover: { failures: 0, lockedUntil: null },
          },
        };
        return detail.locks;
      },
    });
    await screen.findByRole('heading', { name: '佐藤 花子（会員ID 42）' });
    fireEvent.click(screen.getByRole('button', { name: 'ロック解除' }));
    const confirm = screen.getByRole('dialog', { name: 'ロック解除' });
    expect(fake.calls('POST /api/admin/members/42/unlock/')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '解除する' }));
    expect(await screen.findByText('ロックを解除しました')).toBeTruthy();
    expect(fake.calls('POST /api/admin/members/42/unlock/')).toHaveLength(1);
    await screen.findByRole('button', { name: 'ロック解除' });
    expect((screen.getByRole('button', { name: 'ロック解除' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('offers read-only staff no adjustment or unlock', async () => {
    renderAt('/members/42', { 'GET /api/admin/members/42/': () => MEMBER }, READ_ONLY);
    await screen.findByRole('heading', { name: '佐藤 花子（会員ID 42）' });
    expect(screen.queryByRole('button', { name: 'ポイント調整' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ロック解除' })).toBeNull();
  });
});

describe('MembersPage', () => {
  it('searches with the URL’s query and pages with the API’s cursor', async () => {
    const { fake } = renderAt('/members', {
      'GET /api/admin/members/': twoPages([SUMMARY], 'c42'),
    });
    await screen.findByRole('heading', { name: '会員検索' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'メールアドレス・氏名・会員ID' }), {
      target: { value: ' hanako ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByRole('link', { name: '佐藤 花子' })).toBeTruthy();
    expect(window.location.search).toBe('?q=hanako');
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    await screen.findByText('条件に合う会員はいません。');
    const urls = fake.calls('GET /api/admin/members/').map((r) => r.url.search);
    expect(urls).toContain('?q=hanako');
    expect(urls.at(-1)).toBe('?q=hanako&cursor=c42');
  });
});

describe('MemberPage refusals', () => {
  it('shows the API’s 403 when the role changed since the page loaded', async () => {
    renderAt('/members/42', {
      'GET /api/admin/members/42/': () => MEMBER,
      'POST /api/admin/members/42/unlock/': () =>
        apiError(403, 'staff_forbidden', 'この操作を行う権限がありません。'),
    });
    await screen.findByRole('heading', { name: '佐藤 花子（会員ID 42）' });
    fireEvent.click(screen.getByRole('button', { name: 'ロック解除' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'ロック解除' })).getByRole('button', {
        name: '解除する',
      }),
    );
    expect(await screen.findByText('この操作を行う権限がありません。')).toBeTruthy();
    expect(screen.getByText('ロックを解除できませんでした')).toBeTruthy();
  });

  it('shows the API’s message when the member cannot be loaded', async () => {
    renderAt('/members/404', {
      'GET /api/admin/members/404/': () =>
        apiError(404, 'member_not_found', '会員が見つかりません。'),
    });
    expect(await screen.findByText('会員が見つかりません。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
  });
});
