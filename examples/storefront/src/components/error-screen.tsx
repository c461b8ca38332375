import { errorScreen, HEADER_MENU, ROUTES } from '@shop/rules';
import type { PageError } from '../lib/page-payload';
import { KeywordSearch } from './keyword-search';

/** How many of the header menu's links a 404 offers beside its search box. */
const WAY_ON_LINKS = 6;

/**
 * A way on from a page that does not exist: a search box and the first links of the header menu
 * (a plain form and plain links, loading afresh like the way back to the top page).
 */
function WayOn() {
  return (
    <div className="error-way-on">
      <search>
        <form action={ROUTES.search.path()} method="get" className="error-search">
          <label htmlFor="error-search-q">お探しの作品を検索</label>
          <div className="error-search-row">
            <KeywordSearch
              id="error-search-q"
              placeholder="作品名・作者名・ISBN"
              buttonClassName="button-outline"
            />
          </div>
        </form>
      </search>
      <nav aria-label="こちらからもお探しいただけます">
        <ul className="error-links">
          {HEADER_MENU.slice(0, WAY_ON_LINKS).map((item) => (
            <li key={item.id}>
              <a href={item.href}>{item.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * The full-page error screen of the error layout: headline, HTTP code, hint, message and the way
 * back to the top page, all from @shop/rules' errorScreen; a 404 also offers a way on. The stack (development only: the
 * server strips it otherwise) goes below the card.
 */
export function ErrorScreen({ error }: { error: PageError }) {
  const screen = errorScreen(error);
  return (
    <section className="error-screen" aria-labelledby="error-headline">
      <div className="error-card">
        <p className="error-status">{screen.statusText}</p>
        <h1 id="error-headline" className="error-headline">
          {screen.headline}
        </h1>
        {screen.hint ? <p className="error-hint">{screen.hint}</p> : null}
        {screen.message ? <p className="error-message">{screen.message}</p> : null}
        {error.statusCode === 404 ? <WayOn /> : null}
        {/* A plain link: after an error the app state is not trusted, so the top page loads afresh. */}
        <a className="button button-primary" href={screen.action.href}>
          {screen.action.label}
        </a>
      </div>
      {screen.stack ? (
        <details className="error-stack" open>
          <summary>スタックトレース</summary>
          <pre>{screen.stack}</pre>
        </details>
      ) : null}
    </section>
  );
}
