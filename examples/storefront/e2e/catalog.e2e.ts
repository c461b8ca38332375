import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { RANKING_TYPES, ROUTES, SALE_TERMS } from '@shop/rules';
import { claimedElsewhere, claimProduct } from './account-support';
import { expect, expectAccessible, openHydrated, test, waitForHydration } from './fixtures';

const SCREENSHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;

interface Card {
  slug: string;
  title: string;
  is_adult: boolean;
  stock_label: string;
  disabled: boolean;
}

/** Real slugs from the running API, so every page shows seeded data. */
async function catalog(request: APIRequestContext) {
  const home = await (await request.get('/api/homedata/')).json();
  const cards: Card[] = [
    ...home.new_arrivals,
    ...home.releases_today.items,
    ...home.benefit_products,
  ];
  const response = await request.get('/api/search/?page=1');
  const { origin } = new URL(response.url());
  const search = await response.json();
  const all: Card[] = [...cards, ...search.items];
  return {
    // Claimed (account-support.ts): no other file buys it out while its stock label is read.
    product: all.find((c) => !c.is_adult && claimProduct(origin, c.slug)) as Card,
    news: home.news[0].slug as string,
    showcase: home.showcases[0].slug as string,
    gallery: home.gallery[0].slug as string,
  };
}

/**
 * A product whose first version the storefront offers to put in the cart now (not adult),
 * claimed as findProduct claims one (account-support.ts): no other file sells it out meanwhile.
 */
async function findBuyableProduct(request: APIRequestContext): Promise<Card | undefined> {
  for (let page = 1; page <= 15; page++) {
    const response = await request.get(`/api/search/?page=${page}`);
    const { origin } = new URL(response.url());
    const result = await response.json();
    for (const card of result.items as Card[]) {
      if (card.is_adult || card.disabled || claimedElsewhere(origin, card.slug)) continue;
      const payload = await (await request.get(`/_payload/product/${card.slug}.json`)).json();
      const first = payload.data.product.variations[0];
      if (
        first &&
        payload.data.actions[first.id]?.kind === 'cart' &&
        claimProduct(origin, card.slug)
      )
        return card;
    }
  }
  return undefined;
}

async function findAdultProduct(request: APIRequestContext): Promise<Card | undefined> {
  for (let page = 1; page <= 15; page++) {
    const result = await (await request.get(`/api/search/?page=${page}`)).json();
    const adult = (result.items as Card[]).find((c) => c.is_adult);
    if (adult) return adult;
    if (result.items.length === 0) return undefined;
  }
  return undefined;
}

test.describe('every catalog route renders real data on the server and passes axe', () => {
  const fixed: [string, RegExp | string][] = [
    [ROUTES.top.path(), 'トップページ'],
    [ROUTES.comic.path(), ROUTES.comic.title],
    ['/search?q=%E9%99%90%E5%AE%9A%E7%89%88', '「限定版」の検索結果'],
    [ROUTES.search.path(), 'すべての商品'],
    ...RANKING_TYPES.map((t): [string, string] => [
      ROUTES.ranking.path({ type: t.value }),
      `${t.label}ランキング`,
    ]),
    ...SALE_TERMS.map((t): [string, string] => [
      ROUTES.saleList.path({ term: t.value }),
      `発売${t.label}`,
    ]),
    [ROUTES.productList.path({ type: 'add' }), '商品情報追加リスト'],
    [ROUTES.productList.path({ type: 'delay' }), '発売延期リスト'],
    [ROUTES.benefitList.path(), ROUTES.benefitList.title],
    [ROUTES.showcase.path(), ROUTES.showcase.title],
    [ROUTES.gallery.path(), ROUTES.gallery.title],
  ];
  for (const [path, heading] of fixed) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await waitForHydration(page);
      await expectAccessible(page);
    });
  }

  test('detail pages: product, news, showcase, gallery', async ({ page, request }) => {
    const { product, news, showcase, gallery } = await catalog(request);
    for (const path of [
      ROUTES.product.path({ slug: product.slug }),
      ROUTES.news.path({ slug: news }),
      ROUTES.showcaseDetail.path({ slug: showcase }),
      ROUTES.galleryDetail.path({ slug: gallery }),
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForHydration(page);
      await expectAccessible(page);
    }
  });
});

test('view-source of a product page has its title, price and stock label', async ({ request }) => {
  const { product } = await catalog(request);
  const detail = await (await request.get(`/api/products/${product.slug}/`)).json();
  const html = await (await request.get(ROUTES.product.path({ slug: product.slug }))).text();
  expect(html).toContain(`<title>${detail.title} | `);
  expect(html).toContain(detail.variations[0].stock_label);
  expect(html).toMatch(/[\d,]+円\(税込\)|価格未定/);
  expect(html).toContain('<meta property="og:type" content="product"');
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/_image\?url=/);
});

test('journey: search → product → ranking, all client-side', async ({ page, request }) => {
  const { product } = await catalog(request);
  await openHydrated(page, '/');
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url());
  });

  const searchbox = page.getByRole('searchbox', { name: 'キーワードで探す' });
  await searchbox.fill(product.title);
  await searchbox.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `「${product.title}」の検索結果`,
  );

  await page
    .getByRole('list', { name: '検索結果' })
    .getByRole('link', { name: product.title })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
  await expect(page).toHaveTitle(new RegExp(product.title));

  await page
    .getByRole('navigation', { name: 'カテゴリメニュー' })
    .getByRole('link', { name: 'ランキング' })
    .click();
  await expect(page).toHaveURL(/\/ranking\/daily$/);
  await page
    .getByRole('navigation', { name: 'ランキングの種類' })
    .getByRole('link', { name: '週間' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('週間ランキング');
  await expect(page.locator('.rank').first()).toHaveText('1位');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('毎日ランキング');
  expect(documents).toEqual([]);
});

test.describe('Back from a product returns to the card the shopper left, deep in a list', () => {
  for (const width of [360, 1280]) {
    test(`at ${width} px, Back then Forward, twice, and after a reload`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await openHydrated(page, '/ranking/daily');
      const documents: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'document') documents.push(r.url());
      });
      const cards = page.locator('main [data-scroll-anchor]');
      const topOf = (slug: string) =>
        page
          .locator(`main [data-scroll-anchor="${slug}"]`)
          .evaluate((card) => Math.round(card.getBoundingClientRect().top));

      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(20);
      for (const index of [Math.floor(count / 2), count - 2]) {
        const card = cards.nth(index);
        await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        const slug = (await card.getAttribute('data-scroll-anchor')) as string;
        const title = (await card.locator('h3').textContent()) as string;
        const top = await topOf(slug);
        const scrolled = await page.evaluate(() => window.scrollY);

        await card.getByRole('link').first().click();
        await expect(page).toHaveURL(new RegExp(`/product/${slug}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        expect(await page.evaluate(() => window.scrollY), 'a link opens at the top').toBe(0);
        if (index === count - 2) {
          // Deeper than the product page is long: the browser's own restoration stops at its end.
          const productEnd = await page.evaluate(
            () => document.documentElement.scrollHeight - window.innerHeight,
          );
          expect(scrolled).toBeGreaterThan(productEnd);
        }

        await page.goBack();
        await expect(page).toHaveURL(/\/ranking\/daily$/);
        await expect.poll(() => topOf(slug), 'Back: the card where it was').toBe(top);

        await page.goForward();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await page.goBack();
        await expect.poll(() => topOf(slug), 'Back again: the card where it was').toBe(top);
      }
      expect(documents, 'all of it client-side').toEqual([]);

      const scrolled = await page.evaluate(() => window.scrollY);
      await page.reload();
      await waitForHydration(page);
      await expect
        .poll(() => page.evaluate(() => window.scrollY), 'a reload keeps it')
        .toBe(scrolled);
    });
  }
});

test('search facets, sort and pagination keep the query in the URL', async ({ page }) => {
  await openHydrated(page, '/search');
  // Each facet opens a new search, so the box is checked by the next page, not by the click.
  await page.getByRole('checkbox', { name: 'コミック' }).click();
  await expect(page).toHaveURL(/categories=%E3%82%B3%E3%83%9F%E3%83%83%E3%82%AF/);
  await expect(page.getByRole('checkbox', { name: 'コミック' })).toBeChecked();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('コミックの商品');
  await page.getByLabel('並び順').selectOption({ label: '人気順' });
  await expect(page).toHaveURL(/sort=order_count-desc/);
  const next = page
    .getByRole('navigation', { name: 'ページ送り' })
    .getByRole('link', { name: '次へ' });
  if (await next.count()) {
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('コミックの商品');
  }
  await page.getByRole('link', { name: '有償特典付' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('「有償特典」の検索結果');
});

test('a product can be put in the cart', async ({ page, request }) => {
  const product = await findBuyableProduct(request);
  expect(product, 'the seeded catalog has a product in stock').toBeDefined();
  await openHydrated(page, ROUTES.product.path({ slug: (product as Card).slug }));
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('dialog')).toContainText('カートに追加しました');
});

test('a guest is asked to log in for favourites and stays on the page', async ({
  page,
  request,
}) => {
  const { product } = await catalog(request);
  const path = ROUTES.product.path({ slug: product.slug });
  await openHydrated(page, path);
  const favorites: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/favorites/')) favorites.push(r.url());
  });
  await page.getByRole('button', { name: /お気に入りに追加/ }).click();
  const dialog = page.getByRole('dialog', { name: 'ログイン' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('お気に入りのご利用にはログインが必要です。')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(path);
  expect(favorites).toEqual([]);
});

test('adult items ask for the age first and remember the answer', async ({ page, request }) => {
  const adult = await findAdultProduct(request);
  expect(adult, 'the seeded catalog has an adult item').toBeDefined();
  const path = ROUTES.product.path({ slug: (adult as Card).slug });
  await openHydrated(page, path);
  await expect(page.getByRole('heading', { name: '年齢確認' })).toBeVisible();
  await expect(page.locator('.purchase-box')).toHaveCount(0);
  await page.getByRole('button', { name: 'はい（18歳以上です）' }).click();
  await expect(page.locator('.purchase-box')).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('.purchase-box')).toBeVisible();
  await expect(page.getByRole('heading', { name: '年齢確認' })).toHaveCount(0);
});

test('covers come from /_image with width and height', async ({ page }) => {
  await page.goto('/');
  const cover = page.locator('.product-card img').first();
  await expect(cover).toHaveAttribute('src', /^\/_image\?url=%2Fcovers%2F.+&w=320&q=80&f=webp$/);
  await expect(cover).toHaveAttribute('width', '240');
  await expect(cover).toHaveAttribute('height', '336');
  await expect(cover).toHaveAttribute('srcset', /1x, .+&w=640&q=80&f=webp 2x$/);
});

test('visible links prefetch their payload', async ({ page }) => {
  const prefetch = page.waitForRequest((r) => r.url().includes('/_payload/ranking/daily.json'));
  await page.goto('/lp/faq');
  await prefetch;
});

test.describe('screenshots at 360 and 1280 px', () => {
  for (const width of [360, 1280]) {
    test(`top, search and product at ${width} px`, async ({ page, request }, testInfo) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const { product } = await catalog(request);
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ['top', '/'],
        ['search', '/search?q=%E9%99%90%E5%AE%9A%E7%89%88'],
        ['product', ROUTES.product.path({ slug: product.slug })],
      ] as const) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await waitForHydration(page);
        const file = `${SCREENSHOTS}${name}-${width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
