/**
 * Every dash an IME or a copied address may put between digit groups: hyphen, the Unicode dashes
 * U+2010-2015, minus U+2212, the long vowel mark ー (a very common slip on a Japanese keyboard),
 * full-width － and half-width ｰ.
 */
export const DASHES = /[\u2010-\u2015\u2212\u30FC\uFF0D\uFF70-]/g;
