import { ROUTES } from '@shop/rules';
import { ShopLink } from '../../components/shop-link';

export default function WithdrawalDoneRoute() {
  return (
    <section className="panel">
      <h1 className="page-title">{ROUTES.withdrawalDone.title}</h1>
      <p>退会手続きが完了しました。これまでのご利用、誠にありがとうございました。</p>
      <p>
        <ShopLink href={ROUTES.top.path()}>トップページへ戻る</ShopLink>
      </p>
    </section>
  );
}
