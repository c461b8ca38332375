import { RANKING_TYPES, ROUTES } from '@shop/rules';
import { ContentImage } from '../../../components/content-image';
import { ProductGrid } from '../../../components/product-card';
import { RelativeTime } from '../../../components/relative-time';
import { Section } from '../../../components/section';
import { ShopLink } from '../../../components/shop-link';
import type { Homedata } from '../../../types/api';

const rankingLabel = (type: string) => RANKING_TYPES.find((t) => t.value === type)?.label ?? '';

/** The top page: showcases, news, today's releases, rankings, new arrivals, benefits, gallery. */
export function HomePage({
  home,
  relative,
}: {
  home: Homedata;
  /** formatRelativeJa of each news item's date, by slug (computed by the loader). */
  relative: Record<string, string>;
}) {
  const [lead, ...moreShowcases] = home.showcases;
  return (
    <>
      <h1 className="visually-hidden">トップページ</h1>
      {lead ? (
        <section className="section hero" aria-labelledby="showcase-heading">
          <h2 id="showcase-heading" className="visually-hidden">
            特集
          </h2>
          <ul className="card-grid">
            {[lead, ...moreShowcases.slice(0, 2)].map((showcase) => (
              <li key={showcase.slug}>
                <article className="card">
                  <ShopLink href={ROUTES.showcaseDetail.path({ slug: showcase.slug })}>
                    {/* All three are above the fold on every width (one column on a phone). */}
                    <ContentImage src={showcase.image} alt="" width={384} priority />
                    <div className="card-body">
                      <h3>{showcase.title}</h3>
                      <p className="muted">{showcase.description}</p>
                    </div>
                  </ShopLink>
                </article>
              </li>
            ))}
          </ul>
          <p>
            <ShopLink href={ROUTES.showcase.path()}>特集一覧を見る</ShopLink>
          </p>
        </section>
      ) : null}

      <Section id="news-heading" title="お知らせ">
        <ul className="entry-list">
          {home.news.map((news) => (
            <li key={news.slug}>
              <ShopLink href={ROUTES.news.path({ slug: news.slug })} prefetch={false}>
                <span className="entry-date">
                  <RelativeTime value={news.published_at} label={relative[news.slug] ?? ''} />
                </span>
                <span className="badge badge-reserve">{news.category}</span> {news.title}
              </ShopLink>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="releases-heading"
        title={`本日発売（${home.releases_today.total}点）`}
        more={{ href: ROUTES.saleList.path({ term: 'day' }), label: '発売日別リストへ' }}
      >
        {/* Below the showcase banners on every width: with them, no cover here is above the fold. */}
        <ProductGrid
          products={home.releases_today.items.slice(0, 10)}
          eager={lead ? 0 : 5}
          leadsPage={!lead}
          label="本日発売"
        />
      </Section>

      <Section
        id="ranking-daily-heading"
        title={`${rankingLabel('daily')}ランキング`}
        more={{ href: ROUTES.ranking.path({ type: 'daily' }), label: 'ランキングをもっと見る' }}
      >
        <ProductGrid
          products={home.rankings.daily.items.map((item) => item.product)}
          ranks={home.rankings.daily.items.map((item) => item.rank)}
          label={`${rankingLabel('daily')}ランキング`}
        />
      </Section>

      <Section
        id="ranking-reservation-heading"
        title={`${rankingLabel('reservation')}ランキング`}
        more={{ href: ROUTES.ranking.path({ type: 'reservation' }) }}
      >
        <ProductGrid
          products={home.rankings.reservation.items.map((item) => item.product)}
          ranks={home.rankings.reservation.items.map((item) => item.rank)}
          label={`${rankingLabel('reservation')}ランキング`}
        />
      </Section>

      <Section
        id="new-heading"
        title="新着商品"
        more={{ href: ROUTES.productList.path({ type: 'add' }), label: '商品情報追加リストへ' }}
      >
        <ProductGrid products={home.new_arrivals.slice(0, 10)} label="新着商品" />
      </Section>

      <Section id="benefit-heading" title="特典付き商品" more={{ href: ROUTES.benefitList.path() }}>
        <ProductGrid products={home.benefit_products.slice(0, 10)} label="特典付き商品" />
      </Section>

      <Section
        id="gallery-heading"
        title="サイン本ギャラリー"
        more={{ href: ROUTES.gallery.path() }}
      >
        <ul className="card-grid">
          {home.gallery.slice(0, 3).map((entry) => (
            <li key={entry.slug}>
              <article className="card">
                <ShopLink href={ROUTES.galleryDetail.path({ slug: entry.slug })} prefetch={false}>
                  <ContentImage src={entry.image} alt="" width={384} />
                  <div className="card-body">
                    <h3>{entry.title}</h3>
                    {entry.author ? <p className="muted">{entry.author.name}</p> : null}
                  </div>
                </ShopLink>
              </article>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
