import { HEADER_MENU, ROUTES, SEARCH_FILTERS } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';
import { SHOP_NAME } from '../../../config';

/** What changed with the site renewal, shown at /renewal and /home/temporary/renewal. */
export function RenewalNotice() {
  return (
    <div className="prose">
      <p>
        いつも{SHOP_NAME}をご利用いただきありがとうございます。通販サイトをリニューアルしました。
      </p>
      <h2>主な変更点</h2>
      <ul>
        <li>スマートフォンでも見やすい画面になりました。</li>
        <li>
          検索に{SEARCH_FILTERS.map((filter) => `「${filter.label}」`).join('')}
          の絞り込みが加わりました。
        </li>
        <li>
          発売日が未定の商品は「上旬・中旬・下旬」で表示し、延期になった商品は
          <ShopLink href={ROUTES.productList.path({ type: 'delay' })}>発売延期リスト</ShopLink>
          でご確認いただけます。
        </li>
        <li>複数のご注文をまとめて届ける「おまとめ配送」を始めました。</li>
        <li>
          旧サイトのご注文履歴は、マイページの「アカウント引き継ぎ」から新しいアカウントに引き継げます。
        </li>
      </ul>
      <h2>カテゴリから探す</h2>
      <ul className="quick-searches">
        {HEADER_MENU.slice(1, 9).map((item) => (
          <li key={item.label}>
            <ShopLink href={item.href} className="chip">
              {item.label}
            </ShopLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
