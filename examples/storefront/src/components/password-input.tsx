import { type InputHTMLAttributes, useState } from 'react';

/** A password field with a show/hide toggle (the toggle is a real, labelled button). */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="password-input">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="password-toggle"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? '隠す' : '表示'}
        <span className="visually-hidden">（パスワード）</span>
      </button>
    </span>
  );
}
