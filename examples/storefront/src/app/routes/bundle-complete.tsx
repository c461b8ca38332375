import { ROUTES } from '@shop/rules';
import { ShopLink } from '../../components/shop-link';
import { type MemberData, MemberGate } from '../../features/auth/components/member-gate';
import { BundleSummary } from '../../features/bundle/components/bundle-summary';
import { MypageFrame } from '../../features/mypage/components/mypage-frame';
import type { BundleView } from '../../types/account';
import type { PageProps } from '../route-chunks';

export default function BundleCompleteRoute({
  data,
}: PageProps<MemberData<{ bundle: BundleView | null }>>) {
  return (
    <MemberGate title={ROUTES.bundleComplete.title} data={data}>
      {({ bundle }) => (
        <MypageFrame title={ROUTES.bundleComplete.title}>
          {bundle ? (
            <section className="panel" aria-labelledby="bundle-done">
              <h2 id="bundle-done">おまとめ番号 {bundle.id} を受け付けました</h2>
              <p>
                ご注文番号 {bundle.orders.map((o) => o.id).join('・')} を1つの荷物でお届けします。
              </p>
              <BundleSummary plan={{ ...bundle, bundledShippingFee: bundle.shippingFee }} />
            </section>
          ) : (
            <p className="panel">おまとめ配送が見つかりません。</p>
          )}
          <p>
            <ShopLink href={ROUTES.orderHistory.path()}>注文履歴を見る</ShopLink>
          </p>
        </MypageFrame>
      )}
    </MemberGate>
  );
}
