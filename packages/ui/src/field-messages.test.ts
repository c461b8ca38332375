import { describe, expect, it } from 'vitest';
import { fieldMessages } from './field-messages';

describe('fieldMessages', () => {
  it("keys the API's messages by each field's first path segment, the first message per field", () => {
    expect(
      fieldMessages([
        { path: 'email', message: 'メールアドレスの形式が正しくありません。' },
        { path: 'lines.0.quantity', message: '数量は1以上です。' },
        { path: 'lines.1.quantity', message: '在庫が足りません。' },
        { path: 'email', message: '二つ目の誤り' },
      ]),
    ).toEqual({
      email: 'メールアドレスの形式が正しくありません。',
      lines: '数量は1以上です。',
    });
    expect(fieldMessages([])).toEqual({});
  });

  it('keys them by the whole path when a form shows each row its own messages', () => {
    expect(
      fieldMessages(
        [
          { path: 'lines.0.quantity', message: '数量は1以上です。' },
          { path: 'lines.1.quantity', message: '在庫が足りません。' },
          { path: 'lines.1.quantity', message: '二つ目の誤り' },
        ],
        (path) => path,
      ),
    ).toEqual({
      'lines.0.quantity': '数量は1以上です。',
      'lines.1.quantity': '在庫が足りません。',
    });
  });
});
