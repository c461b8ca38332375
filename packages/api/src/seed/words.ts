// Word pools of the demo catalog. Titles mix kanji, hiragana, katakana, Latin letters and full-
// and half-width forms the way real Japanese catalog data does, so search normalisation has
// something to do.

function words(list: string): readonly string[] {
  return list.split(' ');
}

function readings(list: string): readonly (readonly [string, string])[] {
  const parts = list.split(' ');
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < parts.length; i += 2)
    pairs.push([parts[i] as string, parts[i + 1] as string]);
  return pairs;
}

export const KANJI_WORDS = words(
  '猫 東方 魔法 少女 勇者 異世界 転生 剣 恋 学園 探偵 竜 夜 星 月 花 海 空 鬼 刃 姫 王国 騎士 忍者 侍 銀河 戦記 日常 ' +
    '放課後 図書館 喫茶店 料理 旅 雪 桜 神様 悪役令嬢 聖女 迷宮 錬金術師 幽霊 妖怪 吸血鬼 魔王 天使 時計 鉄道 宇宙 青春',
);

export const KANA_WORDS = words(
  'ぼっち のんびり きらきら ふわふわ もふもふ ひとりぼっち おいしい ゆるゆる こねこ すやすや わんこ ないしょ ひみつ はじめて ' +
    'ぼくら あしたの',
);

export const KATAKANA_WORDS = words(
  'ボッチ ロック ファンタジー クエスト マジック ハーモニー ブレイブ スター ドラゴン メイド アイドル バンド ギター カフェ ナイト ' +
    'プリンセス ダンジョン ゲーム ホラー ミステリー サマー ウィンター ラブコメ エンジェル',
);

export const HALF_WIDTH_KATAKANA_WORDS = words('ﾎﾞｯﾁ ﾛｯｸ ｽﾀｰ ﾄﾞﾗｺﾞﾝ ﾒｲﾄﾞ');

export const LATIN_WORDS = words(
  'ROCKET ROCK STARLIGHT Re: ZERO Magic Dream Blue Night Memories Sweet ' +
    'Days Link Wonder Lucky Neko',
);

export const FULL_WIDTH_LATIN_WORDS = words('ＳＴＡＲ ＮＥＫＯ ＢＬＵＥ ＤＲＥＡＭ');

/** Written form and reading, in pairs. */
export const FAMILY_NAMES = readings(
  '佐藤 さとう 鈴木 すずき 高橋 たかはし 田中 たなか 伊藤 いとう 渡辺 わたなべ 山本 やまもと 中村 なかむら 小林 こばやし 加藤 ' +
    'かとう 吉田 よしだ 山田 やまだ 佐々木 ささき 松本 まつもと 井上 いのうえ 木村 きむら 林 はやし 清水 しみず 森 もり 星野 ' +
    'ほしの 月城 つきしろ 桜井 さくらい 柊 ひいらぎ 白石 しらいし',
);

/** Written form and reading, in pairs. */
export const GIVEN_NAMES = readings(
  'あかり あかり 陽菜 ひな 翔 しょう 蓮 れん 結衣 ゆい 悠真 ゆうま ひより ひより 湊 みなと 美咲 みさき 大和 やまと 凛 りん ' +
    '葵 あおい ユウキ ゆうき カオル かおる まこと まこと 司 つかさ 遥 はるか 千尋 ちひろ 玲 れい 創 はじめ',
);

export const CIRCLE_PATTERNS = [
  '{k}工房',
  'サークル{K}',
  '{K}堂',
  'Studio {L}',
  '{k}屋',
  'Team {L}',
];

export const PUBLISHERS = [
  '銀河書房',
  '翠風社',
  '月光出版',
  '東雲出版',
  'はなまる出版',
  '彩雲社',
  'ミライ文庫',
  'ブルーバード・コミックス',
  'SKY PUBLISHING',
] as const;

export const BENEFIT_TITLES = words(
  '描き下ろしイラストカード 特製ブロマイド A5クリアファイル SSリーフレット 描き下ろし4Pリーフレット ポストカード アクリルコースター ' +
    '缶バッジ',
);

export const BONUS_CONTENTS = [
  '有償特典: アクリルスタンド付き',
  '有償特典: タペストリー付き',
  '有償特典: ドラマCD付き',
  '有償特典: 複製原画付き',
  '有償特典: 抱き枕カバー付き',
] as const;

export const NEWS_TITLES = words(
  '年末年始の発送スケジュールについて 新刊予約受付開始のお知らせ システムメンテナンスのお知らせ サイン本フェア開催のお知らせ ' +
    'ポイント5倍キャンペーン実施中 一部商品の発売延期について 特典配布終了のお知らせ 新規会員登録キャンペーン おまとめ配送の仕様変更について ' +
    '同人誌新刊入荷のお知らせ',
);

export const NEWS_CATEGORIES = words('お知らせ キャンペーン メンテナンス 新刊情報');

export const SHOWCASE_TITLES = words(
  '今月の注目コミック 冬の同人誌特集 異世界ファンタジー特集 猫の本フェア ボーイズラブ新刊特集 TRPGサプリメント特集 ' +
    '画集・イラスト集特集 完結記念フェア',
);

export const POSTPONEMENT_REASONS = words(
  '制作上の都合により 出版社の都合により 諸般の事情により 特典制作の遅れにより',
);
