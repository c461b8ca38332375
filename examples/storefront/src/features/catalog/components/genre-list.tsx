import { BROWSABLE_GENRES, ROUTES } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';
import { CatalogIndex } from './category-tree';

/** /genre: every genre of @shop/rules BROWSABLE_GENRES, each opening its products page. */
export function GenreListPage() {
  return (
    <CatalogIndex title={ROUTES.genres.title} label="ジャンル">
      {BROWSABLE_GENRES.map((genre) => (
        <li key={genre.value}>
          <ShopLink href={ROUTES.genre.path({ genre: genre.value })} prefetch={false}>
            {genre.label}
          </ShopLink>
        </li>
      ))}
    </CatalogIndex>
  );
}
