import { formatJstDate, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ContentCardGrid } from '../../../components/content-card-grid';
import type { ShowcaseSummary } from '../../../types/api';

/** The showcases open now. */
export function ShowcaseListPage({ data }: { data: { items: ShowcaseSummary[] } }) {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.showcase.title }]} />
      <h1 className="page-title">{ROUTES.showcase.title}</h1>
      {data.items.length === 0 ? <p>開催中の特集はありません。</p> : null}
      <ContentCardGrid
        cards={data.items.map((showcase) => ({
          key: showcase.slug,
          href: ROUTES.showcaseDetail.path({ slug: showcase.slug }),
          image: showcase.image,
          title: showcase.title,
          details: (
            <>
              <p className="muted">{showcase.description}</p>
              {showcase.ends_at ? (
                <p className="muted">{formatJstDate(showcase.ends_at)}まで</p>
              ) : null}
            </>
          ),
        }))}
      />
    </>
  );
}
