import type { Page } from '@playwright/test';
import { addCardInCheckout, findProduct, newMemberAtCheckout } from './account-support';
import { expect, openHydrated, test } from './fixtures';

// Issue 16, walked in a browser at a phone's width and a desktop's with a screenshot of each
// step: a shopper abroad checks out to an overseas address, and a search that finds nothing
// offers close titles and popular searches instead of a dead end.

const SCREENS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

interface SearchAnswer {
  total: number;
  suggestions: { titles: { title: string; slug: string }[]; popular: string[] } | null;
}

for (const screen of SCREENS) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: test.info().outputPath(`${screen.name}-${name}.png`),
        fullPage: true,
      });

    test('a shopper abroad adds an overseas address in checkout and pays by card', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      await newMemberAtCheckout(page, request, (p) => !p.postponed);

      await test.step('the address dialog takes an overseas address in Latin letters', async () => {
        await page.getByRole('link', { name: '新しいお届け先を追加' }).click();
        const dialog = page.getByRole('dialog', { name: '配送先住所' });
        const form = dialog.getByRole('region', { name: '新しい住所' });
        await form.getByRole('radio', { name: '海外' }).check();
        await expect(form.getByText(/宅配便（送料1,000円）/)).toBeVisible();
        await form.getByLabel(/^国・地域/).selectOption('US');
        await form.getByLabel(/^氏名/).fill('Taro Yamada');
        // Japanese script is refused in a line before any request, with the message under it.
        await form.getByLabel(/^住所1/).fill('ニューヨーク五番街350');
        await form.getByLabel(/^都市名/).fill('New York');
        await form.getByLabel(/^州・省/).fill('NY');
        await form.getByLabel(/^郵便番号/).fill('10118');
        await form.getByLabel(/^電話番号/).fill('+1 212 555 0100');
        await form.getByRole('button', { name: 'この住所を登録する' }).click();
        await expect(form.getByText('住所1は半角英数字で入力してください')).toBeVisible();
        await shot(page, 'overseas-address-refused');
        await form.getByLabel(/^住所1/).fill('350 Fifth Avenue');
        await form.getByRole('button', { name: 'この住所を登録する' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('radio', { name: /Taro Yamada/ })).toBeChecked();
      });

      await test.step('checkout offers what abroad allows, with the reasons', async () => {
        await expect(page.getByRole('radio', { name: /^ゆうパケット/ })).toBeDisabled();
        await expect(page.getByRole('radio', { name: /^代金引換/ })).toBeDisabled();
        await expect(page.getByRole('radio', { name: /^銀行振込/ })).toBeDisabled();
        await expect(
          page.getByText('海外へのお届けではお届け時間帯を指定できません。'),
        ).toBeVisible();
        await expect(
          page
            .getByRole('complementary')
            .getByText(/1,000円/)
            .first(),
        ).toBeVisible();
        // The free-shipping threshold is a domestic offer.
        await expect(page.getByText(/送料無料まで/)).toHaveCount(0);
        await shot(page, 'overseas-checkout');
      });

      await addCardInCheckout(page);
      await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
      await expect(page.getByText(/350 Fifth Avenue/).first()).toBeVisible();
      await shot(page, 'overseas-confirm');
      await page.getByRole('button', { name: '注文を確定する' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
    });

    test('a search that finds nothing offers close titles and popular searches', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      // A title of the demo catalog with one character changed: a typo that finds nothing and
      // whose close titles include the title itself (tried over a few products, as the demo
      // catalog's titles vary).
      let typo: { query: string; title: string } | undefined;
      const tried: string[] = [];
      for (let attempt = 0; attempt < 8 && !typo; attempt++) {
        const item = await findProduct(request, 'buy', (p) => [...p.title].length >= 6, tried);
        tried.push(item.slug);
        const chars = [...item.title];
        const at = Math.floor(chars.length / 2);
        const query = [...chars.slice(0, at), '凶', ...chars.slice(at + 1)].join('');
        const answer = (await (
          await request.get(`/api/search/?${new URLSearchParams({ q: query })}`)
        ).json()) as SearchAnswer;
        if (answer.total === 0 && answer.suggestions?.titles.some((t) => t.title === item.title)) {
          typo = { query, title: item.title };
        }
      }
      expect(typo, 'a typo of a demo title that finds nothing').toBeDefined();
      if (!typo) return;

      await openHydrated(page, '/');
      const box = page.getByRole('searchbox').first();
      await box.fill(typo.query);
      await box.press('Enter');
      const hints = page.getByRole('region', { name: '検索のヒント' });
      await expect(hints.getByText(/お探しの商品は見つかりませんでした/)).toBeVisible();
      await expect(hints.getByRole('heading', { name: 'もしかして' })).toBeVisible();
      await expect(hints.getByRole('heading', { name: 'よく検索されている作品' })).toBeVisible();
      await shot(page, 'search-suggestions');

      await hints.getByRole('link', { name: typo.title, exact: true }).click();
      await expect(page).toHaveURL(/\/search\?/);
      await expect(page.getByRole('region', { name: '検索のヒント' })).toHaveCount(0);
      await expect(
        page.getByRole('main').getByRole('link', { name: typo.title }).first(),
      ).toBeVisible();

      await page.goBack();
      const popular = page
        .getByRole('region', { name: '検索のヒント' })
        .locator('.popular-searches a')
        .first();
      const popularQuery = (await popular.textContent()) ?? '';
      await popular.click();
      await expect(page.getByRole('region', { name: '検索のヒント' })).toHaveCount(0);
      await expect(page.getByRole('searchbox').first()).toHaveValue(popularQuery);
      await shot(page, 'search-popular');
    });
  });
}
