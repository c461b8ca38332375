import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { PageHost } from '../app/page-host';
import { ToastProvider } from '../components/toast';
import { paymentRules } from '../features/checkout/api/payment-rules';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import type { PagePayload } from '../lib/page-payload';
import type { SavedCard, ShippingAddress } from '../types/account';

/** Renders `ui` as the shop's pages stand: inside the router and the toast provider. */
export function renderInShop(ui: ReactNode) {
  return render(
    <Router>
      <ToastProvider>{ui}</ToastProvider>
    </Router>,
  );
}

/** A page's payload as the server sends it (status 200, an empty head). */
export function pagePayload(
  page: string,
  href: string,
  layout: PagePayload['layout'] = 'default',
  data: unknown = null,
): PagePayload {
  return {
    page,
    href,
    params: {},
    status: 200,
    layout,
    head: { title: '', description: '', ogType: 'website' },
    data,
  };
}

/** The app's page host at `payload.href`, hydrated from `payload` as the server would boot it. */
export function renderPageHost(payload: PagePayload) {
  window.history.replaceState(null, '', payload.href);
  return renderInShop(
    <PageHost
      boot={{
        payload,
        build: { id: 'test', timestamp: 0 },
        development: false,
        cardGateway: { kind: 'sandbox' },
      }}
    />,
  );
}

/** The checkout page at `href` with the member's addresses and saved cards. */
export function renderCheckoutPage(
  addresses: ShippingAddress[],
  { cards = [], href = '/checkout' }: { cards?: SavedCard[]; href?: string } = {},
) {
  window.history.replaceState(null, '', href);
  return renderInShop(<CheckoutPage data={{ addresses, cards, paymentRules: paymentRules() }} />);
}

/**
 * Fills the address book's 新しい住所 form with an Osaka address whose 都道府県 is `prefecture`
 * (大阪府 matches its postal code), and sends it; returns the form's region.
 */
export function addOsakaAddress(prefecture: string) {
  const form = within(screen.getByRole('region', { name: '新しい住所' }));
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(form.getByLabelText(label), { target: { value } });
  fill(/^姓/, '書店');
  fill(/^名/, '太郎');
  fill(/^セイ/, 'ショテン');
  fill(/^メイ/, 'タロウ');
  fill(/^郵便番号/, '5300001');
  fill(/^都道府県/, prefecture);
  fill(/^市区町村/, '大阪市北区梅田');
  fill(/^番地/, '3-1-1');
  fill(/^電話番号/, '0612345678');
  fireEvent.click(form.getByRole('button', { name: 'この住所を登録する' }));
  return form;
}
