import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, onePage, twoPages } from '../../testing/fake-api';
import { renderAt, renderList } from '../../testing/render';
import type { MemberSummary } from './types';

const LIST = 'GET /api/admin/members/';

function member(id: number, change: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id,
    email: `member${id}@example.jp`,
    name: `会員${id}`,
    createdAt: '2026-11-20T01:00:00.000Z',
    withdrawnAt: null,
    pointBalance: 1200,
    ...change,
  };
}

describe('MembersPage', () => {
  it('searches through the URL and pages by the API’s cursor, first page and next', async () => {
    const { fake, table: first } = await renderList(
      '/members',
      {
        [LIST]: twoPages([member(2)], 'c2', [
          member(1, { withdrawnAt: '2026-11-21T00:00:00.000Z', email: null }),
        ]),
      },
      '会員（新しい順）',
    );
    expect(within(first).getByRole('link', { name: '会員2' })).toBeTruthy();
    expect(within(first).getByText('1,200pt')).toBeTruthy();
    expect(screen.getByRole('button', { name: '最初へ' })).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByRole('searchbox', { name: 'メールアドレス・氏名・会員ID' }), {
      target: { value: ' 会員 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(window.location.search).toBe(`?q=${encodeURIComponent('会員')}`));
    await screen.findByRole('table', { name: '「会員」に一致する会員' });

    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    const next = await screen.findByRole('table', { name: '「会員」に一致する会員' });
    expect(await within(next).findByText('退会済み')).toBeTruthy();
    expect(within(next).getByText('—')).toBeTruthy();
    const last = fake.calls(LIST).at(-1)?.url.searchParams;
    expect([last?.get('q'), last?.get('cursor')]).toEqual(['会員', 'c2']);
    expect(screen.getByRole('button', { name: '次へ' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: '最初へ' }));
    await waitFor(() => expect(window.location.search).toBe(`?q=${encodeURIComponent('会員')}`));
  });

  it('refuses a search word over 100 characters without asking the API', async () => {
    const { fake } = renderAt('/members', { [LIST]: onePage([]) });
    expect(await screen.findByText('条件に合う会員はいません。')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'メールアドレス・氏名・会員ID' }), {
      target: { value: 'あ'.repeat(101) },
    });
    fireEvent.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText('検索語は100文字以内で入力してください。')).toBeTruthy();
    expect(fake.calls(LIST)).toHaveLength(1);
  });

  it('shows a failed load with the API’s message and loads again on 再読み込み', async () => {
    let failing = true;
    const { fake } = renderAt('/members', {
      [LIST]: () =>
        failing
          ? apiError(503, 'unavailable', 'ただいま混み合っています。')
          : { items: [member(3)], nextCursor: null },
    });
    expect(await screen.findByText('ただいま混み合っています。')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('link', { name: '会員3' })).toBeTruthy();
    expect(fake.calls(LIST)).toHaveLength(2);
  });
});
