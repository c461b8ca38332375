import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useHydrated } from '../../../lib/use-hydrated';
import { type MailPreference, setMailPreference } from '../api/account-mail';

/**
 * メール配信設定 in /mypage: every kind of mail; the essential ones are shown as always sent, the
 * others are checkboxes saved at once.
 */
export function MailSettings({ preferences }: { preferences: MailPreference[] }) {
  const id = useId();
  const [current, setCurrent] = useState(preferences);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const hydrated = useHydrated();

  const toggle = async (kind: MailPreference['kind'], enabled: boolean) => {
    setSaving(kind);
    setError(null);
    try {
      setCurrent((await setMailPreference(kind, enabled)).preferences);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(null);
    }
  };

  const optional = current.filter((p) => !p.essential);
  const essential = current.filter((p) => p.essential);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>メール配信設定</h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <fieldset>
        <legend>受け取るお知らせ</legend>
        {optional.map((p) => (
          <label key={p.kind} className="checkbox">
            <input
              type="checkbox"
              checked={p.enabled}
              disabled={saving !== null || !hydrated}
              onChange={(e) => void toggle(p.kind, e.target.checked)}
            />
            {p.label}
          </label>
        ))}
      </fieldset>
      <p>
        次のメールはご注文やアカウントに関わるため、常にお送りします:{' '}
        {essential.map((p) => p.label).join('、')}
      </p>
    </section>
  );
}
