import { describe, expect, it } from 'vitest';
import { signedWholeNumber, wholeNumber } from './numbers';

describe('wholeNumber', () => {
  it('reads full-width digits and commas, refuses signs, fractions and words', () => {
    expect(wholeNumber('１，１００')).toBe(1100);
    expect(wholeNumber(' 0 ')).toBe(0);
    expect(wholeNumber('-1')).toBeNull();
    expect(wholeNumber('1.5')).toBeNull();
    expect(wholeNumber('千円')).toBeNull();
    expect(wholeNumber('')).toBeNull();
  });
});

describe('signedWholeNumber', () => {
  it('reads a sign typed in half or full width', () => {
    expect(signedWholeNumber('+500')).toBe(500);
    expect(signedWholeNumber('－３００')).toBe(-300);
    expect(signedWholeNumber('−300')).toBe(-300);
    expect(signedWholeNumber('300')).toBe(300);
    expect(signedWholeNumber('--3')).toBeNull();
    expect(signedWholeNumber('')).toBeNull();
  });
});
