import { formatJstDate, ROUTES } from '@shop/rules';
import { PageHeading } from '../../../components/breadcrumb';
import { ContentCardGrid } from '../../../components/content-card-grid';
import type { ShowcaseSummary } from '../../../types/api';

/** The showcases open now. */
export function ShowcaseListPage({ data }: { data: { items: ShowcaseSummary[] } }) {
  return (
    <>
      <PageHeading title={ROUTES.showcase.title} />
      {data.items.length === 0 ? <p>開催中の特集はありません。</p> : null}
      <ContentCardGrid
        entries={data.items}
        href={(slug) => ROUTES.showcaseDetail.path({ slug })}
        details={(showcase) => (
          <>
            <p className="muted">{showcase.description}</p>
            {showcase.ends_at ? (
              <p className="muted">{formatJstDate(showcase.ends_at)}まで</p>
            ) : null}
          </>
        )}
      />
    </>
  );
}
