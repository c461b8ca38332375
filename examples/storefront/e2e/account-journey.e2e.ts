import {
  addAddressInCheckout,
  addCardInCheckout,
  addFromProductPage,
  checkoutWith,
  findProduct,
  loginInModal,
  logoutInHeader,
  operatorReleaseToday,
  operatorShip,
  operatorShipBundle,
  ordersIn,
  PASSWORD,
  pageApi,
  pointBalance,
  registerInModal,
  TEST_ADDRESS,
  uniqueEmail,
  unitsLeft,
} from './account-support';
import { expect, expectAccessible, openHydrated, test, waitForHydration } from './fixtures';

/** Every account route of docs/spec.md §2 that a guest is asked to log in for. */
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

test('every account route asks a guest to log in, and shows itself after the login', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail();
  await registerInModal(page, email);
  await logoutInHeader(page);

  // The cart is a guest's too: server-rendered with the (empty) cart of the session.
  const cart = await page.goto('/cart');
  expect(await cart?.text()).toContain('カートに商品はありません。');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'カート' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'ログイン' })).toHaveCount(0);
  await expectAccessible(page);

  // /mypage/bundle/{id} needs an order of the member's own: the bundle test visits it logged in.
  for (const route of [...MEMBER_ROUTES, { path: '/mypage/bundle/1', heading: 'おまとめ配送' }]) {
    await openHydrated(page, route.path);
    const dialog = page.getByRole('dialog', { name: 'ログイン' });
    await expect(dialog, route.path).toBeVisible();
    await expect(dialog.getByText('このページのご利用にはログインが必要です。')).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'ログインする' })).toBeVisible();
  }

  // Logging in inside the modal brings the shopper back to the same address, logged in.
  await openHydrated(page, '/mypage/favorite/author');
  await loginInModal(page, email);
  await expect(page).toHaveURL(/\/mypage\/favorite\/author$/);
  await expect(page.getByRole('link', { name: '作者', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  for (const route of MEMBER_ROUTES) {
    await openHydrated(page, route.path);
    await expect(
      page.getByRole('heading', { level: 1, name: route.heading }),
      route.path,
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'ログイン' })).toHaveCount(0);
    await expectAccessible(page);
  }
  await openHydrated(page, '/mypage/withdrawal/done');
  await expect(page.getByRole('heading', { level: 1, name: '退会完了' })).toBeVisible();
  await expectAccessible(page);
});

test.describe('the member journey', () => {
  // The withdrawal step types a wrong password on purpose: the API's 401 invalid_password is
  // the one failed request the browser may log.
  test.use({
    allowedConsoleErrors: ['Failed to load resource: the server responded with a status of 401'],
  });

  test('a member reserves and buys in one checkout, bundles both orders, earns points, cancels another reservation, keeps favourites and addresses, takes over an old account and withdraws', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const reserved = await findProduct(request, 'reserve');
    // Its release date as the shop prints it, at the precision it is known to (中旬, a month).
    const reservedRelease = (
      (await (await request.get(`/api/products/${reserved.slug}/`)).json()) as {
        release_date_label: string;
      }
    ).release_date_label;
    const inStock = await findProduct(
      request,
      'buy',
      (p) => p.series !== null && p.author !== null,
    );
    const second = await findProduct(request, 'reserve', () => true, [reserved.slug]);
    const email = uniqueEmail();
    let placed: number[] = [];

    await test.step('register, reserve an unreleased item and add one in stock', async () => {
      await registerInModal(page, email);
      await addFromProductPage(page, reserved.slug, /予約する/);
      await addFromProductPage(page, inStock.slug, /カートに入れる/);
      await expect(page.getByRole('link', { name: /カート.*2/ })).toBeVisible();
      // The cart page comes from the server with the member's cart in it.
      const html = await (await page.request.get('/cart')).text();
      expect(html).toContain(reserved.title);
      expect(html).toContain(inStock.title);
      await openHydrated(page, '/cart');
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
      await expect(page.getByText(/商品到着後7日以内/)).toBeVisible();
      await expectAccessible(page);
      const confirms: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/reserveshop/checkout/'))
          confirms.push(r.headers()['idempotency-key'] ?? '');
      });
      await page.getByRole('button', { name: '注文を確定する' }).dblclick();
      await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
      expect(confirms).toHaveLength(1);
      const numbers = page.getByText(/ご注文番号 \d+/);
      await expect(numbers).toHaveCount(2);
      placed = (await numbers.allTextContents()).map((t) => Number(/\d+/.exec(t)?.[0]));
      await expectAccessible(page);
    });

    await test.step('after a logout the complete page asks for a login and shows no order', async () => {
      await openHydrated(page, '/lp/faq');
      await logoutInHeader(page);
      await openHydrated(page, '/checkout/complete');
      await expect(page.getByRole('dialog', { name: 'ログイン' })).toBeVisible();
      await expect(page.getByText(/ご注文番号/)).toHaveCount(0);
      // Logging in again brings the page back, without the orders the tab forgot at the logout.
      await loginInModal(page, email);
      await expect(page.getByText('ご注文の内容は注文履歴でご確認いただけます。')).toBeVisible();
      await expect(page.getByText(/ご注文番号/)).toHaveCount(0);
    });

    await test.step('both orders in the history, bundled into one shipment through the pages', async () => {
      await openHydrated(page, '/mypage/order-history');
      for (const id of placed)
        await expect(page.getByRole('heading', { name: `ご注文番号 ${id}` })).toBeVisible();
      await expect(page.locator('.state-badge', { hasText: '予約中' })).toHaveCount(1);
      await expect(page.locator('.state-badge', { hasText: '発送準備中' })).toHaveCount(1);
      await page.getByRole('link', { name: /おまとめ配送を申し込む/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'おまとめ配送' })).toBeVisible();
      await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(2);
      // The reservation's release date as the shop prints it (at its precision), not an ISO date.
      await expect(page.getByText(reservedRelease).first()).toBeVisible();
      await expect(page.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('button', { name: '確認画面へ' }).click();

      await expect(
        page.getByRole('heading', { level: 1, name: 'おまとめ配送の確認' }),
      ).toBeVisible();
      await expect(page.getByRole('rowheader', { name: '節約できる送料' })).toBeVisible();
      await expect(page.getByRole('row', { name: /発送時期/ })).toContainText(
        `${reservedRelease}の商品の発売後`,
      );
      await expectAccessible(page);
      const confirms: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/reserveshop/bundle/') && r.method() === 'POST')
          confirms.push(r.url());
      });
      await page.getByRole('button', { name: 'おまとめを確定する' }).dblclick();
      await expect(page.getByRole('heading', { level: 1, name: 'おまとめ配送完了' })).toBeVisible();
      expect(confirms).toHaveLength(1);
      const done = page.getByRole('heading', { name: /おまとめ番号 \d+ を受け付けました/ });
      await expect(done).toBeVisible();
      const bundleId = Number(/\d+/.exec((await done.textContent()) ?? '')?.[0]);
      await expectAccessible(page);

      await openHydrated(page, '/mypage/order-history');
      await expect(page.locator('.state-badge', { hasText: 'おまとめ済み' })).toHaveCount(2);
      // Bundled orders can no longer be cancelled one by one.
      await expect(page.getByRole('button', { name: 'このご注文をキャンセルする' })).toHaveCount(0);

      // The reservation comes out early and the shop ships the bundle: both orders' points.
      const [bundledReservation] = (await ordersIn(page, 'bundled')).filter((o) =>
        o.items.some((item) => item.productSlug === reserved.slug),
      );
      await operatorReleaseToday(request, bundledReservation?.items[0]?.productId ?? 0);
      await operatorShipBundle(request, bundleId);
    });

    await test.step('the points of both orders on my page', async () => {
      const shipped = await ordersIn(page, 'shipped');
      expect(shipped.map((o) => o.id).sort()).toEqual([...placed].sort());
      const granted = shipped.reduce((sum, o) => sum + o.pointsToGrant, 0);
      expect(granted).toBeGreaterThan(0);
      await openHydrated(page, '/mypage');
      await expect(page.locator('.stat')).toHaveText(`${granted.toLocaleString('ja-JP')}pt`);
      await expect(page.getByRole('cell', { name: '獲得' })).toHaveCount(2);
      await expect(page.getByRole('heading', { name: '予約中のご注文（0件）' })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('reserve another item with the points, cancel it: stock and points come back', async () => {
      const balance = await pointBalance(page);
      const stockBefore = await unitsLeft(request, second.variationId);
      await addFromProductPage(page, second.slug, /予約する/);
      await openHydrated(page, '/cart');
      await page.getByRole('button', { name: 'ご注文手続きへ進む' }).click();
      await page.getByRole('radio', { name: /^クレジットカード/ }).check();
      await page.getByRole('radio', { name: 'ポイントを使う' }).check();
      await page.getByLabel('利用するポイント').fill(String(balance));
      await page.getByRole('button', { name: 'ご注文内容の確認へ' }).click();
      await page.getByRole('button', { name: '注文を確定する' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'ご注文完了' })).toBeVisible();
      expect(await pointBalance(page)).toBe(0);
      expect(await unitsLeft(request, second.variationId)).toBe(stockBefore - 1);

      // While it is open the member cannot withdraw, and is told why.
      await openHydrated(page, '/mypage/withdrawal');
      await expect(page.getByRole('heading', { name: '現在は退会できません' })).toBeVisible();
      await expect(page.getByText('予約中の注文が1件あります。')).toBeVisible();
      await expectAccessible(page);

      await openHydrated(page, '/mypage/order-history?state=reserved');
      const card = page.locator('article.order-card', { hasText: second.title });
      page.once('dialog', (d) => d.accept());
      await card.getByRole('button', { name: 'このご注文をキャンセルする' }).click();
      await expect(page.locator('.toast-title', { hasText: 'をキャンセルしました' })).toBeVisible();
      await expect(card.locator('.state-badge')).toHaveText('キャンセル');
      expect(await pointBalance(page)).toBe(balance);
      expect(await unitsLeft(request, second.variationId)).toBe(stockBefore);
      await expectAccessible(page);
    });

    await test.step('favourites of each kind, shown as saved when the page is opened again', async () => {
      const series = inStock.series?.title ?? '';
      const author = inStock.author?.name ?? '';
      await openHydrated(page, `/product/${inStock.slug}`);
      await page.getByRole('button', { name: '♡ お気に入りに追加' }).click();
      await expect(page.getByRole('button', { name: '♥ お気に入り登録済み' })).toBeVisible();
      await page.getByRole('button', { name: `☆ ${series}をお気に入り登録` }).click();
      await expect(
        page.getByRole('button', { name: `★ ${series}をお気に入り登録済み` }),
      ).toBeVisible();
      await page.getByRole('button', { name: `☆ ${author}をお気に入り登録` }).click();
      await expect(
        page.getByRole('button', { name: `★ ${author}をお気に入り登録済み` }),
      ).toBeVisible();
      await openHydrated(page, `/product/${inStock.slug}`);
      await expect(page.getByRole('button', { name: '♥ お気に入り登録済み' })).toBeVisible();
      await expect(
        page.getByRole('button', { name: `★ ${series}をお気に入り登録済み` }),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: `★ ${author}をお気に入り登録済み` }),
      ).toBeVisible();
      const tabs: Array<[string, string]> = [
        ['/mypage/favorite', inStock.title],
        ['/mypage/favorite/intellectualproperty', series],
        ['/mypage/favorite/author', author],
      ];
      for (const [path, title] of tabs) {
        await openHydrated(page, path);
        await expect(
          page.locator('.favorite-list').getByRole('link', { name: title }),
        ).toBeVisible();
        await expectAccessible(page);
      }
      await page.getByRole('button', { name: `${author}をお気に入りから削除` }).click();
      await expect(page.getByText('お気に入りはまだありません。')).toBeVisible();
    });

    await test.step('edit the address with 〒 autofill', async () => {
      await openHydrated(page, '/mypage/shipping-address');
      await expect(page.getByText(TEST_ADDRESS.printed)).toBeVisible();
      await page
        .getByRole('button', {
          name: `${TEST_ADDRESS.lastName} ${TEST_ADDRESS.firstName} 様の住所を編集`,
        })
        .click();
      await page.getByLabel('郵便番号').fill('5300001');
      await expect(page.getByLabel('都道府県')).toHaveValue('大阪府');
      await expect(page.getByLabel('市区町村')).toHaveValue('大阪市北区梅田');
      await page.getByLabel('番地').fill('3-1-1');
      await page.getByRole('button', { name: 'この内容で保存する' }).click();
      await expect(page.getByText('〒530-0001 大阪府大阪市北区梅田3-1-1')).toBeVisible();
      await expect(page.locator('.toast-title', { hasText: '住所を更新しました' })).toBeVisible();
      await expectAccessible(page);
      await openHydrated(page, '/common/user-shipping-address?return=/checkout');
      await expect(page.getByText('〒530-0001 大阪府大阪市北区梅田3-1-1')).toBeVisible();
      await expect(page.getByRole('link', { name: 'ご注文手続きに戻る' })).toHaveAttribute(
        'href',
        '/checkout',
      );
      await openHydrated(page, '/common/credit-card');
      await expect(page.getByText(/VISA \*\*\*\* 4242/)).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('take over a legacy account and see its orders', async () => {
      await openHydrated(page, '/mypage/takeover');
      await page.getByRole('radio', { name: '引き継ぎコード' }).check();
      await page.getByRole('textbox', { name: '引き継ぎコード' }).fill('tkov-0001-demo');
      await page.getByRole('button', { name: '引き継ぐ' }).click();
      await expect(page.getByRole('heading', { name: '引き継ぎ済みです' })).toBeVisible();
      await page.getByRole('link', { name: '旧サイトの注文履歴を見る' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '引き継ぎ注文履歴' })).toBeVisible();
      await expect(page.getByText(/ご注文番号 L\d+/).first()).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('withdraw: a wrong password is refused with a toast, then done', async () => {
      await openHydrated(page, '/mypage/withdrawal');
      await page.getByLabel('上記を理解し、退会します').check();
      await page.getByLabel('パスワード（確認のため）').fill('wrong-password-1');
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page.locator('.toast-title', { hasText: '退会できませんでした' })).toBeVisible();
      await expect(page.getByLabel('パスワード（確認のため）')).toHaveValue('wrong-password-1');
      await page.getByLabel('パスワード（確認のため）').fill(PASSWORD);
      await page.getByRole('button', { name: '退会する' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '退会完了' })).toBeVisible();
      await expect(
        page.locator('.toast-title', { hasText: '退会手続きが完了しました' }),
      ).toBeVisible();
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
  await openHydrated(page, '/cart');
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

  // Another member logging in in this tab never sees these orders or their transfer details.
  await openHydrated(page, '/lp/faq');
  await logoutInHeader(page);
  await registerInModal(page, uniqueEmail(), '別人 次郎');
  await openHydrated(page, '/checkout/complete');
  await expect(page.getByText('ご注文の内容は注文履歴でご確認いただけます。')).toBeVisible();
  await expect(page.getByText(/ご注文番号/)).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: /振込先/ })).toHaveCount(0);
});

test('favourites beyond the first page of 50 are on the next page', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A set: the other files' orders can move a product to another page between two requests.
  const found = new Set<string>();
  for (let p = 1; found.size < 51; p++) {
    const { items } = (await (await request.get(`/api/search/?page=${p}`)).json()) as {
      items: Array<{ slug: string }>;
    };
    if (items.length === 0) throw new Error('the demo catalog has fewer than 51 products');
    for (const item of items) found.add(item.slug);
  }
  const slugs = [...found];
  await registerInModal(page, uniqueEmail(), '栞 一覧');
  const added = await page.evaluate(async (all) => {
    const { csrfToken } = await (await fetch('/api/session/')).json();
    let ok = 0;
    for (const slug of all.slice(0, 51)) {
      const response = await fetch('/api/favorites/product/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({ slug }),
      });
      if (response.ok) ok++;
    }
    return ok;
  }, slugs);
  expect(added).toBe(51);

  await openHydrated(page, '/mypage/favorite');
  await expect(page.getByText('51件')).toBeVisible();
  await expect(page.locator('.favorite-list li')).toHaveCount(50);
  await page
    .getByRole('navigation', { name: 'ページ送り' })
    .getByRole('link', { name: '2ページ目' })
    .click();
  await expect(page).toHaveURL(/\/mypage\/favorite\/product\?page=2$/);
  await expect(page.locator('.favorite-list li')).toHaveCount(1);
  await expectAccessible(page);
});
