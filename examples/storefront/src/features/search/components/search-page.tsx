import { formatCount, MAX_SEARCH_PAGE } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { Pagination } from '../../../components/pagination';
import { ProductGrid } from '../../../components/product-card';
import type { SearchResult } from '../../../types/api';
import { SearchFacets, SortSelect, searchHref } from './search-controls';
import { SearchSuggestionsPanel } from './search-suggestions';
import { searchTitle } from './search-summary';

/** The search results: facets, sort, the products found and their pages. */
export function SearchPage({ data }: { data: SearchResult }) {
  const { query } = data;
  const title = searchTitle(query);
  return (
    <>
      <Breadcrumb items={[{ label: title }]} />
      <h1 className="page-title">{title}</h1>
      <div className="search-layout">
        <SearchFacets query={query} />
        <div>
          <div className="result-bar">
            <p aria-live="polite">
              {formatCount(data.total)}件
              {data.total > 0
                ? `（${(data.page - 1) * data.per_page + 1}〜${Math.min(data.page * data.per_page, data.total)}件を表示）`
                : ''}
            </p>
            <SortSelect query={query} />
          </div>
          {data.suggestions ? <SearchSuggestionsPanel suggestions={data.suggestions} /> : null}
          <ProductGrid products={data.items} eager={5} label="検索結果" />
          <Pagination
            page={data.page}
            perPage={data.per_page}
            total={data.total}
            maxPage={MAX_SEARCH_PAGE}
            hrefFor={(page) => searchHref({ ...query, page })}
          />
        </div>
      </div>
    </>
  );
}
