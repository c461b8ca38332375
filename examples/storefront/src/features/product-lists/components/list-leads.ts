import type { ProductListType } from '@shop/rules';

/** The sentence under each product list's heading. */
export const LIST_LEADS: Record<ProductListType, string> = {
  add: '新しく商品情報が追加された商品です。',
  delay: '発売日が延期になった商品です。ご予約はそのまま新しい発売日にお届けします。',
  benefit: '購入特典が配布中の商品です。特典は数量限定のため、なくなりしだい終了します。',
  limited: '限定版・特装版の商品です。通常版と選べる商品は、商品ページで版をお選びください。',
};
