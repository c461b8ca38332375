import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeLogin, useLoginPrompt } from '../lib/login-prompt';
import { setSession } from '../lib/session';
import { fakeApi, SESSION } from '../testing/fake-api';
import type { SessionSummary } from '../types/account';
import { FavoriteToggle } from './favorite-toggle';
import { ToastProvider } from './toast';

const MEMBER: SessionSummary = {
  ...SESSION,
  member: {
    id: 3,
    email: 'member@example.jp',
    name: '栞 花子',
    birthDate: null,
    isAdult: true,
    createdAt: '2026-01-01T00:00:00Z',
  },
};

/** The login modal's stand-in: the reason it was opened for. */
function LoginProbe() {
  const prompt = useLoginPrompt();
  return prompt ? <p role="status">{prompt.reason}</p> : null;
}

const KINDS = [
  {
    contentType: 'product',
    name: '星の栞 1',
    off: '♡ お気に入りに追加',
    on: '♥ お気に入り登録済み',
  },
  {
    contentType: 'intellectualproperty',
    name: '星の栞',
    off: '☆ 星の栞をお気に入り登録',
    on: '★ 星の栞をお気に入り登録済み',
  },
  {
    contentType: 'author',
    name: '栞 一郎',
    off: '☆ 栞 一郎をお気に入り登録',
    on: '★ 栞 一郎をお気に入り登録済み',
  },
] as const;

let kept: Set<string>;
let api: ReturnType<typeof fakeApi>;
let session: SessionSummary;

beforeEach(() => {
  kept = new Set();
  session = SESSION;
  api = fakeApi({
    'GET /api/session/': () => session,
    ...Object.fromEntries(
      KINDS.flatMap(({ contentType }) => [
        [
          `POST /api/favorites/${contentType}/`,
          ({ body }: { body: unknown }) => {
            kept.add(`${contentType}/${(body as { slug: string }).slug}`);
            return { favorite: true };
          },
        ],
        [
          `GET /api/favorites/${contentType}/hoshi/`,
          () => ({ favorite: kept.has(`${contentType}/hoshi`) }),
        ],
        [
          `DELETE /api/favorites/${contentType}/hoshi/`,
          () => {
            kept.delete(`${contentType}/hoshi`);
            return new Response(null, { status: 204 });
          },
        ],
      ]),
    ),
  });
});

afterEach(() => {
  act(() => closeLogin(false));
  cleanup();
  vi.unstubAllGlobals();
});

const show = (kind: (typeof KINDS)[number]) =>
  render(
    <ToastProvider>
      <FavoriteToggle contentType={kind.contentType} slug="hoshi" name={kind.name} />
      <LoginProbe />
    </ToastProvider>,
  );

describe.each(KINDS)('the $contentType favourite button', (kind) => {
  it("shows a member's existing favourite and takes it off", async () => {
    kept.add(`${kind.contentType}/hoshi`);
    act(() => setSession(MEMBER));
    show(kind);
    const saved = await screen.findByRole('button', { name: kind.on });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(saved);
    expect(await screen.findByRole('button', { name: kind.off })).toBeTruthy();
    expect(kept.has(`${kind.contentType}/hoshi`)).toBe(false);
  });

  it('opens the login modal for a guest, then adds the favourite once logged in', async () => {
    act(() => setSession(SESSION));
    show(kind);
    fireEvent.click(screen.getByRole('button', { name: kind.off }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'お気に入りのご利用にはログインが必要です。',
    );
    expect(api.requests.some((r) => r.url.pathname.startsWith('/api/favorites/'))).toBe(false);

    session = MEMBER;
    act(() => {
      setSession(MEMBER);
      closeLogin(true);
    });
    expect(await screen.findByRole('button', { name: kind.on })).toBeTruthy();
    await waitFor(() => expect(kept.has(`${kind.contentType}/hoshi`)).toBe(true));
    expect(screen.getByRole('button', { name: kind.on })).toBeTruthy();
  });
});
