import { ROUTES } from '@shop/rules';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isPushedPageState, writePageState } from '../../../lib/page-state';
import {
  type CheckoutFormAction,
  type CheckoutFormData,
  type CheckoutFormState,
  type CheckoutStep,
  checkoutFormReducer,
  choicesFromSearch,
  initialCheckoutForm,
  searchOf,
  stepOf,
  withStep,
} from './checkout-form';

const PATH = ROUTES.checkout.path();

export interface CheckoutForm {
  state: CheckoutFormState;
  dispatch: (action: CheckoutFormAction) => void;
  /** The step the URL names. */
  step: CheckoutStep;
  /** A new history entry for the confirmation step: Back returns to the input step. */
  toConfirm: () => void;
  /** The input step again: one entry back when the confirmation was pushed over it. */
  toInput: () => void;
}

/**
 * The checkout form (checkout-form.ts) kept in step with the page's URL: every choice replaces
 * the current entry's query string, the confirmation step is an entry of its own, and Back or
 * Forward to another entry of the checkout restores that entry's choices. A reload or a shared
 * URL therefore opens the same step with the same choices (checked again against what the
 * shopper has and the rules allow).
 */
export function useCheckoutForm(data: CheckoutFormData): CheckoutForm {
  const search = useSearch();
  const [location] = useLocation();
  // A card or address dialog over the page has a URL of its own: the form neither writes into
  // that entry nor reads choices out of it.
  const onPage = location === PATH;
  const [state, dispatch] = useReducer(checkoutFormReducer, search, (initial) =>
    initialCheckoutForm(initial, data),
  );
  const step = onPage ? stepOf(search) : 'input';
  const choices = searchOf(state, 'input');
  const stateRef = useRef(state);
  stateRef.current = state;

  // A change of choice: the current entry's URL follows it (on a change of entry, which leaves
  // the choices as they are until the effect below restores the entry's, it does not run).
  useEffect(() => {
    if (!onPage) return;
    const current = window.location.search.replace(/^\?/, '');
    const written = withStep(choices, stepOf(current));
    if (written !== current) writePageState(`${PATH}?${written}`, 'replace');
  }, [choices, onPage]);

  // Another entry (Back, Forward): its URL is the truth, checked against today's book and cards.
  useEffect(() => {
    if (!onPage) return;
    const current = stateRef.current;
    const entry = choicesFromSearch(search, {
      addresses: current.addresses,
      cards: current.cards,
      paymentRules: data.paymentRules,
    });
    if (searchOf(entry, 'input') !== searchOf(current, 'input')) {
      dispatch({ type: 'restored', choices: entry });
    }
  }, [search, onPage, data.paymentRules]);

  const toConfirm = useCallback(() => {
    writePageState(`${PATH}?${searchOf(stateRef.current, 'confirm')}`, 'push');
    window.scrollTo(0, 0);
  }, []);

  const toInput = useCallback(() => {
    if (isPushedPageState(window.history.state)) window.history.back();
    else writePageState(`${PATH}?${searchOf(stateRef.current, 'input')}`, 'replace');
  }, []);

  return { state, dispatch, step, toConfirm, toInput };
}
