import { useState } from 'react';
import { FormError } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { isTotpCode, TOTP_CODE_MESSAGE, TotpCodeField } from '../../components/sign-in-fields';
import { useToast } from '../../components/toast';
import { type FieldMessages, useForm } from '../../components/use-form';
import { api, rememberCsrfToken } from '../../lib/api';
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
  const form = useForm({ code: '' });

  if (staff.totpEnabled) {
    return (
      <>
        <PageHeader title="2段階認証" />
        <p>2段階認証は有効です。ログインのたびに認証アプリの確認コードを入力します。</p>
      </>
    );
  }

  const start = () =>
    form.run(async () => {
      setEnrolment(await api.post<Enrolment>('me/totp/'));
      form.setValues({ code: '' });
    });

  const confirm = form.onSubmit(
    ({ code }): FieldMessages => (isTotpCode(code) ? {} : { code: TOTP_CODE_MESSAGE }),
    async ({ code }) => {
      const session = await api.post<StaffSession>('me/totp/confirm/', { code: code.trim() });
      rememberCsrfToken(session.csrfToken);
      toast({ title: '2段階認証を有効にしました', tone: 'success' });
      await refresh();
    },
  );

  return (
    <>
      <PageHeader title="2段階認証の設定" />
      <p>
        管理画面へのログインには、パスワードに加えて認証アプリ（Google Authenticator、Microsoft
        Authenticator など）の確認コードが必要です。
      </p>
      {enrolment === null ? (
        <>
          <FormError message={form.failure} />
          <button type="button" className="button-primary" onClick={start} disabled={form.busy}>
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
              <TotpCodeField {...form.field('code')} />
            </li>
          </ol>
          <FormError message={form.failure} />
          <div className="form-actions">
            <button type="button" onClick={start} disabled={form.busy}>
              QRコードを作り直す
            </button>
            <button type="submit" className="button-primary" disabled={form.busy}>
              確認して有効にする
            </button>
          </div>
        </form>
      )}
    </>
  );
}
