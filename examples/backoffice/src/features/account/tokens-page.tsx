import { lowerRole, STAFF_ROLES, type StaffRole } from '@shop/rules';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { FormError, SelectField, TextField } from '../../components/form-field';
import { Loaded } from '../../components/loaded';
import { PageHeader } from '../../components/page';
import { Badge } from '../../components/status-badge';
import { useAction } from '../../components/use-action';
import { type FieldMessages, useForm } from '../../components/use-form';
import { api } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { STAFF_ROLE_LABELS, useCan, useSession } from '../../lib/session';
import { useQuery } from '../../lib/use-query';

export interface ApiToken {
  id: number;
  staffId: number;
  staffName: string;
  name: string;
  /** The first characters of the token, to tell one's tokens apart. */
  prefix: string;
  role: StaffRole;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A token's role can be at most its owner's (the API refuses a higher one). */
function rolesUpTo(role: StaffRole): StaffRole[] {
  return STAFF_ROLES.filter((candidate) => lowerRole(candidate, role) === candidate);
}

/**
 * API tokens for automation (the CLI, scripts): each staff member's own (the owner sees
 * everyone's), never shown again after creation; creating one shows its secret once, revoking
 * stops it at once.
 */
export function TokensPage() {
  const { staff } = useSession();
  const isOwner = useCan('owner');
  const tokens = useQuery('tokens', () => api.get<{ items: ApiToken[] }>('tokens/'));
  const form = useForm<{ name: string; role: StaffRole }>({ name: '', role: staff.role });
  const [created, setCreated] = useState<{ token: ApiToken; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revocation = useAction();

  const create = form.onSubmit(
    ({ name }): FieldMessages =>
      name.trim() ? {} : { name: 'トークンの名前を入力してください。' },
    async ({ name, role }) => {
      setCreated(
        await api.post<{ token: ApiToken; secret: string }>('tokens/', { name: name.trim(), role }),
      );
      form.setValues((current) => ({ ...current, name: '' }));
      tokens.reload();
    },
  );

  const revoke = async (token: ApiToken) => {
    const done = await revocation.run(() => api.delete(`tokens/${token.id}/`), {
      done: `トークン「${token.name}」を無効にしました`,
      failed: '無効にできませんでした',
    });
    if (done) tokens.reload();
    setRevoking(null);
  };

  return (
    <>
      <PageHeader title="APIトークン" />
      <p>
        CLIや外部のプログラムから管理APIを使うためのトークンです（
        <code>Authorization: Bearer トークン</code>
        ）。トークンは作成したときに一度だけ表示されます。
      </p>
      <form className="filters" onSubmit={create} noValidate aria-label="トークンの作成">
        <TextField
          label="名前（用途）"
          {...form.field('name')}
          placeholder="例：出荷CSVの自動取り込み"
          required
        />
        <SelectField
          label="権限"
          {...form.field('role')}
          options={rolesUpTo(staff.role).map((value) => ({
            value,
            label: STAFF_ROLE_LABELS[value],
          }))}
        />
        <div className="field">
          <button type="submit" className="button-primary" disabled={form.busy}>
            作成する
          </button>
        </div>
        <FormError message={form.failure} />
      </form>
      <Loaded query={tokens}>
        {(loaded) => (
          <DataTable
            caption={isOwner ? 'すべてのスタッフのトークン' : 'あなたのトークン'}
            rows={loaded.items}
            rowKey={(token) => String(token.id)}
            empty="トークンはありません。"
            columns={[
              { header: '名前', cell: (t) => t.name },
              { header: '先頭の文字', cell: (t) => <code>{t.prefix}…</code> },
              ...(isOwner ? [{ header: 'スタッフ', cell: (t: ApiToken) => t.staffName }] : []),
              { header: '権限', cell: (t) => STAFF_ROLE_LABELS[t.role] },
              { header: '作成', cell: (t) => jstDateTime(t.createdAt) },
              { header: '最終使用', cell: (t) => jstDateTime(t.lastUsedAt) },
              {
                header: '状態',
                cell: (t) =>
                  t.revokedAt ? <Badge tone="neutral">無効</Badge> : <Badge tone="ok">有効</Badge>,
              },
              {
                header: '操作',
                cell: (t) =>
                  t.revokedAt ? null : (
                    <button type="button" onClick={() => setRevoking(t)}>
                      無効にする
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Loaded>
      {created ? (
        <Dialog title="トークンを作成しました" onClose={() => setCreated(null)}>
          <p>
            このトークンは<strong>今だけ</strong>
            表示されます。安全な場所に保存してください。閉じると二度と表示できません。
          </p>
          <TextField
            label={`「${created.token.name}」のトークン`}
            readOnly
            value={created.secret}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="dialog-actions">
            <button type="button" className="button-primary" onClick={() => setCreated(null)}>
              保存したので閉じる
            </button>
          </div>
        </Dialog>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title="トークンを無効にしますか"
          message={`「${revoking.name}」を使うプログラムはすぐに使えなくなります。元に戻せません。`}
          confirmLabel="無効にする"
          danger
          busy={revocation.busy}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </>
  );
}
