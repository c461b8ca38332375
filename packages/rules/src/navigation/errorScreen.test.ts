import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { errorScreen, SERVER_ERROR_HINT } from './errorScreen';

describe('errorScreen', () => {
  test("404: 'ページが見つかりません', no hint", () => {
    expect(errorScreen({ statusCode: 404, message: 'Page Not Found: /x' })).toEqual({
      headline: 'ページが見つかりません',
      statusText: 'HTTP 404',
      hint: null,
      message: 'Page Not Found: /x',
      stack: null,
      action: { label: 'トップページへ戻る', href: '/' },
    });
  });

  test("500: 'サーバー上で技術的なエラーが発生しました。' with the sorry-please-retry hint", () => {
    const screen = errorScreen({ statusCode: 500, message: 'boom', stack: 'Error: boom\n  at x' });
    expect(screen.headline).toBe('サーバー上で技術的なエラーが発生しました。');
    expect(screen.statusText).toBe('HTTP 500');
    expect(screen.hint).toBe(SERVER_ERROR_HINT);
    expect(screen.hint).toContain('申し訳ございません');
    expect(screen.hint).toContain('トップページ');
    expect(screen.stack).toBe('Error: boom\n  at x');
  });

  test.each([403, 400, 502, 503])("%i: 'エラーが発生しました' with no hint", (statusCode) => {
    const screen = errorScreen({ statusCode, message: 'お使いの環境は権限がありません。(1)' });
    expect(screen.headline).toBe('エラーが発生しました');
    expect(screen.statusText).toBe(`HTTP ${statusCode}`);
    expect(screen.hint).toBeNull();
    expect(screen.message).toBe('お使いの環境は権限がありません。(1)');
  });

  test.each([undefined, null, 0, 200, 302, 404.5, Number.NaN, 999])(
    'an unclassified status %s is shown as 500',
    (statusCode) => {
      expect(errorScreen({ statusCode }).statusText).toBe('HTTP 500');
    },
  );

  test('a missing message is empty and an empty stack is none', () => {
    const screen = errorScreen({ statusCode: 404, stack: '' });
    expect(screen.message).toBe('');
    expect(screen.stack).toBeNull();
  });
});

describe('properties', () => {
  test.prop([fc.integer({ min: 400, max: 599 }), fc.string()])(
    'always offers the way home: every screen links トップページへ戻る to / and says HTTP <code>',
    (statusCode, message) => {
      const screen = errorScreen({ statusCode, message });
      expect(screen.action).toEqual({ label: 'トップページへ戻る', href: '/' });
      expect(screen.statusText).toBe(`HTTP ${statusCode}`);
      expect(screen.message).toBe(message);
      expect(screen.hint === null).toBe(statusCode !== 500);
    },
  );
});
