import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ABROAD, ADDRESS } from '../../../testing/fake-api';
import { AddressText } from './checkout-display-lazy';

// The display chunk that never arrives: what a shopper sees after a link to /checkout while it
// is still on its way.
vi.mock('./checkout-display', () => new Promise(() => undefined));

describe('AddressText before its chunk has arrived', () => {
  it('labels an address choice by its name, Japanese or overseas', () => {
    render(
      <fieldset>
        {[ADDRESS, ABROAD].map((address) => (
          <label key={address.id}>
            <input type="radio" name="address" />
            <AddressText address={address} />
          </label>
        ))}
      </fieldset>,
    );
    expect(screen.getByRole('radio', { name: /^栞 花子 様/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Taro Yamada 様/ })).toBeTruthy();
  });
});
