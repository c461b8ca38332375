// Storefront-wide display constants that are not domain rules (those live in @shop/rules).

/** The shop's name, shown in the header and first in every <title>. */
export const SHOP_NAME = 'しおり書房';

/** What the shop is: the spec's title phrase (comic and doujinshi new-release pre-order mail order). */
export const SHOP_TAGLINE = 'コミック・同人誌の新刊予約通販';

/** The document title of a page: the shop's name first, as the spec's page title has it. */
export function documentTitle(pageTitle: string | null): string {
  return pageTitle ? `${pageTitle} | ${SHOP_NAME}` : `${SHOP_NAME} | ${SHOP_TAGLINE}`;
}

/** The seller as the legal notice (特定商取引法に基づく表記) names it. Demo values. */
export const SELLER = {
  company: '株式会社しおり書房',
  representative: '栞 一郎',
  address: '〒101-0051 東京都千代田区神田神保町1-2-3 しおりビル5階',
  phone: '03-5555-0123',
  hours: '平日 10:00〜18:00',
  email: 'support@shiori-shobo.example',
} as const;
