import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRefusal, fakeApi, SESSION } from '../../../testing/fake-api';
import { RestockButton } from './restock-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RestockButton', () => {
  it('asks for 再入荷のお知らせ of the variation, then takes it back', async () => {
    const { requests } = fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/restock-requests/': () => ({ variationId: 7, requested: true }),
      'DELETE /api/restock-requests/7/': () => new Response(null, { status: 204 }),
    });
    render(<RestockButton variationId={7} />);
    fireEvent.click(screen.getByRole('button', { name: '再入荷のお知らせを受け取る' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      '再入荷したらメールでお知らせします（一度だけお送りします）。',
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ variationId: 7 });

    fireEvent.click(screen.getByRole('button', { name: 'お知らせを取り消す' }));
    expect(await screen.findByRole('button', { name: '再入荷のお知らせを受け取る' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('asks a guest to log in and stays unrequested', async () => {
    fakeApi({
      'GET /api/session/': () => SESSION,
      'POST /api/restock-requests/': () =>
        apiRefusal(401, 'login_required', 'ログインしてください。'),
    });
    render(<RestockButton variationId={7} />);
    fireEvent.click(screen.getByRole('button', { name: '再入荷のお知らせを受け取る' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ログインすると再入荷のお知らせを受け取れます。',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
