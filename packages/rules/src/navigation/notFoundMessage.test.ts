import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { notFoundMessage } from './notFoundMessage';

describe('notFoundMessage', () => {
  test("is 'Page Not Found: {fullPath}' with the query kept", () => {
    expect(notFoundMessage('/ranking/foo?x=1')).toBe('Page Not Found: /ranking/foo?x=1');
  });
});

describe('properties', () => {
  test.prop([fc.string()])('quotes the path verbatim after the fixed prefix', (path) => {
    const message = notFoundMessage(path);
    expect(message.startsWith('Page Not Found: ')).toBe(true);
    expect(message.slice('Page Not Found: '.length)).toBe(path);
  });
});
