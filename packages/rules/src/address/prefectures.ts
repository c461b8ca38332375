/**
 * The 47 prefectures (都道府県) in JIS X 0401 order, so a prefecture's code is its position + 1
 * (北海道 `01` … 沖縄県 `47`). Names are written as Japan Post writes them on a label.
 *
 * @example
 * PREFECTURES[12]; // '東京都' (JIS code 13)
 * PREFECTURES.length; // 47
 */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;

/**
 * One of the 47 prefecture names.
 *
 * @example
 * const prefecture: Prefecture = '大阪府';
 */
export type Prefecture = (typeof PREFECTURES)[number];

/**
 * Each prefecture's reading in full-width katakana, as Japan Post's postal-code data reads it
 * (its half-width ｶﾅ widened), for kana search and sorting.
 *
 * @example
 * PREFECTURE_KANA['東京都']; // 'トウキョウト'
 */
export const PREFECTURE_KANA: Readonly<Record<Prefecture, string>> = {
  北海道: 'ホッカイドウ',
  青森県: 'アオモリケン',
  岩手県: 'イワテケン',
  宮城県: 'ミヤギケン',
  秋田県: 'アキタケン',
  山形県: 'ヤマガタケン',
  福島県: 'フクシマケン',
  茨城県: 'イバラキケン',
  栃木県: 'トチギケン',
  群馬県: 'グンマケン',
  埼玉県: 'サイタマケン',
  千葉県: 'チバケン',
  東京都: 'トウキョウト',
  神奈川県: 'カナガワケン',
  新潟県: 'ニイガタケン',
  富山県: 'トヤマケン',
  石川県: 'イシカワケン',
  福井県: 'フクイケン',
  山梨県: 'ヤマナシケン',
  長野県: 'ナガノケン',
  岐阜県: 'ギフケン',
  静岡県: 'シズオカケン',
  愛知県: 'アイチケン',
  三重県: 'ミエケン',
  滋賀県: 'シガケン',
  京都府: 'キョウトフ',
  大阪府: 'オオサカフ',
  兵庫県: 'ヒョウゴケン',
  奈良県: 'ナラケン',
  和歌山県: 'ワカヤマケン',
  鳥取県: 'トットリケン',
  島根県: 'シマネケン',
  岡山県: 'オカヤマケン',
  広島県: 'ヒロシマケン',
  山口県: 'ヤマグチケン',
  徳島県: 'トクシマケン',
  香川県: 'カガワケン',
  愛媛県: 'エヒメケン',
  高知県: 'コウチケン',
  福岡県: 'フクオカケン',
  佐賀県: 'サガケン',
  長崎県: 'ナガサキケン',
  熊本県: 'クマモトケン',
  大分県: 'オオイタケン',
  宮崎県: 'ミヤザキケン',
  鹿児島県: 'カゴシマケン',
  沖縄県: 'オキナワケン',
};
