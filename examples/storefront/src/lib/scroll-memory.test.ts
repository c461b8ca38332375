import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentScroll,
  lastChangeTraversed,
  PAGES_REMEMBERED,
  recallScroll,
  rememberScroll,
  restoreScroll,
  takeOverScrollRestoration,
} from './scroll-memory';

/** Cards stacked 300 px apart from `first` (their top relative to the window's). */
function cards(first: number, slugs: string[]) {
  document.body.innerHTML = slugs
    .map((slug) => `<li data-scroll-anchor="${slug}">${slug}</li>`)
    .join('');
  document.querySelectorAll<HTMLElement>('[data-scroll-anchor]').forEach((card, index) => {
    const top = first + index * 300;
    card.getBoundingClientRect = () => ({ top, bottom: top + 280 }) as DOMRect;
  });
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

beforeEach(() => {
  sessionStorage.clear();
  scrolledTo(0);
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('scroll memory', () => {
  it('keeps one position a page, the latest pages only', () => {
    rememberScroll('/ranking/daily', { y: 1200 });
    rememberScroll('/ranking/daily', { y: 3400 });
    expect(recallScroll('/ranking/daily')).toEqual({ y: 3400 });
    expect(recallScroll('/search?q=魔王')).toBeUndefined();
    for (let page = 1; page <= PAGES_REMEMBERED; page++) {
      rememberScroll(`/search?page=${page}`, { y: page });
    }
    expect(recallScroll('/ranking/daily')).toBeUndefined();
    expect(recallScroll('/search?page=1')).toEqual({ y: 1 });
  });

  it('forgets nothing when storage refuses, and recalls nothing from broken storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberScroll('/ranking/daily', { y: 10 })).not.toThrow();
    vi.restoreAllMocks();
    sessionStorage.setItem('shop:scroll', '{not json');
    expect(recallScroll('/ranking/daily')).toBeUndefined();
  });

  it('takes the first card still on screen as the anchor', () => {
    scrolledTo(2000);
    cards(-400, ['a', 'b', 'c']);
    // a ends at -120 (above the window); b starts at -100 and is partly on screen.
    expect(currentScroll()).toEqual({ y: 2000, anchor: 'b', top: -100 });
    document.body.innerHTML = '<p>no cards</p>';
    expect(currentScroll()).toEqual({ y: 2000 });
  });

  it('puts the anchor back where it was, or the offset where the page has no such card', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    scrolledTo(0);
    // The list came back with two new cards above b: b is 600 px further down than before.
    cards(500, ['new1', 'new2', 'a', 'b']);
    restoreScroll({ y: 1500, anchor: 'b', top: 40 });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 500 + 3 * 300 - 40);
    restoreScroll({ y: 1500, anchor: 'gone', top: 40 });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1500);
    restoreScroll({ y: 700 });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 700);
  });

  it('tells Back and Forward from links and redirects', () => {
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(lastChangeTraversed()).toBe(true);
    // wouter's event for history.pushState.
    window.dispatchEvent(new Event('pushState'));
    expect(lastChangeTraversed()).toBe(false);
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.dispatchEvent(new Event('replaceState'));
    expect(lastChangeTraversed()).toBe(false);
  });

  it('restores by itself while the page lives, keeps the position when the page is left', () => {
    cards(-100, ['a', 'b']);
    scrolledTo(900);
    const stop = takeOverScrollRestoration(() => '/ranking/daily');
    expect(window.history.scrollRestoration).toBe('manual');
    window.dispatchEvent(new Event('pagehide'));
    // A reload or another site: the browser restores this entry itself.
    expect(window.history.scrollRestoration).toBe('auto');
    expect(recallScroll('/ranking/daily')).toEqual({ y: 900, anchor: 'a', top: -100 });
    window.dispatchEvent(new Event('pageshow'));
    expect(window.history.scrollRestoration).toBe('manual');
    stop();
    window.history.scrollRestoration = 'auto';
    window.dispatchEvent(new Event('pageshow'));
    expect(window.history.scrollRestoration).toBe('auto');
  });
});
