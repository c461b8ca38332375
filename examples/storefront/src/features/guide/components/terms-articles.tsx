import { SHOP_NAME } from '../../../config';
import { DELIVERY_RESERVATION, POINT_VALIDITY } from '../../../lib/sales-terms';

const ARTICLES: { title: string; body: string[] }[] = [
  {
    title: '第1条（適用）',
    body: [
      `本規約は、${SHOP_NAME}（以下「当店」）が運営する通信販売サービス（以下「本サービス」）の利用条件を定めるものです。`,
      '会員および本サービスを利用するすべてのお客様に適用されます。',
    ],
  },
  {
    title: '第2条（会員登録）',
    body: [
      '会員登録はメールアドレスとパスワードで行います。登録情報は正確かつ最新の内容に保ってください。',
      'パスワードはお客様ご自身で管理し、第三者に開示しないでください。',
    ],
  },
  {
    title: '第3条（ご注文とご予約）',
    body: [
      '売買契約は、当店がご注文の確認メールを送信した時点で成立します。',
      // The terms of sale say when a reservation ships, as the legal notice and checkout do.
      `予約商品は、${DELIVERY_RESERVATION}`,
      '数量限定の商品および特典は、在庫がなくなりしだい受付を終了します。',
    ],
  },
  {
    title: '第4条（代金とお支払い）',
    body: [
      '表示価格はすべて消費税込みの総額です。送料およびお支払い方法ごとの手数料は、ご注文手続きの画面に表示します。',
      '価格未定の予約商品は、価格が決まった時点の価格で代金を計算します。',
    ],
  },
  {
    title: '第5条（ポイント）',
    body: [
      'ポイントは商品の発送時に付与され、1ポイントを1円としてお支払いに利用できます。',
      '注文が取り消された場合、付与したポイントは取り消されます。',
      POINT_VALIDITY,
    ],
  },
  {
    title: '第6条（年齢制限のある商品）',
    body: ['18歳未満の方は、成人向け商品を閲覧および購入することはできません。'],
  },
  {
    title: '第7条（退会）',
    body: [
      '未発送のご注文またはご予約がある間は退会できません。',
      '退会後、個人情報は削除し、取引記録は法令に基づき匿名化して保存します。',
    ],
  },
  {
    title: '第8条（禁止事項）',
    body: [
      '転売を目的とした購入、不正なアクセス、他のお客様または当店に不利益を与える行為を禁止します。',
    ],
  },
  {
    title: '第9条（準拠法・管轄）',
    body: [
      '本規約は日本法に準拠し、本サービスに関する紛争は東京地方裁判所を第一審の専属的合意管轄裁判所とします。',
    ],
  },
];

export function TermsArticles() {
  return (
    <div className="prose">
      {ARTICLES.map((article) => (
        <section key={article.title} aria-labelledby={article.title}>
          <h2 id={article.title}>{article.title}</h2>
          {article.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
