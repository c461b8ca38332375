import { errorScreen } from '@shop/rules';
import type { PageError } from '../lib/page-payload';

/**
 * The full-page error screen of the error layout: headline, HTTP code, hint, message and the way
 * back to the top page, all from @shop/rules' errorScreen. The stack (development only: the
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
