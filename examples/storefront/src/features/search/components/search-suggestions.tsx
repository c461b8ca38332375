import { ShopLink } from '../../../components/shop-link';
import type { SearchSuggestions } from '../../../types/api';
import { searchHref } from './search-controls';

/**
 * What a search that found nothing offers instead of an empty page: titles close to what was
 * typed (もしかして), each a search for that title, and popular searches (the API's
 * `suggestions`).
 */
export function SearchSuggestionsPanel({ suggestions }: { suggestions: SearchSuggestions }) {
  const { titles, popular } = suggestions;
  return (
    <section className="search-suggestions" aria-label="検索のヒント">
      <p>お探しの商品は見つかりませんでした。キーワードを短くするか、別の言葉でお試しください。</p>
      {titles.length > 0 ? (
        <>
          <h2>もしかして</h2>
          <ul>
            {titles.map((t) => (
              <li key={t.slug}>
                <ShopLink href={searchHref({ q: t.title })}>{t.title}</ShopLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {popular.length > 0 ? (
        <>
          <h2>よく検索されている作品</h2>
          <ul className="popular-searches">
            {popular.map((q) => (
              <li key={q}>
                <ShopLink href={searchHref({ q })}>{q}</ShopLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
