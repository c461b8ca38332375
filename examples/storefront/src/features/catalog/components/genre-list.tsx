import { BROWSABLE_GENRES, ROUTES } from '@shop/rules';
import { PageHeading } from '../../../components/breadcrumb';
import { ShopLink } from '../../../components/shop-link';

/** /genre: every genre of @shop/rules BROWSABLE_GENRES, each opening its products page. */
export function GenreListPage() {
  return (
    <>
      <PageHeading title={ROUTES.genres.title} />
      <nav aria-label="ジャンル">
        <ul className="category-tree">
          {BROWSABLE_GENRES.map((genre) => (
            <li key={genre.value}>
              <ShopLink href={ROUTES.genre.path({ genre: genre.value })} prefetch={false}>
                {genre.label}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
