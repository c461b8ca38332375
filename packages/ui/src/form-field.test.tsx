import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FieldError,
  FieldHint,
  FormError,
  fieldAria,
  hintedFieldAria,
  OptionList,
} from './form-field';

describe('fieldAria', () => {
  it('marks a control with a message invalid and described by it, and leaves one without plain', () => {
    expect(fieldAria('f', '入力してください。')).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'f-error',
    });
    expect(fieldAria('f', undefined)).toEqual({});
  });

  it.each([
    [undefined, undefined, {}],
    ['入力してください。', undefined, { 'aria-invalid': true, 'aria-describedby': 'f-error' }],
    [undefined, '半角数字', { 'aria-describedby': 'f-hint' }],
    [
      '入力してください。',
      '半角数字',
      { 'aria-invalid': true, 'aria-describedby': 'f-hint f-error' },
    ],
  ])('message %s, hint %s: %o', (message, hint, aria) => {
    expect(hintedFieldAria('f', message, hint)).toEqual(aria);
  });

  it('describes a control by the ids its hint and message carry', () => {
    render(
      <>
        <input
          aria-label="郵便番号"
          {...hintedFieldAria('zip', '7桁で入力してください。', '半角数字')}
        />
        <FieldHint controlId="zip" hint="半角数字" />
        <FieldError controlId="zip" message="7桁で入力してください。" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: '郵便番号' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '半角数字',
      '7桁で入力してください。',
    ]);
  });
});

describe('messages', () => {
  it('announce a field message only when asked, and a form failure always', () => {
    render(
      <>
        <FieldError controlId="a" message="Aの誤り" />
        <FieldError controlId="b" message="Bの誤り" role="alert" />
        <FormError message="送信できませんでした。" />
      </>,
    );
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([
      'Bの誤り',
      '送信できませんでした。',
    ]);
  });

  it('draw nothing without a message', () => {
    const { container } = render(
      <>
        <FieldError controlId="a" message={undefined} />
        <FieldHint controlId="a" hint={undefined} />
        <FormError message={null} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('OptionList', () => {
  it('lists each option by its value and label, in order', () => {
    render(
      <select aria-label="都道府県" defaultValue="13">
        <OptionList
          options={[
            { value: '01', label: '北海道' },
            { value: '13', label: '東京都' },
          ]}
        />
      </select>,
    );
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.text])).toEqual([
      ['01', '北海道'],
      ['13', '東京都'],
    ]);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('13');
  });
});
