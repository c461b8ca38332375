import type { ReactNode } from 'react';

/** What a page or a confirmation states about one thing: each term with its value, in order. */
export function Facts({ items }: { items: Readonly<Record<string, ReactNode>> }) {
  return (
    <dl className="facts">
      {Object.entries(items).map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
