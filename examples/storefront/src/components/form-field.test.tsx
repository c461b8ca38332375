import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InputField } from './form-field';

afterEach(cleanup);

describe('InputField', () => {
  it('labels a required text input 必須 and reads its message with it', () => {
    render(<InputField controlId="f-name" label="お名前" required message="入力してください。" />);
    const input = screen.getByRole('textbox', { name: 'お名前 必須' }) as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-name-error');
    expect(document.getElementById('f-name-error')?.textContent).toBe('入力してください。');
  });

  it('keeps a required input unmarked when its group says 必須 once, and an optional one plain', () => {
    render(
      <>
        <InputField controlId="f-month" label="月（MM）" required marked={false} />
        <InputField controlId="f-birth" label="生年月日" type="date" />
      </>,
    );
    const month = screen.getByLabelText('月（MM）') as HTMLInputElement;
    expect(month.required).toBe(true);
    expect(month.getAttribute('aria-invalid')).toBeNull();
    const birth = screen.getByLabelText('生年月日') as HTMLInputElement;
    expect([birth.type, birth.required]).toEqual(['date', false]);
    expect(screen.queryByText('必須')).toBeNull();
  });
});
