import type { ReactNode } from 'react';
import { ContentImage } from './content-image';
import { ShopLink } from './shop-link';

/** One entry of a content list (a gallery entry, a showcase): its slug, photo and title. */
export interface ContentEntry {
  slug: string;
  image: string;
  title: string;
}

/**
 * Content entries as a grid of cards linked to `href(slug)`, with their photos and what
 * `details` says under the title (author and date, dates of a showcase); the first row's photos
 * are the page's largest images, so they load first.
 */
export function ContentCardGrid<Entry extends ContentEntry>({
  entries,
  href,
  details,
}: {
  entries: Entry[];
  href: (slug: string) => string;
  details: (entry: Entry) => ReactNode;
}) {
  return (
    <ul className="card-grid">
      {entries.map((entry, index) => (
        <li key={entry.slug}>
          <article className="card">
            <ShopLink href={href(entry.slug)}>
              <ContentImage src={entry.image} alt="" width={384} priority={index < 3} />
              <div className="card-body">
                <h2>{entry.title}</h2>
                {details(entry)}
              </div>
            </ShopLink>
          </article>
        </li>
      ))}
    </ul>
  );
}
