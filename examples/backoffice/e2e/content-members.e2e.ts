import { expect, test } from '@playwright/test';
import { signInNewStaff } from './staff-login';
import { Shopper, snap, unique } from './support';

// The content and members pages against the real API (docs/backoffice.md "The application"): a
// staff member publishes a news item the storefront then serves, and adjusts a member's points
// with a reason, which the member's own point history shows as ショップによる調整.

/** Japan's time `minutes` from now, as a datetime-local field takes it. */
function jstInput(minutes: number): string {
  return new Date(Date.now() + (9 * 60 + minutes) * 60_000).toISOString().slice(0, 16);
}

test('a staff member publishes news and adjusts a member’s points', async ({
  page,
  request,
}, testInfo) => {
  const member = await Shopper.register();
  const slug = `e2e-${unique()}`;
  // Unique per run: both viewports' runs share one server and its news list.
  const title = `年末年始の発送について ${slug}`;

  await signInNewStaff(page, request, '/content/news');
  await expect(page.getByRole('heading', { name: 'お知らせ', exact: true })).toBeVisible();

  await test.step('publish a news item; the storefront serves it', async () => {
    await page.getByRole('button', { name: '新規作成' }).click();
    const dialog = page.getByRole('dialog', { name: 'お知らせの作成' });
    await dialog.getByRole('textbox', { name: 'スラッグ（URL）' }).fill(slug);
    await dialog.getByRole('textbox', { name: 'タイトル' }).fill(title);
    await dialog.getByRole('textbox', { name: 'カテゴリ' }).fill('お知らせ');
    await dialog
      .getByRole('textbox', { name: '本文' })
      .fill('12月29日から1月3日まで発送をお休みします。');
    await dialog.getByLabel('公開日時（日本時間）').fill(jstInput(-5));
    await snap(page, testInfo, 'content-01-news-form');
    await dialog.getByRole('button', { name: '作成する' }).click();
    await expect(
      page.locator('.toast-title', { hasText: `「${title}」を保存しました` }),
    ).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(slug) });
    await expect(row.getByText('公開中')).toBeVisible();
    const served = await request.get(`/api/news/${slug}/`);
    expect(served.status()).toBe(200);
    expect((await served.json()).title).toBe(title);
  });

  await test.step('unpublish it after confirmation; the storefront no longer serves it', async () => {
    await page.getByRole('button', { name: `「${title}」を非公開にする` }).click();
    await page
      .getByRole('dialog', { name: '非公開にする' })
      .getByRole('button', { name: '非公開にする' })
      .click();
    const row = page.getByRole('row', { name: new RegExp(slug) });
    await expect(row.getByText('下書き')).toBeVisible();
    expect((await request.get(`/api/news/${slug}/`)).status()).toBe(404);
  });

  await test.step('find the member and adjust their points with a reason', async () => {
    await page.getByRole('link', { name: '会員検索' }).click();
    await page.getByRole('searchbox', { name: 'メールアドレス・氏名・会員ID' }).fill(member.email);
    await page.getByRole('button', { name: '検索' }).click();
    await page.getByRole('link', { name: '栞 花子' }).click();
    await expect(page.getByRole('heading', { name: /栞 花子（会員ID \d+）/ })).toBeVisible();
    const before = (await (await member.api.get('/api/points/')).json()).balance as number;
    const shown = (n: number) => `${n.toLocaleString('ja-JP')}pt`;
    await page.getByRole('button', { name: 'ポイント調整' }).click();
    const dialog = page.getByRole('dialog', { name: 'ポイント調整' });
    await dialog.getByRole('textbox', { name: '増減するポイント' }).fill('５００');
    await dialog.getByRole('textbox', { name: '理由' }).fill('配送遅延のお詫び');
    await dialog.getByRole('button', { name: '確認へ' }).click();
    const confirm = page.getByRole('dialog', { name: 'ポイント調整の確認' });
    await expect(confirm.getByText(`${shown(before)} → ${shown(before + 500)}`)).toBeVisible();
    await snap(page, testInfo, 'content-02-points-confirm');
    await confirm.getByRole('button', { name: '調整する' }).click();
    await expect(
      page.getByRole('heading', { name: `ポイント 残高 ${shown(before + 500)}` }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: '配送遅延のお詫び' })).toBeVisible();
    const points = await (await member.api.get('/api/points/')).json();
    expect(points.balance).toBe(before + 500);
    expect(points.entries[0]).toMatchObject({ kind: 'adjust', amount: 500 });
  });
});
