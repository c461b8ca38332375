import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { parseSearchParams } from '../search/parseSearchParams';
import { HEADER_MENU } from './headerMenu';
import { matchRoute } from './matchRoute';

const byId = (id: string) => HEADER_MENU.find((link) => link.id === id);
const searchOf = (href: string | undefined) =>
  parseSearchParams(new URL(href ?? '', 'https://shop.example').searchParams);

describe('HEADER_MENU', () => {
  test('has the 14 links of the spec, in order', () => {
    expect(HEADER_MENU.map((link) => link.label)).toEqual([
      'TOP',
      '雑誌',
      'コミック',
      '小説',
      '画集･攻略本',
      'TRPG',
      'BOYsLOVE',
      '読本･解説本',
      '中古',
      '購入特典リスト',
      '限定版リスト',
      '本日発売リスト',
      'ランキング',
      'サイン本ギャラリー',
    ]);
    expect(new Set(HEADER_MENU.map((link) => link.id)).size).toBe(14);
  });

  test('links the pages: top, comic, benefit list, daily ranking, gallery', () => {
    expect(byId('top')?.href).toBe('/');
    expect(byId('comic')?.href).toBe('/comic');
    expect(byId('benefitList')?.href).toBe('/productlist/benefit');
    expect(byId('ranking')?.href).toBe('/ranking/daily');
    expect(byId('gallery')?.href).toBe('/gallery');
  });

  test("searches by the spec's categories", () => {
    expect(searchOf(byId('magazine')?.href).categories).toEqual(['雑誌']);
    // 小説 is 文庫 and ノベル in the category tree: the link once searched ノベル alone.
    expect(searchOf(byId('novel')?.href).categories).toEqual(['文庫', 'ノベル']);
    expect(searchOf(byId('artbook')?.href).categories).toEqual(['画集', '攻略本']);
    expect(searchOf(byId('trpg')?.href).categories).toEqual(['TRPG']);
    expect(searchOf(byId('boysLove')?.href).categories).toEqual(['BL']);
    expect(searchOf(byId('guidebook')?.href).categories).toEqual(['読本', '解説本']);
    expect(searchOf(byId('used')?.href).categories).toEqual(['中古']);
  });

  test('限定版リスト opens the limited-edition product list and 本日発売リスト filters release', () => {
    expect(byId('limitedEdition')?.href).toBe('/productlist/limited');
    expect(searchOf(byId('releasedToday')?.href)).toMatchObject({ filters: ['release'], q: '' });
    expect(byId('releasedToday')?.href).toBe('/search?filter=release');
  });
});

describe('properties', () => {
  test('leads somewhere: every link matches a route, and a search link reads back as its query', () => {
    for (const link of HEADER_MENU) {
      const match = matchRoute(link.href);
      expect(match).not.toBeNull();
      if (link.query !== null) {
        expect(match?.route.id).toBe('search');
        expect(searchOf(link.href)).toMatchObject(link.query);
      }
    }
  });
});
