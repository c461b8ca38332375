import { ROUTES, SEARCH_FILTERS } from '@shop/rules';
import type { ReactNode } from 'react';
import { ShopLink } from '../../../components/shop-link';

interface Faq {
  question: string;
  answer: ReactNode;
}

interface FaqGroup {
  heading: string;
  items: Faq[];
}

const releaseFilter = SEARCH_FILTERS.find((f) => f.value === 'reserve')?.label ?? '';

const GROUPS: FaqGroup[] = [
  {
    heading: 'ご予約について',
    items: [
      {
        question: '発売前の商品を予約するにはどうすればよいですか？',
        answer: (
          <p>
            商品ページで「予約受付中」と表示されている商品は、「予約する」ボタンからご予約いただけます。
            検索の「{releaseFilter}」で、これから発売される商品だけを探せます。
          </p>
        ),
      },
      {
        question: '「価格未定」の商品も予約できますか？',
        answer: (
          <p>
            ご予約いただけます。価格が決まりしだい商品ページに表示し、ご注文金額は確定した価格で計算します。
          </p>
        ),
      },
      {
        question: '発売日が「上旬」「中旬」「下旬」と表示されているのはなぜですか？',
        answer: (
          <p>
            出版社から正確な発売日が発表されていない商品です。1日〜10日を上旬、11日〜20日を中旬、21日〜末日を下旬として表示しています。
          </p>
        ),
      },
      {
        question: '発売が延期になった商品はどこで確認できますか？',
        answer: (
          <p>
            <ShopLink href={ROUTES.productList.path({ type: 'delay' })}>発売延期リスト</ShopLink>
            でご確認いただけます。延期になったご予約はそのまま新しい発売日にお届けします。
          </p>
        ),
      },
    ],
  },
  {
    heading: '特典について',
    items: [
      {
        question: '購入特典はいつまでもらえますか？',
        answer: (
          <p>
            特典は数量限定・期間限定です。なくなりしだい、または配布期限を過ぎた時点で終了します。配布中の特典は
            <ShopLink href={ROUTES.benefitList.path()}>購入特典リスト</ShopLink>
            でご確認いただけます。
          </p>
        ),
      },
    ],
  },
  {
    heading: 'お届け・お支払いについて',
    items: [
      {
        question: '送料と支払い方法を教えてください。',
        answer: (
          <p>
            <ShopLink href={ROUTES.information.path()}>ご利用ガイド</ShopLink>
            に配送方法ごとの送料とお支払い方法の手数料をまとめています。
          </p>
        ),
      },
      {
        question: '複数の注文をまとめて届けてもらえますか？',
        answer: (
          <p>
            はい。
            <ShopLink href={ROUTES.informationBundle.path()}>おまとめ配送</ShopLink>
            をご利用ください。送料は一度だけかかります。
          </p>
        ),
      },
    ],
  },
  {
    heading: 'その他',
    items: [
      {
        question: '問い合わせ先を教えてください。',
        answer: (
          <p>
            <ShopLink href={ROUTES.contact.path()}>お問い合わせフォーム</ShopLink>
            からご連絡ください。通常2営業日以内にご返信します。
          </p>
        ),
      },
    ],
  },
];

/** The questions shoppers ask most, grouped, each opening in place. */
export function FaqList() {
  return (
    <div className="faq">
      {GROUPS.map((group) => (
        <section key={group.heading} className="section" aria-labelledby={`faq-${group.heading}`}>
          <h2 id={`faq-${group.heading}`}>{group.heading}</h2>
          {group.items.map((item) => (
            <details key={item.question} className="prose faq-item">
              <summary>{item.question}</summary>
              {item.answer}
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
