import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentCardGrid } from './content-card-grid';

afterEach(cleanup);

describe('ContentCardGrid', () => {
  it('links each card to its page with its title and details, the first row loaded first', () => {
    const entries = ['a', 'b', 'c', 'd'].map((slug) => ({
      slug,
      image: `/uploads/${slug}.jpg`,
      title: `サイン本 ${slug}`,
    }));
    render(
      <ContentCardGrid
        entries={entries}
        href={(slug) => `/gallery/${slug}`}
        details={(entry) => <p>詳細 {entry.slug}</p>}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      entries.map((e) => `/gallery/${e.slug}`),
    );
    expect(links.map((link) => link.textContent)).toEqual(
      entries.map((e) => `${e.title}詳細 ${e.slug}`),
    );
    // The photos are decorative (alt=""), so they are read from the DOM, not by role.
    const loading = [...document.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy']);
  });
});
