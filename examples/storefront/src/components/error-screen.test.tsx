import { SERVER_ERROR_HINT } from '@shop/rules';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorScreen } from './error-screen';

afterEach(cleanup);

describe('ErrorScreen', () => {
  it('shows the 404 headline, the HTTP code, the message and the way back to the top page', () => {
    render(<ErrorScreen error={{ statusCode: 404, message: 'Page Not Found: /nowhere' }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ページが見つかりません');
    expect(screen.getByText('HTTP 404')).toBeTruthy();
    expect(screen.getByText('Page Not Found: /nowhere')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'トップページへ戻る' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(SERVER_ERROR_HINT)).toBeNull();
  });

  it('offers a 404 a way on: a search box and links of the menu, and a 500 none', () => {
    const { rerender } = render(
      <ErrorScreen error={{ statusCode: 404, message: 'Page Not Found: /nowhere' }} />,
    );
    const search = screen.getByRole('searchbox', { name: 'お探しの作品を検索' });
    expect(search.closest('form')?.getAttribute('action')).toBe('/search');
    expect(search.getAttribute('name')).toBe('q');
    const links = screen.getByRole('navigation', { name: 'こちらからもお探しいただけます' });
    expect(links.querySelectorAll('a[href^="/"]').length).toBeGreaterThanOrEqual(3);
    rerender(<ErrorScreen error={{ statusCode: 500, message: '' }} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('gives a 500 its hint', () => {
    render(<ErrorScreen error={{ statusCode: 500, message: 'boom' }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'サーバー上で技術的なエラーが発生しました。',
    );
    expect(screen.getByText(SERVER_ERROR_HINT)).toBeTruthy();
  });

  it('shows a stack below the card only when the error carries one', () => {
    const { rerender } = render(<ErrorScreen error={{ statusCode: 500, message: 'x' }} />);
    expect(screen.queryByText('スタックトレース')).toBeNull();
    rerender(
      <ErrorScreen error={{ statusCode: 500, message: 'x', stack: 'Error: x\n    at y' }} />,
    );
    expect(screen.getByText('スタックトレース').closest('details')?.textContent).toContain('at y');
  });
});
