import type * as z from 'zod';

// What a refused field says to a shopper when its schema gave no message of its own. zod's
// Japanese locale still names its own types and patterns ("numberは99以下である必要があります",
// "無効な文字列: /^[0-9]+$/..."), which a shopper cannot read; these are Japanese prose only
// and say what to enter. A field's own message (shopperText, the rules' address messages) wins.

type Issue = z.core.$ZodRawIssue;

const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);
const COUNT_ORIGINS = new Set(['array', 'set', 'map', 'file']);
const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const limit = Number(issue.maximum).toLocaleString('ja-JP');
  if (issue.origin === 'string') return `${limit}文字以内で入力してください`;
  if (NUMBER_ORIGINS.has(issue.origin)) {
    return issue.inclusive === false
      ? `${limit}より小さい数を指定してください`
      : `${limit}以下の数を指定してください`;
  }
  if (COUNT_ORIGINS.has(issue.origin)) return `${limit}件以内で指定してください`;
  if (issue.origin === 'date') return '指定できる日付より後の日付です';
  return '値が大きすぎます';
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const limit = Number(issue.minimum).toLocaleString('ja-JP');
  if (issue.origin === 'string') {
    return Number(issue.minimum) <= 1 ? '入力してください' : `${limit}文字以上で入力してください`;
  }
  if (NUMBER_ORIGINS.has(issue.origin)) {
    return issue.inclusive === false
      ? `${limit}より大きい数を指定してください`
      : `${limit}以上の数を指定してください`;
  }
  if (COUNT_ORIGINS.has(issue.origin)) return `${limit}件以上指定してください`;
  if (issue.origin === 'date') return '指定できる日付より前の日付です';
  return '値が小さすぎます';
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  if (issue.format === 'email') return 'メールアドレスの形式が正しくありません';
  if (issue.format === 'url') return 'URLの形式が正しくありません';
  if (DATE_FORMATS.has(issue.format)) return '日付・時刻の形式が正しくありません';
  return '形式が正しくありません。入力内容をご確認ください';
}

/**
 * The API's zod error map (set with `z.config` in app.ts): Japanese prose for every issue kind,
 * with no type name, pattern, key or enum value of the schema in it.
 */
export function shopperIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? '入力してください' : '正しい形式で入力してください';
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of':
      return `${Number(issue.divisor).toLocaleString('ja-JP')}の倍数を指定してください`;
    case 'unrecognized_keys':
      return '受け付けない項目が含まれています';
    case 'invalid_union':
      return '正しい形式で入力してください';
    case 'invalid_key':
    case 'invalid_element':
      return '含まれる値の形式が正しくありません';
    case 'invalid_value':
      return '指定できる値ではありません。選び直してください';
    case 'custom':
      return '入力内容をご確認ください';
    default:
      return issue satisfies never;
  }
}
