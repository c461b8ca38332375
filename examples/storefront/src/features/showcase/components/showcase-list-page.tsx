import { formatJstDate, ROUTES } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ContentImage } from '../../../components/content-image';
import { ShopLink } from '../../../components/shop-link';
import type { ShowcaseSummary } from '../../../types/api';

/** The showcases open now. */
export function ShowcaseListPage({ data }: { data: { items: ShowcaseSummary[] } }) {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.showcase.title }]} />
      <h1 className="page-title">{ROUTES.showcase.title}</h1>
      {data.items.length === 0 ? <p>開催中の特集はありません。</p> : null}
      <ul className="card-grid">
        {data.items.map((showcase, index) => (
          <li key={showcase.slug}>
            <article className="card">
              <ShopLink href={ROUTES.showcaseDetail.path({ slug: showcase.slug })}>
                <ContentImage src={showcase.image} alt="" width={384} priority={index < 3} />
                <div className="card-body">
                  <h2>{showcase.title}</h2>
                  <p className="muted">{showcase.description}</p>
                  {showcase.ends_at ? (
                    <p className="muted">{formatJstDate(showcase.ends_at)}まで</p>
                  ) : null}
                </div>
              </ShopLink>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
