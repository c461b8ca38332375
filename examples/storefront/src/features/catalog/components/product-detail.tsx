import { BROWSABLE_GENRES, CATEGORIES, ROUTES, toSearchParams } from '@shop/rules';
import type { ReactNode } from 'react';
import { AdultCover, AgeConfirmation, useAgeConfirmed } from '../../../components/age-gate';
import { Breadcrumb } from '../../../components/breadcrumb';
import { CoverImage } from '../../../components/cover-image';
import { FavoriteToggle } from '../../../components/favorite-toggle';
import { ProductBadges } from '../../../components/product-badges';
import { ShopLink } from '../../../components/shop-link';
import type { ProductDetail as ProductDetailData } from '../../../types/api';
import type { PurchaseAction } from '../api/purchase-actions';
import { type AddToCart, PurchaseBox } from './purchase-box';

const COVER_WIDTH = 320;

const searchHref = (query: Parameters<typeof toSearchParams>[0]) =>
  `${ROUTES.search.path()}?${toSearchParams(query)}`;

/** A release postponement in words (formatReleaseDate, run by the page loader). */
export interface PostponementLabel {
  key: string;
  previous: string;
  next: string | null;
  reason: string;
}

/** The last day of a benefit's distribution in words (formatJstDate, run by the page loader). */
export type BenefitExpiryLabels = Record<string, string>;

/** The product page: cover, labels, facts, benefits, versions with the buy button, description. */

export function ProductDetail({
  product,
  postponements,
  benefitExpiry,
  actions,
  addToCart,
}: {
  product: ProductDetailData;
  postponements: PostponementLabel[];
  /** By benefit title: the formatted expiry date of each benefit that has one. */
  benefitExpiry: BenefitExpiryLabels;
  actions: Record<number, PurchaseAction>;
  /** The buy button's action (the cart feature's useAddToCart, from the product route). */
  addToCart: AddToCart;
}) {
  const confirmed = useAgeConfirmed();
  const category = CATEGORIES.find((c) => c.value === product.categories[0]);
  const genre = BROWSABLE_GENRES.find((g) => g.value === product.genre);
  const firstInStock = product.variations.find((v) => v.in_stock) ?? product.variations[0];
  const badges = {
    stock_label: firstInStock?.stock_label ?? '在庫なし',
    reservation_label: product.reservation_label,
    has_active_benefit: product.active_benefits.length > 0,
    is_adult: product.is_adult,
  } as const;

  const crumbs = [
    ...(category
      ? [{ label: category.label, href: searchHref({ categories: [category.value] }) }]
      : []),
    { label: product.title },
  ];

  if (product.is_adult && !confirmed) {
    return (
      <>
        <Breadcrumb items={crumbs} />
        <h1 className="page-title">{product.title}</h1>
        <AgeConfirmation />
      </>
    );
  }

  const person = (p: NonNullable<ProductDetailData['author']>) => (
    <ShopLink href={ROUTES.author.path({ slug: p.slug })} prefetch={false}>
      {p.name}
    </ShopLink>
  );
  const facts: [string, ReactNode][] = [
    ['発売日', product.release_date_label || '未定'],
    ...(product.author ? [['作者', person(product.author)] as [string, ReactNode]] : []),
    ...(product.circle ? [['サークル', person(product.circle)] as [string, ReactNode]] : []),
    ...(product.series
      ? [
          [
            'シリーズ',
            <ShopLink
              key="series"
              href={ROUTES.series.path({ slug: product.series.slug })}
              prefetch={false}
            >
              {product.series.title}
            </ShopLink>,
          ] as [string, ReactNode],
        ]
      : []),
    ...(product.publisher ? [['出版社', product.publisher] as [string, ReactNode]] : []),
    ...(product.isbn ? [['ISBN', product.isbn] as [string, ReactNode]] : []),
    ['カテゴリ', product.categories.join('・')],
    ...(genre
      ? [
          [
            'ジャンル',
            <ShopLink key="genre" href={ROUTES.genre.path({ genre: genre.value })} prefetch={false}>
              {genre.label}
            </ShopLink>,
          ] as [string, ReactNode],
        ]
      : []),
  ];
  return (
    <>
      <Breadcrumb items={crumbs} />
      <div className="product-detail">
        <AdultCover adult={product.is_adult}>
          <CoverImage
            src={product.cover_image}
            alt={`${product.title}の表紙`}
            width={COVER_WIDTH}
            large
            priority
          />
        </AdultCover>
        {/* The price and buy button come right after the title, before the facts, notes and
            benefits, so that they are on the first screen (360 × 740) with two versions to
            choose from: in the order a screen reader and the keyboard meet them too. */}
        <div>
          <h1 className="product-title">{product.title}</h1>
          <ProductBadges product={badges} />
          <PurchaseBox product={product} actions={actions} addToCart={addToCart} />
          <p>
            <FavoriteToggle contentType="product" slug={product.slug} name={product.title} />
          </p>
          {product.series || product.author ? (
            <p className="favorite-toggles">
              {product.series ? (
                <FavoriteToggle
                  contentType="intellectualproperty"
                  slug={product.series.slug}
                  name={product.series.title}
                />
              ) : null}{' '}
              {product.author ? (
                <FavoriteToggle
                  contentType="author"
                  slug={product.author.slug}
                  name={product.author.name}
                />
              ) : null}
            </p>
          ) : null}
          <dl className="product-facts">
            {facts.map(([label, value]) => (
              <div key={label} className="fact">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {postponements.length > 0 ? (
            <div className="notice" role="note">
              <strong>発売延期</strong>
              <ul>
                {postponements.map((p) => (
                  <li key={p.key}>
                    {p.previous} → {p.next ?? '未定'}
                    {p.reason ? `（${p.reason}）` : ''}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {product.active_benefits.length > 0 ? (
            <section className="benefits" aria-labelledby="benefits-heading">
              <h2 id="benefits-heading">
                <span className="badge badge-bonus">特典</span> 購入特典
              </h2>
              <ul>
                {product.active_benefits.map((benefit) => (
                  <li key={benefit.title}>
                    {benefit.title}
                    {benefitExpiry[benefit.title]
                      ? `（配布期限 ${benefitExpiry[benefit.title]}まで）`
                      : ''}
                    <span className="muted"> ・ 先着{benefit.available_max_num}名様</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {product.bonus_content ? <p className="muted">{product.bonus_content}</p> : null}
        </div>
      </div>
      <section className="section" aria-labelledby="description-heading">
        <h2 id="description-heading">商品説明</h2>
        <p className="prose">{product.description}</p>
      </section>
    </>
  );
}
