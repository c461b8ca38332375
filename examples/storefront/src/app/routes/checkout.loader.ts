import { ROUTES } from '@shop/rules';
import { getAddresses } from '../../features/addresses/api/addresses';
import { getSession } from '../../features/auth/api/auth';
import { getCards } from '../../features/cards/api/cards';
import { loadQuote } from '../../features/checkout/api/checkout';
import { paymentRules } from '../../features/checkout/api/payment-rules';
import {
  type CheckoutFormData,
  choicesFromSearch,
  quoteKey,
  quoteOfChoices,
} from '../../features/checkout/hooks/checkout-form';
import { type ApiClient, ApiError } from '../../lib/api-client';
import type { Cart } from '../../types/account';
import { memberPage, type PageLoader } from '../page-loaders';

/**
 * The quote of the choices the URL opens with, so the page is rendered with its fees and totals
 * (without it they arrived after hydration and pushed the page down: /checkout's layout shift).
 * A refusal leaves it to the browser's own quote, which shows the API's message.
 */
async function quoted(api: ApiClient, search: URLSearchParams, form: CheckoutFormData) {
  const request = quoteOfChoices(choicesFromSearch(search.toString(), form));
  try {
    const { csrfToken } = await getSession(api);
    return { key: quoteKey(request), quote: await loadQuote(api, request, csrfToken) };
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) return null;
    throw error;
  }
}

export const loader: PageLoader = memberPage(ROUTES.checkout.title, 'ご注文手続き', async (c) => {
  const form = {
    ...(await getAddresses(c.api)),
    ...(await getCards(c.api)),
    paymentRules: paymentRules(),
  };
  // An empty cart has nothing to quote: the page says so instead of asking the API.
  const cartCount = (await c.api.get<Cart>('/api/cart/')).count;
  return {
    ...form,
    cartCount,
    quoted: cartCount === 0 ? null : await quoted(c.api, c.search, form),
  };
});
