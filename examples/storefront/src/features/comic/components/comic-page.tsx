import { formatCount, ROUTES, toSearchParams } from '@shop/rules';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ProductGrid } from '../../../components/product-card';
import { Section } from '../../../components/section';
import type { ComicShelves } from '../api/get-comic-shelves';

const search = (query: Parameters<typeof toSearchParams>[0]) =>
  `${ROUTES.search.path()}?${toSearchParams({ categories: ['コミック'], ...query })}`;

/** The comics' shelves: new, open for reservation, popular. */
export function ComicPage({ data }: { data: ComicShelves }) {
  return (
    <>
      <Breadcrumb items={[{ label: ROUTES.comic.title }]} />
      <h1 className="page-title">{ROUTES.comic.title}</h1>
      <p>コミックの新刊・予約商品 {formatCount(data.total)}点から探せます。</p>
      <Section id="comic-new" title="新着コミック" more={{ href: search({}) }}>
        <ProductGrid products={data.newArrivals} eager={5} label="新着コミック" />
      </Section>
      <Section
        id="comic-upcoming"
        title="予約受付中のコミック"
        more={{ href: search({ filters: ['reserve'] }) }}
      >
        <ProductGrid products={data.upcoming} label="予約受付中のコミック" />
      </Section>
      <Section
        id="comic-popular"
        title="人気のコミック"
        more={{ href: search({ sort: 'order_count-desc' }) }}
      >
        <ProductGrid products={data.popular} label="人気のコミック" />
      </Section>
    </>
  );
}
