import type { ReactNode } from 'react';
import { ContentImage } from './content-image';
import { ShopLink } from './shop-link';

/** One entry of a content list (a gallery entry, a showcase): its page, photo and title. */
export interface ContentCard {
  key: string;
  href: string;
  image: string;
  title: string;
  /** What the card says under the title (author and date, dates of a showcase). */
  details: ReactNode;
}

/**
 * Content entries as a grid of linked cards with their photos; the first row's photos are the
 * page's largest images, so they load first.
 */
export function ContentCardGrid({ cards }: { cards: ContentCard[] }) {
  return (
    <ul className="card-grid">
      {cards.map((card, index) => (
        <li key={card.key}>
          <article className="card">
            <ShopLink href={card.href}>
              <ContentImage src={card.image} alt="" width={384} priority={index < 3} />
              <div className="card-body">
                <h2>{card.title}</h2>
                {card.details}
              </div>
            </ShopLink>
          </article>
        </li>
      ))}
    </ul>
  );
}
