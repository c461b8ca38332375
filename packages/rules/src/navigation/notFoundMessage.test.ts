import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { notFoundMessage } from './notFoundMessage';

describe('notFoundMessage', () => {
  test('is Japanese prose naming the path with the query kept', () => {
    expect(notFoundMessage('/ranking/foo?x=1')).toBe(
      'お探しのページ「/ranking/foo?x=1」は見つかりませんでした。',
    );
  });
});

describe('properties', () => {
  test.prop([fc.string()])('quotes the path verbatim, in Japanese, never in English', (path) => {
    const message = notFoundMessage(path);
    expect(message.startsWith('お探しのページ「')).toBe(true);
    expect(message.endsWith('」は見つかりませんでした。')).toBe(true);
    expect(message.slice('お探しのページ「'.length, -'」は見つかりませんでした。'.length)).toBe(
      path,
    );
    expect(message).not.toContain('Not Found');
  });
});
