import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextAreaField, TextField } from './form-field';

describe('back office fields', () => {
  it('label a required input, hide 必須 from the reader, and read its hint and error with it', () => {
    render(<TextField label="商品名" required hint="80文字まで" error="入力してください。" />);
    const input = screen.getByRole('textbox', { name: '商品名' }) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '80文字まで',
      '入力してください。',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('入力してください。');
    expect(input.closest('.field')?.className).toBe('field field-invalid');
  });

  it('pass the other props to the control, and leave a valid optional field plain', () => {
    render(
      <>
        <SelectField
          label="状態"
          name="state"
          defaultValue="b"
          options={[
            { value: 'a', label: '公開' },
            { value: 'b', label: '非公開' },
          ]}
        />
        <TextAreaField label="説明" name="body" maxLength={400} />
      </>,
    );
    const select = screen.getByRole('combobox', { name: '状態' }) as HTMLSelectElement;
    expect([select.name, select.value, select.required]).toEqual(['state', 'b', false]);
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(select.getAttribute('aria-describedby')).toBeNull();
    const area = screen.getByRole('textbox', { name: '説明' }) as HTMLTextAreaElement;
    expect([area.name, area.maxLength]).toEqual(['body', 400]);
    expect(screen.queryByText('必須')).toBeNull();
  });
});
