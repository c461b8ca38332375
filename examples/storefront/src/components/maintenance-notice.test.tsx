import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import { MaintenanceNotice } from './maintenance-notice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const health = (maintenance: { active: boolean; message: string | null }) =>
  fakeApi({
    'GET /api/health/': () => ({
      status: 'ok',
      database: 'pglite',
      products: 1,
      time: '',
      maintenance,
    }),
  });

describe('MaintenanceNotice', () => {
  it("shows the API's announcement in a modal that the shopper can close", async () => {
    const { requests } = health({
      active: true,
      message: '12月1日 2:00〜4:00 はメンテナンスのためご注文いただけません。',
    });
    render(<MaintenanceNotice />);
    const dialog = await screen.findByRole('dialog', { name: 'メンテナンスのお知らせ' });
    expect(dialog.textContent).toContain(
      '12月1日 2:00〜4:00 はメンテナンスのためご注文いただけません。',
    );
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/health/']);
    fireEvent.click(screen.getAllByRole('button', { name: '閉じる' })[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'メンテナンスのお知らせ' })).toBeNull(),
    );
  });

  it('shows nothing when there is no announcement', async () => {
    const { requests } = health({ active: false, message: null });
    render(<MaintenanceNotice />);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
