import { ROUTES } from '@shop/rules';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { ContactSettings } from '../api/contact-settings';
import { sendContact } from '../api/send-contact';
import { BotCheck, type BotCheckWidget } from './bot-check';

type FieldErrors = Partial<Record<'name' | 'email' | 'category' | 'body' | 'botToken', string>>;

/** The contact form: validated by the API, which answers field errors in Japanese. */
export function ContactForm({
  settings,
  widget,
}: {
  settings: ContactSettings;
  widget?: BotCheckWidget;
}) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [botToken, setBotToken] = useState<string | undefined>();
  const needsToken = settings.botCheck.enabled && settings.botCheck.siteKey !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setErrors({});
    try {
      await sendContact({
        name: String(form.get('name') ?? ''),
        email: String(form.get('email') ?? ''),
        category: String(form.get('category') ?? ''),
        body: String(form.get('body') ?? ''),
        ...(botToken ? { botToken } : {}),
      });
      navigate(ROUTES.contactSent.path());
    } catch (error) {
      // No answer at all (status 0) reads like any other failure to send.
      if (error instanceof ApiError && error.status !== 0) {
        const fields: FieldErrors = {};
        for (const detail of error.details)
          fields[detail.path as keyof FieldErrors] ??= detail.message;
        setErrors(fields);
        toast({
          tone: 'error',
          title: '送信できませんでした',
          description:
            error.apiMessage ?? '通信に失敗しました。時間をおいてもう一度お試しください。',
        });
      } else {
        toast({
          tone: 'error',
          title: '送信できませんでした',
          description: '通信に失敗しました。',
        });
      }
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof FieldErrors) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof FieldErrors) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="prose" onSubmit={onSubmit} noValidate>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>
          お名前<span className="required">必須</span>
        </label>
        <input type="text" autoComplete="name" required maxLength={40} {...field('name')} />
        {error('name')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-email`}>
          メールアドレス<span className="required">必須</span>
        </label>
        <input type="email" autoComplete="email" required {...field('email')} />
        {error('email')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-category`}>
          お問い合わせの種類<span className="required">必須</span>
        </label>
        <select required defaultValue="" {...field('category')}>
          <option value="" disabled>
            選択してください
          </option>
          {settings.categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
        {error('category')}
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-body`}>
          お問い合わせ内容<span className="required">必須</span>
        </label>
        <textarea required maxLength={4000} {...field('body')} />
        {error('body')}
      </div>
      <BotCheck
        siteKey={needsToken ? settings.botCheck.siteKey : null}
        onToken={setBotToken}
        {...(widget ? { widget } : {})}
      />
      {error('botToken')}
      <button
        type="submit"
        className="button button-primary"
        disabled={sending || (needsToken && !botToken)}
      >
        {sending ? '送信中…' : '送信する'}
      </button>
    </form>
  );
}
