import { STAFF_ROLES, type StaffRole } from '@shop/rules';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { FormDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/form-field';
import { Loaded } from '../../components/loaded';
import { PageHeader } from '../../components/page';
import { Badge } from '../../components/status-badge';
import { useToast } from '../../components/toast';
import { useAction } from '../../components/use-action';
import { type FieldMessages, isEmailAddress, useFormDialog } from '../../components/use-form';
import { api } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { STAFF_ROLE_LABELS, type StaffMember, useSession } from '../../lib/session';
import { useQuery } from '../../lib/use-query';

const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({
  value,
  label: STAFF_ROLE_LABELS[value],
}));

/** Adds a staff member with a temporary password they replace at first login. */
function AddStaffDialog({ onClose }: { onClose: (added: StaffMember | null) => void }) {
  const { form, dialog } = useFormDialog<
    { name: string; email: string; role: StaffRole; temporaryPassword: string },
    StaffMember
  >(
    { name: '', email: '', role: 'staff', temporaryPassword: '' },
    onClose,
    (values) => {
      const found: FieldMessages = {};
      if (!values.name.trim()) found.name = '名前を入力してください。';
      if (!isEmailAddress(values.email)) found.email = 'メールアドレスを正しく入力してください。';
      if (!values.temporaryPassword) {
        found.temporaryPassword = '仮のパスワードを入力してください。';
      }
      return found;
    },
    (values) =>
      api.post<StaffMember>('staff/', {
        ...values,
        name: values.name.trim(),
        email: values.email.trim(),
      }),
  );

  return (
    <FormDialog title="スタッフを追加" submitLabel="追加する" {...dialog}>
      <TextField label="名前" {...form.field('name')} required />
      <TextField label="メールアドレス" type="email" {...form.field('email')} required />
      <SelectField label="役割" options={ROLE_OPTIONS} {...form.field('role')} />
      <TextField
        label="仮のパスワード"
        hint="本人に別の手段で伝えてください。初回ログインで2段階認証の設定と変更を求めます。"
        type="text"
        autoComplete="off"
        {...form.field('temporaryPassword')}
        required
      />
    </FormDialog>
  );
}

/**
 * スタッフ (the owner's): every staff account, its role, two-factor and lock state; add one with a
 * temporary password, change a role, disable or enable an account (its sessions and tokens stop)
 * and lift a lock-out. The API refuses to leave the shop without an enabled owner.
 */
export function StaffPage() {
  const { staff: me } = useSession();
  const toast = useToast();
  const list = useQuery('staff', () => api.get<{ items: StaffMember[] }>('staff/'));
  const [adding, setAdding] = useState(false);
  const action = useAction();

  // Read again after a refusal too: the select shows the role the API kept.
  const act = async (done: string, request: () => Promise<unknown>) => {
    await action.run(request, { done, failed: '変更できませんでした' });
    list.reload();
  };

  return (
    <>
      <PageHeader
        title="スタッフ"
        actions={
          <button type="button" className="button-primary" onClick={() => setAdding(true)}>
            スタッフを追加
          </button>
        }
      />
      <Loaded query={list}>
        {(loaded) => (
          <DataTable
            caption="スタッフアカウント"
            rows={loaded.items}
            rowKey={(s) => String(s.id)}
            columns={[
              { header: '名前', cell: (s) => (s.id === me.id ? `${s.name}（あなた）` : s.name) },
              { header: 'メールアドレス', cell: (s) => s.email },
              {
                header: '役割',
                cell: (s) => (
                  <select
                    aria-label={`${s.name} の役割`}
                    value={s.role}
                    onChange={(event) =>
                      void act(`${s.name} の役割を変更しました`, () =>
                        api.patch(`staff/${s.id}/`, { role: event.target.value }),
                      )
                    }
                  >
                    {ROLE_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ),
              },
              {
                header: '状態',
                cell: (s) => (
                  <span className="row-actions">
                    {s.disabled ? (
                      <Badge tone="neutral">無効</Badge>
                    ) : (
                      <Badge tone="ok">有効</Badge>
                    )}
                    {s.locked ? <Badge tone="error">ロック中</Badge> : null}
                    {s.totpEnabled ? null : <Badge tone="warn">2段階認証なし</Badge>}
                  </span>
                ),
              },
              { header: '登録', cell: (s) => jstDateTime(s.createdAt) },
              {
                header: '操作',
                cell: (s) => (
                  <span className="row-actions">
                    {s.locked ? (
                      <button
                        type="button"
                        onClick={() =>
                          void act(`${s.name} のロックを解除しました`, () =>
                            api.post(`staff/${s.id}/unlock/`),
                          )
                        }
                      >
                        ロック解除
                      </button>
                    ) : null}
                    <button
                      type="button"
                      onClick={() =>
                        void act(
                          s.disabled ? `${s.name} を有効にしました` : `${s.name} を無効にしました`,
                          () => api.patch(`staff/${s.id}/`, { disabled: !s.disabled }),
                        )
                      }
                    >
                      {s.disabled ? '有効にする' : '無効にする'}
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Loaded>
      {adding ? (
        <AddStaffDialog
          onClose={(added) => {
            setAdding(false);
            if (!added) return;
            toast({ title: `${added.name} を追加しました`, tone: 'success' });
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}
