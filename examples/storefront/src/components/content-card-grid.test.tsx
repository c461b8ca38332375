import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentCardGrid } from './content-card-grid';

afterEach(cleanup);

describe('ContentCardGrid', () => {
  it('links each card to its page with its title and details, the first row loaded first', () => {
    const cards = ['a', 'b', 'c', 'd'].map((key) => ({
      key,
      href: `/gallery/${key}`,
      image: `/uploads/${key}.jpg`,
      title: `サイン本 ${key}`,
      details: <p>詳細 {key}</p>,
    }));
    render(<ContentCardGrid cards={cards} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(cards.map((c) => c.href));
    expect(links.map((link) => link.textContent)).toEqual(
      cards.map((c) => `${c.title}詳細 ${c.key}`),
    );
    // The photos are decorative (alt=""), so they are read from the DOM, not by role.
    const loading = [...document.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy']);
  });
});
