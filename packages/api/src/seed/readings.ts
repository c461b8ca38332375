// The reading (ヨミ) of a demo title, series or circle name, in katakana as publishers' data feeds
// give it: every word the generator writes in kanji or Latin letters has its reading here, kana
// are written as katakana, a volume number is the number alone (第3巻 → 3), signs are dropped. Longest match first (ROCKET before
// ROCK, 攻略本 before 攻略). seed.test checks that no generated reading keeps a kanji.

const WORDS: Readonly<Record<string, string>> = {
  猫: 'ネコ',
  東方: 'トウホウ',
  魔法: 'マホウ',
  少女: 'ショウジョ',
  勇者: 'ユウシャ',
  異世界: 'イセカイ',
  転生: 'テンセイ',
  剣: 'ケン',
  恋: 'コイ',
  学園: 'ガクエン',
  探偵: 'タンテイ',
  竜: 'リュウ',
  夜: 'ヨル',
  星: 'ホシ',
  月: 'ツキ',
  花: 'ハナ',
  海: 'ウミ',
  空: 'ソラ',
  鬼: 'オニ',
  刃: 'ヤイバ',
  姫: 'ヒメ',
  王国: 'オウコク',
  騎士: 'キシ',
  忍者: 'ニンジャ',
  侍: 'サムライ',
  銀河: 'ギンガ',
  戦記: 'センキ',
  日常: 'ニチジョウ',
  放課後: 'ホウカゴ',
  図書館: 'トショカン',
  喫茶店: 'キッサテン',
  料理: 'リョウリ',
  旅: 'タビ',
  雪: 'ユキ',
  桜: 'サクラ',
  神様: 'カミサマ',
  悪役令嬢: 'アクヤクレイジョウ',
  聖女: 'セイジョ',
  迷宮: 'メイキュウ',
  錬金術師: 'レンキンジュツシ',
  幽霊: 'ユウレイ',
  妖怪: 'ヨウカイ',
  吸血鬼: 'キュウケツキ',
  魔王: 'マオウ',
  天使: 'テンシ',
  時計: 'トケイ',
  鉄道: 'テツドウ',
  宇宙: 'ウチュウ',
  青春: 'セイシュン',
  物語: 'モノガタリ',
  好き: 'スキ',
  工房: 'コウボウ',
  堂: 'ドウ',
  屋: 'ヤ',
  月刊: 'ゲッカン',
  週刊: 'シュウカン',
  年: 'ネン',
  月号: 'ガツゴウ',
  画集: 'ガシュウ',
  集: 'シュウ',
  公式: 'コウシキ',
  攻略本: 'コウリャクボン',
  攻略: 'コウリャク',
  完全: 'カンゼン',
  基本: 'キホン',
  読本: 'トクホン',
  設定: 'セッテイ',
  資料: 'シリョウ',
  解説: 'カイセツ',
  入門: 'ニュウモン',
  録: 'ロク',
  合同誌: 'ゴウドウシ',
  総集編: 'ソウシュウヘン',
  本: 'ホン',
  限定版: 'ゲンテイバン',
  特装版: 'トクソウバン',
  第: 'ダイ',
  巻: 'カン',
  ROCKET: 'ロケット',
  ROCK: 'ロック',
  STARLIGHT: 'スターライト',
  STAR: 'スター',
  Re: 'リ',
  ZERO: 'ゼロ',
  Magic: 'マジック',
  Dream: 'ドリーム',
  DREAM: 'ドリーム',
  Blue: 'ブルー',
  BLUE: 'ブルー',
  Night: 'ナイト',
  Memories: 'メモリーズ',
  Sweet: 'スイート',
  Days: 'デイズ',
  Link: 'リンク',
  Wonder: 'ワンダー',
  Lucky: 'ラッキー',
  Neko: 'ネコ',
  NEKO: 'ネコ',
  Studio: 'スタジオ',
  Team: 'チーム',
  Vol: 'ボリューム',
  CD: 'シーディー',
  TRPG: 'ティーアールピージー',
  RPG: 'アールピージー',
  A: 'エー',
  SS: 'エスエス',
  P: 'ピー',
};
const LONGEST_FIRST = Object.keys(WORDS).sort((a, b) => b.length - a.length);
const HIRAGANA = /[\u3041-\u3096]/u;
const KEPT = /[\u30a1-\u30fa\u30fc0-9]/u;

/** The katakana reading of a text made of the generator's words. */
export function readingOf(text: string): string {
  const source = text.normalize('NFKC').replace(/第?\s*(\d+)\s*巻/gu, ' $1 ');
  let reading = '';
  let i = 0;
  outer: while (i < source.length) {
    for (const word of LONGEST_FIRST) {
      if (source.startsWith(word, i)) {
        reading += WORDS[word];
        i += word.length;
        continue outer;
      }
    }
    const ch = source[i] as string;
    if (HIRAGANA.test(ch)) reading += String.fromCharCode(ch.charCodeAt(0) + 0x60);
    else if (KEPT.test(ch)) reading += ch;
    else if (ch === ' ') reading += ' ';
    else if (!/[\p{P}\p{S}]/u.test(ch)) reading += ch;
    i += 1;
  }
  return reading.replace(/ {2,}/g, ' ').trim();
}
