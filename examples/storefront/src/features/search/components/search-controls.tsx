import {
  CATEGORIES,
  DEFAULT_SORT,
  parseSearchParams,
  QUICK_SEARCHES,
  ROUTES,
  SEARCH_FILTERS,
  type SearchQuery,
  SORT_OPTIONS,
  toSearchParams,
} from '@shop/rules';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { ShopLink } from '../../../components/shop-link';

/** The URL of a search, written by @shop/rules toSearchParams. */
export function searchHref(query: Partial<SearchQuery>): string {
  const params = toSearchParams(query).toString();
  return params ? `${ROUTES.search.path()}?${params}` : ROUTES.search.path();
}

const toggle = <T,>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/**
 * The facets beside the results: categories, filters and quick searches. Each change opens the
 * new search (page 1); the 絞り込む button submits the same parameters (a form needs a submit
 * button to be operable without a pointer and for HTML_CodeSniffer H32.2), client-side with
 * JavaScript and as a plain GET without. Hidden fields keep what the form does not show (the
 * keywords, genres and sort).
 */
export function SearchFacets({ query }: { query: SearchQuery }) {
  const [, navigate] = useLocation();
  const id = useId();
  const go = (next: Partial<SearchQuery>) => navigate(searchHref({ ...query, ...next, page: 1 }));
  // The search form's categories, plus any other the current search uses (from the header menu).
  const categories = CATEGORIES.filter((c) => c.searchForm || query.categories.includes(c.value));
  return (
    <form
      className="facets"
      action={ROUTES.search.path()}
      method="get"
      aria-label="絞り込み"
      onSubmit={(event) => {
        event.preventDefault();
        const fields = new FormData(event.currentTarget);
        const params = new URLSearchParams();
        for (const [name, value] of fields) params.append(name, String(value));
        navigate(searchHref({ ...parseSearchParams(params), page: 1 }));
      }}
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.genres.map((genre) => (
        <input key={genre} type="hidden" name="genres" value={genre} />
      ))}
      {query.sort !== DEFAULT_SORT ? <input type="hidden" name="sort" value={query.sort} /> : null}
      <fieldset>
        <legend>カテゴリ</legend>
        <ul>
          {categories.map((category) => (
            <li key={category.value}>
              <label htmlFor={`${id}-c-${category.value}`}>
                <input
                  id={`${id}-c-${category.value}`}
                  type="checkbox"
                  name="categories"
                  value={category.value}
                  checked={query.categories.includes(category.value)}
                  onChange={() => go({ categories: toggle(query.categories, category.value) })}
                />{' '}
                {category.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend>絞り込み</legend>
        <ul>
          {SEARCH_FILTERS.map((filter) => (
            <li key={filter.value}>
              <label htmlFor={`${id}-f-${filter.value}`}>
                <input
                  id={`${id}-f-${filter.value}`}
                  type="checkbox"
                  name="filter"
                  value={filter.value}
                  checked={query.filters.includes(filter.value)}
                  onChange={() => go({ filters: toggle(query.filters, filter.value) })}
                />{' '}
                {filter.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend>クイック検索</legend>
        <ul>
          {QUICK_SEARCHES.map((quick) => (
            <li key={quick.label}>
              <ShopLink href={searchHref(quick.query)} className="chip">
                {quick.label}
              </ShopLink>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" className="button button-outline">
        絞り込む
      </button>
    </form>
  );
}

/** The order of the results (SORT_OPTIONS), applied as soon as it changes. */
export function SortSelect({ query }: { query: SearchQuery }) {
  const [, navigate] = useLocation();
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id}>並び順 </label>
      <select
        id={id}
        value={query.sort}
        onChange={(event) =>
          navigate(
            searchHref({
              ...query,
              sort: event.target.value as SearchQuery['sort'],
              page: 1,
            }),
          )
        }
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
