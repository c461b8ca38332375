import { type FormEvent, useState } from 'react';
import { FormError, TextField } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { useToast } from '../../components/toast';
import { api, errorMessage, rememberCsrfToken } from '../../lib/api';
import { type StaffSession, useSession } from '../../lib/session';

/** POST me/totp/: a new secret, its otpauth:// URI and the URI as a QR code (an SVG document). */
interface Enrolment {
  secret: string;
  uri: string;
  qrCodeSvg: string;
}

/** The QR code as an image the page's CSP allows (img-src data:). */
function svgImage(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Two-factor enrolment: a new secret shown as a QR code (and as text, to type into an app), then
 * the app's current code confirms it. A new staff member's session shows this page before any
 * other (the API refuses the rest with 403 `staff_totp_required` until it is done).
 */
export function TotpPage() {
  const { staff, refresh } = useSession();
  const toast = useToast();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (staff.totpEnabled) {
    return (
      <>
        <PageHeader title="2段階認証" />
        <p>2段階認証は有効です。ログインのたびに認証アプリの確認コードを入力します。</p>
      </>
    );
  }

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setEnrolment(await api.post<Enrolment>('me/totp/'));
      setCode('');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError('認証アプリに表示されている6桁の数字を入力してください。');
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    try {
      const session = await api.post<StaffSession>('me/totp/confirm/', { code: code.trim() });
      rememberCsrfToken(session.csrfToken);
      toast({ title: '2段階認証を有効にしました', tone: 'success' });
      await refresh();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="2段階認証の設定" />
      <p>
        管理画面へのログインには、パスワードに加えて認証アプリ（Google Authenticator、Microsoft
        Authenticator など）の確認コードが必要です。
      </p>
      {enrolment === null ? (
        <>
          <FormError message={failure} />
          <button type="button" className="button-primary" onClick={start} disabled={busy}>
            設定を始める
          </button>
        </>
      ) : (
        <form className="totp-form" onSubmit={confirm} noValidate>
          <ol>
            <li>
              認証アプリでこのQRコードを読み取ってください。
              <img
                className="totp-qr"
                src={svgImage(enrolment.qrCodeSvg)}
                alt="2段階認証のQRコード"
                width={200}
                height={200}
              />
              <p>
                読み取れない場合は、次のキーを入力してください：
                <code className="totp-secret">{enrolment.secret}</code>
              </p>
            </li>
            <li>
              アプリに表示された6桁の確認コードを入力してください。
              <TextField
                label="確認コード"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={codeError}
                required
              />
            </li>
          </ol>
          <FormError message={failure} />
          <div className="form-actions">
            <button type="button" onClick={start} disabled={busy}>
              QRコードを作り直す
            </button>
            <button type="submit" className="button-primary" disabled={busy}>
              確認して有効にする
            </button>
          </div>
        </form>
      )}
    </>
  );
}
