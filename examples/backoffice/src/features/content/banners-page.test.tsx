import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../testing/render';

const showcase = (id: number, title: string) => ({
  id,
  slug: `s${id}`,
  title,
  description: '',
  image: '/covers/x.png',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  bannerPosition: null,
  productIds: [],
  state: 'running',
});

const banner = (position: number, id: number, title: string) => ({
  position,
  showcaseId: id,
  slug: `s${id}`,
  title,
  image: '/covers/x.png',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  state: 'running',
});

describe('BannersPage', () => {
  it('reorders, removes and adds showcases and saves exactly that order', async () => {
    const { fake } = renderAt('/content/banners', {
      'GET /api/admin/banners/': () => ({
        items: [banner(1, 1, '冬の特集'), banner(2, 2, '新刊')],
      }),
      'GET /api/admin/showcases/': () => ({
        items: [showcase(1, '冬の特集'), showcase(2, '新刊'), showcase(3, 'サイン本')],
        nextCursor: null,
      }),
      'PUT /api/admin/banners/': () => ({
        items: [banner(1, 2, '新刊'), banner(2, 3, 'サイン本')],
      }),
    });
    const table = await screen.findByRole('table', { name: /バナー/ });
    fireEvent.click(within(table).getByRole('button', { name: '「新刊」を上へ' }));
    fireEvent.click(within(table).getByRole('button', { name: '「冬の特集」をバナーから外す' }));
    fireEvent.change(screen.getByLabelText('バナーに置く特集'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '追加' }));
    fireEvent.click(screen.getByRole('button', { name: '並びを保存' }));
    await screen.findByText('バナーの並びを保存しました');
    expect(fake.calls('PUT /api/admin/banners/')[0]?.body).toEqual({ showcaseIds: [2, 3] });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('新刊'), expect.stringContaining('サイン本')]);
  });
});
