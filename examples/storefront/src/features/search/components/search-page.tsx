import { formatCount, MAX_SEARCH_PAGE } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { Pagination } from '../../../components/pagination';
import { ProductGrid } from '../../../components/product-card';
import type { SearchResult } from '../../../types/api';
import { SearchFacets, SortSelect, searchHref } from './search-controls';
import { SearchSuggestionsPanel } from './search-suggestions';
import { searchTitle } from './search-summary';

/**
 * Which of the results this page shows, `（41〜80件を表示）`, counted from the items it has: a page
 * past the last one (an old link, `?page=99`) shows none and says no range, where the arithmetic
 * of its number said 「3961〜3000件を表示」.
 */
function shownRange({ page, per_page, items }: SearchResult): string {
  if (items.length === 0) return '';
  const first = (page - 1) * per_page + 1;
  return `（${formatCount(first)}〜${formatCount(first + items.length - 1)}件を表示）`;
}

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
              {formatCount(data.total)}件{shownRange(data)}
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
