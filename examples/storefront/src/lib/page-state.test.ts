import { afterEach, describe, expect, it } from 'vitest';
import { isPageStateEntry, isPushedPageState, writePageState } from './page-state';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('page state entries', () => {
  it('replaces the entry for a choice and pushes one for a step, marked with the page', () => {
    window.history.replaceState(null, '', '/checkout');
    const entries = window.history.length;
    writePageState('/checkout?shipping=yu_packet', 'replace');
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ pageState: '/checkout' });
    expect(isPushedPageState(window.history.state)).toBe(false);
    writePageState('/checkout?shipping=yu_packet&step=confirm', 'push');
    expect(window.history.length).toBe(entries + 1);
    expect(window.location.search).toBe('?shipping=yu_packet&step=confirm');
    expect(isPushedPageState(window.history.state)).toBe(true);
  });

  it('stays on the page only for entries the page on screen wrote for itself', () => {
    const own = { pageState: '/checkout' };
    expect(isPageStateEntry(own, '/checkout', '/checkout?step=confirm')).toBe(true);
    expect(isPageStateEntry(own, '/checkout?slot=morning', '/checkout?step=confirm')).toBe(true);
    // Another page's entry, a plain navigation, a dialog over the page: a page load.
    expect(isPageStateEntry(own, '/cart', '/checkout?step=confirm')).toBe(false);
    expect(isPageStateEntry(null, '/checkout', '/checkout?step=confirm')).toBe(false);
    expect(isPageStateEntry({ modalOver: '/checkout' }, '/checkout', '/common/credit-card')).toBe(
      false,
    );
    expect(isPageStateEntry(own, '/checkout', '/checkout/complete')).toBe(false);
  });
});
