import { HEADER_MENU } from '@shop/rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../../components/toast';
import type { LayoutName } from '../../lib/page-payload';
import { LayoutFrame } from './layout-frame';

afterEach(cleanup);

function renderLayout(layout: LayoutName) {
  return render(
    <Router hook={memoryLocation({ path: '/lp/faq' }).hook}>
      <ToastProvider>
        <LayoutFrame layout={layout} pending={false}>
          <h1>本文</h1>
        </LayoutFrame>
      </ToastProvider>
    </Router>,
  );
}

describe('LayoutFrame', () => {
  it('default: banner with the 14-link menu then the category and genre lists, main, footer and a skip link', () => {
    renderLayout('default');
    expect(screen.getByRole('banner')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'カテゴリメニュー' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      ...HEADER_MENU.map((item) => item.label),
      'カテゴリ一覧',
      'ジャンル一覧',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      ...HEADER_MENU.map((item) => item.href),
      '/category',
      '/genre',
    ]);
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: '本文へスキップ' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('searchbox')).toBeTruthy();
  });

  it('no-header: no menu and no search, only the brand back to the top page', () => {
    renderLayout('no-header');
    expect(screen.queryByRole('navigation', { name: 'カテゴリメニュー' })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('link', { name: /しおり書房/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('fakemodal: the page alone in a card, no header or footer', () => {
    renderLayout('fakemodal');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('main').className).toContain('fakemodal-card');
  });

  it('error: the brand and the page, no menu', () => {
    renderLayout('error');
    expect(screen.queryByRole('navigation', { name: 'カテゴリメニュー' })).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: '本文' })).toBeTruthy();
  });

  it('marks the current menu link', () => {
    render(
      <Router hook={memoryLocation({ path: '/comic' }).hook}>
        <ToastProvider>
          <LayoutFrame layout="default" pending={false}>
            <p>x</p>
          </LayoutFrame>
        </ToastProvider>
      </Router>,
    );
    const current = screen.getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('コミック');
  });
});
