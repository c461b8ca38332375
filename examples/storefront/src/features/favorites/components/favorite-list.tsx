import {
  FAVORITE_CONTENT_TYPES,
  type FavoriteContentType,
  formatJstDate,
  ROUTES,
  routePath,
} from '@shop/rules';
import { useState } from 'react';
import { Pagination } from '../../../components/pagination';
import { ShopLink } from '../../../components/shop-link';
import { useToast } from '../../../components/toast';
import { failureToast } from '../../../lib/api-errors';
import { removeFavorite } from '../../../lib/favorites';
import type { FavoriteView } from '../../../types/account';

/** Where a favourite leads: the product page, or a search for the series or author. */
function favoriteHref(item: FavoriteView): string {
  if (item.contentType === 'product') return ROUTES.product.path({ slug: item.slug });
  return `${ROUTES.search.path()}?q=${encodeURIComponent(item.title)}`;
}

/**
 * The tabs 商品 / シリーズ / 作者 and one page of the member's favourites of one kind, each
 * removable, with page links when there are more than a page holds.
 */
export function FavoriteList({
  contentType,
  items: initial,
  total,
  page,
  pageSize,
}: {
  contentType: FavoriteContentType;
  items: FavoriteView[];
  total: number;
  page: number;
  pageSize: number;
}) {
  const toast = useToast();
  const [items, setItems] = useState(initial);
  const [removed, setRemoved] = useState(0);

  const remove = async (item: FavoriteView) => {
    try {
      await removeFavorite(item.contentType, item.slug);
      setItems((list) => list.filter((other) => other.slug !== item.slug));
      setRemoved((n) => n + 1);
      toast({ tone: 'success', title: 'お気に入りから削除しました', description: item.title });
    } catch (error) {
      toast(failureToast('削除できませんでした', error));
    }
  };

  return (
    <>
      <ul className="tabs" aria-label="お気に入りの種類">
        {FAVORITE_CONTENT_TYPES.map((tab) => (
          <li key={tab.value}>
            <ShopLink
              href={routePath('favoriteContent', { contentType: tab.value })}
              aria-current={tab.value === contentType ? 'page' : undefined}
            >
              {tab.label}
            </ShopLink>
          </li>
        ))}
      </ul>
      <p>{total - removed}件</p>
      {items.length === 0 ? (
        <p className="panel">
          {total - removed === 0
            ? 'お気に入りはまだありません。'
            : 'このページにはお気に入りがありません。'}
        </p>
      ) : (
        <ul className="favorite-list">
          {items.map((item) => (
            <li key={item.slug} className="panel">
              <ShopLink href={favoriteHref(item)}>{item.title}</ShopLink>
              <span className="muted"> 登録日 {formatJstDate(item.addedAt)}</span>{' '}
              <button
                type="button"
                className="button button-small"
                aria-label={`${item.title}をお気に入りから削除`}
                onClick={() => void remove(item)}
              >
                削除
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        perPage={pageSize}
        total={total}
        hrefFor={(n) => {
          const tab = routePath('favoriteContent', { contentType });
          return n === 1 ? tab : `${tab}?page=${n}`;
        }}
      />
    </>
  );
}
