const LATIN_START = /^[\p{Script=Latin}0-9]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function graphemes(text: string): string[] {
  return Array.from(
    new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(text),
    (s) => s.segment,
  );
}

/** Upper-cases an initial unless that makes it longer (ß → SS would be two letters). */
function upperInitial(initial: string): string {
  const upper = initial.toUpperCase();
  return graphemes(upper).length === 1 ? upper : initial;
}

/** The word with everything but letters, digits and their combining marks removed. */
function lettersOf(word: string): string {
  return graphemes(word)
    .filter((g) => LETTER_OR_DIGIT.test(g))
    .join('');
}

/**
 * The initials an avatar shows when there is no picture: at most 2 characters. A name written
 * in Latin letters gives the initials of its first and last words, upper-cased ('Taro Yamada' →
 * 'TY'); any other name (kanji, kana) gives its first 2 characters without spaces ('山田 太郎' →
 * '山田'), which is how Japanese names are abbreviated, since one kanji of a family name and one of
 * a given name reads as neither. Width variants are folded (NFKC) and symbols and emoji are
 * skipped. An empty name gives '' (the avatar shows its icon instead).
 *
 * @example
 * avatarInitials('山田 太郎'); // '山田'
 * avatarInitials('john ronald tolkien'); // 'JT'
 * avatarInitials('ﾔﾏﾀﾞ'); // 'ヤマ'
 */
export function avatarInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .normalize('NFKC')
    .split(/\s+/)
    .map(lettersOf)
    .filter((w) => w !== '');
  const first = words[0];
  if (first === undefined) return '';
  if (LATIN_START.test(first)) {
    const last = words.length > 1 ? words[words.length - 1] : undefined;
    return [first, last]
      .filter((w): w is string => w !== undefined)
      .map((w) => upperInitial(graphemes(w)[0] as string))
      .join('');
  }
  return graphemes(words.join('')).slice(0, 2).join('');
}
