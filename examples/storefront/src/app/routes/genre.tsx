import { type Genre, ROUTES } from '@shop/rules';
import { WorksPage } from '../../features/catalog/components/works-page';
import type { SearchResult } from '../../types/api';
import type { PageProps } from '../route-chunks';

export interface GenrePageData {
  genre: Exclude<Genre, 'all'>;
  label: string;
  products: SearchResult;
}

export default function GenreRoute({ data }: PageProps<GenrePageData>) {
  return (
    <WorksPage
      kind="ジャンル"
      kindHref={ROUTES.genres.path()}
      name={data.label}
      products={data.products}
      path={ROUTES.genre.path({ genre: data.genre })}
    />
  );
}
