import { ROUTES } from '@shop/rules';
import { ShopLink } from '../../components/shop-link';

export default function ContactSentPage() {
  return (
    <>
      <h1 className="page-title">{ROUTES.contactSent.title}</h1>
      <div className="prose">
        <p>
          お問い合わせを受け付けました。内容を確認のうえ、通常2営業日以内にメールでご返信します。
        </p>
        <p>
          <ShopLink href={ROUTES.top.path()} className="button button-primary">
            トップページへ
          </ShopLink>
        </p>
      </div>
    </>
  );
}
