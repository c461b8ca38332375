import type { Page } from '@playwright/test';
import {
  addAddressInCheckout,
  addCardInCheckout,
  addFromProductPage,
  checkoutWith,
  findProduct,
  operatorShip,
  ordersIn,
  PASSWORD,
  pageApi,
  pointBalance,
  registerInModal,
  uniqueEmail,
  unitsLeft,
} from './account-support';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';

/** Every account route of SPEC.md section 2 that a guest is asked to log in for. */
const MEMBER_ROUTES: Array<{ path: string; heading: string }> = [
  { path: '/mypage', heading: 'マイページ' },
  { path: '/mypage/order-history', heading: '注文履歴' },
  { path: '/mypage/favorite', heading: 'お気に入り' },
  { path: '/mypage/favorite/product', heading: 'お気に入り' },
  { path: '/mypage/favorite/intellectualproperty', heading: 'お気に入り' },
  { path: '/mypage/favorite/author', heading: 'お気に入り' },
  { path: '/mypage/shipping-address', heading: '配送先住所' },
  { path: '/mypage/takeover', heading: 'アカウント引き継ぎ' },
  { path: '/mypage/takeover/order-history', heading: '引き継ぎ注文履歴' },
  { path: '/mypage/withdrawal', heading: '退会手続き' },
  { path: '/common/credit-card', heading: 'クレジットカード' },
  { path: '/common/user-shipping-address', heading: '配送先住所' },
  { path: '/checkout', heading: 'ご注文手続き' },
  { path: '/checkout/complete', heading: 'ご注文完了' },
  { path: '/mypage/bundle/confirm', heading: 'おまとめ配送の確認' },
  { path: '/mypage/bundle/complete', heading: 'おまとめ配送完了' },
];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

test('every account route asks a guest to log in, and shows itself after the login', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail();
  await registerInModal(page, email);
  await page
    .getByRole('navigation', { name: '会員メニュー' })
    .getByRole('button', { name: 'ログアウト' })
    .click();
  await expect(page.getByRole('button', { name: 'ログイン' }).first()).toBeVisible();

  // /mypage/bundle/{id} needs an order of the member's own: the bundle test visits it logged in.
  for (const route of [...MEMBER_ROUTES, { path: '/mypage/bundle/1', heading: 'おまとめ配送' }]) {
    await open(page, route.path);
    const dialog = page.getByRole('dialog', { name: 'ログイン' });
    await expect(dialog, route.path).toBeVisible();
    await expect(dialog.getByText('このページのご利用にはログインが必要です。')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'ログインする' })).toBeVisible();
  }

  // Logging in inside the modal brings the shopper back to the same address, logged in.
  await open(page, '/mypage/favorite/author');
  const dialog = page.getByRole('dialog', { name: 'ログイン' });
  await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/favorite\/author$/);
  await expect(page.getByRole('link', { name: '作者', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  for (const route of MEMBER_ROUTES) {
    await open(page, route.path);
    await expect(
      page.getByRole('heading', { level: 1, name: route.heading }),
      route.path,
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'ログイン' })).toHaveCount(0);
    await expectAccessible(page);
  }
  await open(page, '/mypage/withdrawal/done');
  await expect(page.getByRole('heading', { level: 1, name: '退会完了' })).toBeVisible();
  await expectAccessible(page);
});

test.describe('the member journey', () => {
  // The withdrawal step types a wrong password on purpose: the API's 401 invalid_password is
  // the one failed request the browser may log.
  test.use({
    allowedConsoleErrors: ['Failed to load resource: the server responded with a status of 401'],
  });

  test('a member reserves and buys in one checkout, earns and spends points, cancels, keeps favourites and addresses, takes over an old account and withdraws', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const reserved = await findProduct(request, 'reserve');
    const inStock = await findProduct(
      request,
      'buy',
      (p) => p.series !== null && p.author !== null,
    );
    const second = await findProduct(request, 'reserve', () => true, [reserved.slug]);
    const email = uniqueEmail();

    await test.step('register, reserve an unreleased item and add one in stock', async () => {
      await registerInModal(page, email);
      await addFromProductPage(page, reserved.slug, /予約する/);
      await addFromProductPage(page, inStock.slug, /カートに入れる/);
      await expect(page.getByRole('link', { name: /カート.*2/ })).toBeVisible();
      await open(page, '/cart');
      await expect(page.getByRole('region', { name: '予約商品' })).toBeVisible();
      await expect(page.getByRole('region', { name: '今すぐ発送' })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('check out both with a new address and a card tokenised in the browser', async () => {
      await page.getByRole('button', { name: 'ご注文手続きへ進む' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ご注文手続き' })).toBeVisible();
      await addAddressInCheckout(page);
      await page.getByRole('radio', { name: /^宅配便/ }).check();
      await page.getByRole('radio', { name: /^クレジットカード/ }).check();
      await addCardInCheckout(page);
      await page.getByLabel('お届け時間帯').selectOption('morning');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
      await expect(page.getByRole('heading', { name: /2件のご注文に分かれます/ })).toBeVisible();
      await expect(page.getByText('お届け時間帯: 午前中')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'キャンセル・返品について' })).toBeVisible();
      await expectAccessible(page);
      const confirms: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/reserveshop/checkout/'))
          confirms.push(r.headers()['idempotency-key'] ?? '');
      });
      await page.getByRole('button', { name: '注文を確定する' }).dblclick();
      await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
      expect(confirms).toHaveLength(1);
      await expect(page.getByText(/ご注文番号 \d+/)).toHaveCount(2);
      await expectAccessible(page);
    });

    await test.step('both orders in the history; shipping the order in stock grants its points', async () => {
      await open(page, '/mypage/order-history');
      await expect(page.getByText('予約中', { exact: true }).last()).toBeVisible();
      await expect(page.locator('.state-badge', { hasText: '発送準備中' })).toHaveCount(1);
      const [preparing] = await ordersIn(page, 'preparing');
      expect(preparing).toBeDefined();
      await operatorShip(request, preparing?.id ?? 0);
      await open(page, '/mypage');
      const granted = preparing?.pointsToGrant ?? 0;
      expect(granted).toBeGreaterThan(0);
      await expect(page.locator('.stat')).toHaveText(`${granted.toLocaleString('ja-JP')}pt`);
      await expect(page.getByRole('cell', { name: '獲得' }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: '予約中のご注文（1件）' })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('reserve again paying with points, cancel it: stock and points come back', async () => {
      const balance = await pointBalance(page);
      const stockBefore = await unitsLeft(request, second.variationId);
      await addFromProductPage(page, second.slug, /予約する/);
      await page.goto('/cart');
      await waitForHydration(page);
      await page.getByRole('button', { name: 'ご注文手続きへ進む' }).click();
      await page.getByRole('radio', { name: /^クレジットカード/ }).check();
      await page.getByRole('radio', { name: 'ポイントを使う' }).check();
      await page.getByLabel('利用するポイント').fill(String(balance));
      await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
      await page.getByRole('button', { name: '注文を確定する' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
      expect(await pointBalance(page)).toBe(0);
      expect(await unitsLeft(request, second.variationId)).toBe(stockBefore - 1);

      await open(page, '/mypage/order-history?state=reserved');
      const card = page.locator('article.order-card', { hasText: second.title });
      page.once('dialog', (d) => d.accept());
      await card.getByRole('button', { name: 'このご注文をキャンセルする' }).click();
      await expect(page.locator('.toast-title', { hasText: 'をキャンセルしました' })).toBeVisible();
      await expect(card.locator('.state-badge')).toHaveText('キャンセル');
      expect(await pointBalance(page)).toBe(balance);
      expect(await unitsLeft(request, second.variationId)).toBe(stockBefore);
      await expectAccessible(page);
    });

    await test.step('favourites of each kind', async () => {
      await open(page, `/product/${inStock.slug}`);
      await page.getByRole('button', { name: '♡ お気に入りに追加' }).click();
      await expect(page.getByRole('button', { name: '♥ お気に入り登録済み' })).toBeVisible();
      await page
        .getByRole('button', { name: `☆ ${inStock.series?.title}をお気に入り登録` })
        .click();
      await expect(
        page.getByRole('button', { name: `★ ${inStock.series?.title}をお気に入り登録済み` }),
      ).toBeVisible();
      await page.getByRole('button', { name: `☆ ${inStock.author?.name}をお気に入り登録` }).click();
      await expect(
        page.getByRole('button', { name: `★ ${inStock.author?.name}をお気に入り登録済み` }),
      ).toBeVisible();
      const tabs: Array<[string, string]> = [
        ['/mypage/favorite', inStock.title],
        ['/mypage/favorite/intellectualproperty', inStock.series?.title ?? ''],
        ['/mypage/favorite/author', inStock.author?.name ?? ''],
      ];
      for (const [path, title] of tabs) {
        await open(page, path);
        await expect(
          page.locator('.favorite-list').getByRole('link', { name: title }),
        ).toBeVisible();
        await expectAccessible(page);
      }
      await page
        .getByRole('button', { name: `${inStock.author?.name}をお気に入りから削除` })
        .click();
      await expect(page.getByText('お気に入りはまだありません。')).toBeVisible();
    });

    await test.step('edit the address with 〒 autofill', async () => {
      await open(page, '/mypage/shipping-address');
      await expect(page.getByText('〒104-0061 東京都中央区銀座1-2-3')).toBeVisible();
      await page.getByRole('button', { name: '栞 花子 様の住所を編集' }).click();
      await page.getByLabel('郵便番号').fill('5300001');
      await expect(page.getByLabel('都道府県')).toHaveValue('大阪府');
      await expect(page.getByLabel('市区町村')).toHaveValue('大阪市北区梅田');
      await page.getByLabel('番地').fill('3-1-1');
      await page.getByRole('button', { name: 'この内容で保存する' }).click();
      await expect(page.getByText('〒530-0001 大阪府大阪市北区梅田3-1-1')).toBeVisible();
      await expectAccessible(page);
      await open(page, '/common/user-shipping-address?return=/checkout');
      await expect(page.getByText('〒530-0001 大阪府大阪市北区梅田3-1-1')).toBeVisible();
      await expect(page.getByRole('link', { name: 'ご注文手続きに戻る' })).toHaveAttribute(
        'href',
        '/checkout',
      );
      await open(page, '/common/credit-card');
      await expect(page.getByText(/VISA \*\*\*\* 4242/)).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('take over a legacy account and see its orders', async () => {
      await open(page, '/mypage/takeover');
      await page.getByRole('radio', { name: '引き継ぎコード' }).check();
      await page.getByRole('textbox', { name: '引き継ぎコード' }).fill('tkov-0001-demo');
      await page.getByRole('button', { name: '引き継ぐ' }).click();
      await expect(page.getByRole('heading', { name: '引き継ぎ済みです' })).toBeVisible();
      await page.getByRole('link', { name: '旧サイトの注文履歴を見る' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '引き継ぎ注文履歴' })).toBeVisible();
      await expect(page.getByText(/ご注文番号 L\d+/).first()).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('withdrawal is refused while a reservation is open, then done', async () => {
      await open(page, '/mypage/withdrawal');
      await expect(page.getByRole('heading', { name: '現在は退会できません' })).toBeVisible();
      await expect(page.getByText('予約中の注文が1件あります。')).toBeVisible();
      await expectAccessible(page);
      const [open1] = await ordersIn(page, 'reserved');
      const cancelled = await pageApi(page, 'POST', `/api/orders/${open1?.id}/cancel/`);
      expect(cancelled.status).toBe(200);
      await open(page, '/mypage/withdrawal');
      await page.getByLabel('上記を理解し、退会します').check();
      await page.getByLabel('パスワード（確認のため）').fill('wrong-password-1');
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByLabel('パスワード（確認のため）').fill(PASSWORD);
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '退会完了' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'ログイン' }).first()).toBeVisible();
      await expectAccessible(page);
    });
  });
});

test('every payment method checks out: cash on delivery, bank transfer, Yucho and full points', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const item = await findProduct(request, 'buy');
  await registerInModal(page, uniqueEmail(), '支払 太郎');

  await addFromProductPage(page, item.slug, /カートに入れる/);
  await checkoutWith(page, { shipping: /^宅配便/, payment: /^代金引換/, newAddress: true });
  await expect(page.getByText(/ご注文番号 \d+/)).toHaveCount(1);

  await addFromProductPage(page, item.slug, /カートに入れる/);
  await checkoutWith(page, { shipping: /^ゆうパケット/, payment: /^銀行振込/ });
  await expect(page.getByRole('rowheader', { name: '振込先' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'お振込み期限' })).toBeVisible();
  await expectAccessible(page);

  await addFromProductPage(page, item.slug, /カートに入れる/);
  await checkoutWith(page, { shipping: /^ゆうパケット/, payment: /^ゆうちょ銀行振込/ });
  await expect(page.getByRole('rowheader', { name: '振込先（ゆうちょ銀行）' })).toBeVisible();

  // Points come from shipped orders: buy enough units of one item, let the shop ship them, then
  // pay a cheap item entirely with points.
  const [address] = (
    await pageApi<{ addresses: Array<{ id: number }> }>(page, 'GET', '/api/addressbook/')
  ).json.addresses;
  const rich = await findProduct(request, 'buy', (p) => p.pointValue >= 10, [item.slug]);
  const units = Math.min(99, await unitsLeft(request, rich.variationId));
  expect(
    (await pageApi(page, 'POST', '/api/cart/', { variationId: rich.variationId, quantity: units }))
      .status,
  ).toBe(200);
  const bought = await pageApi<{ orders: Array<{ id: number; pointsToGrant: number }> }>(
    page,
    'POST',
    '/api/reserveshop/checkout/',
    {
      shippingMethod: 'home_delivery',
      paymentMethod: 'cash_on_delivery',
      addressId: address?.id,
      deliveryTimeSlot: 'unspecified',
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(bought.status, JSON.stringify(bought.json)).toBe(201);
  for (const order of bought.json.orders) await operatorShip(request, order.id);
  const balance = await pointBalance(page);
  const cheap = await findProduct(request, 'buy', (p) => p.unitPrice + 320 <= balance, [item.slug]);

  await addFromProductPage(page, cheap.slug, /カートに入れる/);
  await page.goto('/cart');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'ご注文手続きへ進む' }).click();
  await page.getByRole('radio', { name: /^ゆうパケット/ }).check();
  await page.getByRole('radio', { name: /^全額ポイント利用/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
  expect(await pointBalance(page)).toBe(balance - (cheap.unitPrice + 320));
  const methods = (
    await pageApi<{ orders: Array<{ paymentMethod: string }> }>(page, 'GET', '/api/orders/')
  ).json.orders.map((o) => o.paymentMethod);
  expect(new Set(methods)).toEqual(
    new Set(['cash_on_delivery', 'bank_transfer', 'yucho', 'full_points']),
  );
});

test('a member bundles two card orders into one shipment and saves the shipping', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const first = await findProduct(request, 'buy');
  const second = await findProduct(request, 'buy', () => true, [first.slug]);
  await registerInModal(page, uniqueEmail(), '束 花子');
  const address = await pageApi<{ address: { id: number } }>(page, 'POST', '/api/addressbook/', {
    postalCode: '104-0061',
    prefecture: '東京都',
    city: '中央区銀座',
    street: '1-2-3',
    building: '',
    lastName: '束',
    firstName: '花子',
    lastNameKana: 'タバ',
    firstNameKana: 'ハナコ',
    phone: '0312345678',
    isDefault: true,
  });
  // The sandbox gateway's token, as the browser's card form makes it (never a card number).
  const card = await pageApi<{ card: { id: number } }>(
    page,
    'POST',
    '/api/gmo-multipay/creditcard/',
    {
      token: `tok_sandbox_ok_VISA_4242_3012_${Date.now().toString(36)}bundle`,
    },
  );
  const orderIds: number[] = [];
  for (const item of [first, second]) {
    await pageApi(page, 'POST', '/api/cart/', { variationId: item.variationId, quantity: 1 });
    const placed = await pageApi<{ orders: Array<{ id: number }> }>(
      page,
      'POST',
      '/api/reserveshop/checkout/',
      {
        shippingMethod: 'home_delivery',
        paymentMethod: 'credit_card',
        deliveryTimeSlot: 'unspecified',
        addressId: address.json.address.id,
        card: { savedCardId: card.json.card.id },
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    orderIds.push(...placed.json.orders.map((o) => o.id));
  }

  await open(page, '/mypage/order-history');
  await page
    .locator('article.order-card', { hasText: `ご注文番号 ${orderIds[0]}` })
    .getByRole('link', { name: 'ほかのご注文とおまとめ配送にする' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'おまとめ配送' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('button', { name: '確認画面へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'おまとめ配送の確認' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: '節約できる送料' })).toBeVisible();
  await expect(page.getByRole('row', { name: /節約できる送料 [1-9][\d,]*円/ })).toBeVisible();
  await expectAccessible(page);
  const confirms: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/reserveshop/bundle/') && r.method() === 'POST')
      confirms.push(r.url());
  });
  await page.getByRole('button', { name: 'おまとめを確定する' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'おまとめ配送完了' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /おまとめ番号 \d+ を受け付けました/ }),
  ).toBeVisible();
  expect(confirms).toHaveLength(1);
  await expectAccessible(page);

  await open(page, '/mypage/order-history');
  await expect(page.locator('.state-badge', { hasText: 'おまとめ済み' })).toHaveCount(2);
});
