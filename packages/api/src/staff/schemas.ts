import { STAFF_ROLES } from '@shop/rules';
import { z } from 'zod';
import { emailSchema, newPasswordSchema, passwordInputSchema } from '../accounts/member-schemas';

// Requests and answers of the staff's session, setup, accounts, tokens and audit log
// (docs/backoffice.md). E-mail addresses are lower-cased like members' (emailSchema).

const roleSchema = z.enum(STAFF_ROLES, {
  error: '役割はオーナー・スタッフ・閲覧のみのいずれかを選んでください',
});

const nameSchema = z
  .string({ error: '名前を入力してください' })
  .trim()
  .min(1, { error: '名前を入力してください' })
  .max(100, { error: '名前は100文字以内で入力してください' });

const totpCodeSchema = z
  .string({ error: '確認コードを入力してください' })
  .trim()
  .regex(/^\d{6}$/, { error: '確認コードは6桁の数字で入力してください' });

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  totp: totpCodeSchema
    .optional()
    .meta({ description: 'The 6-digit code of the authenticator app, once two-factor is on' }),
});

export const setupSchema = z.object({
  setupToken: z
    .string({ error: 'セットアップ用のトークンがありません' })
    .min(1, { error: 'セットアップ用のトークンがありません' })
    .max(200, { error: 'セットアップ用のトークンが正しくありません' }),
  email: emailSchema,
  name: nameSchema,
  password: newPasswordSchema,
});

export const totpConfirmSchema = z.object({ code: totpCodeSchema });

export const passwordChangeSchema = z.object({
  currentPassword: passwordInputSchema,
  newPassword: newPasswordSchema,
});

export const staffCreateSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  role: roleSchema,
  temporaryPassword: newPasswordSchema,
});

export const staffUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    role: roleSchema.optional(),
    disabled: z.boolean({ error: '無効にするかどうかを選んでください' }).optional(),
    resetTotp: z
      .literal(true, { error: '二段階認証のリセットは、リセットする場合だけ指定してください' })
      .optional()
      .meta({
        description:
          'Turns their two-factor login off (a lost phone): they enrol again at their next login',
      }),
  })
  .refine(
    (b) =>
      b.name !== undefined ||
      b.role !== undefined ||
      b.disabled !== undefined ||
      b.resetTotp !== undefined,
    { error: '変更する項目（名前・役割・無効化・二段階認証のリセット）を指定してください' },
  );

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'IDは数字です' })
    .int({ error: 'IDは数字です' })
    .min(1, { error: 'IDは数字です' })
    .max(2_147_483_647, { error: 'IDは数字です' }),
});

export const tokenCreateSchema = z.object({
  name: nameSchema,
  role: roleSchema
    .optional()
    .meta({ description: "At most the creator's role; the creator's role when omitted" }),
});

/** `?limit=` of the lists (docs/backoffice.md, "Lists"). */
const limitSchema = z.coerce
  .number({ error: '表示件数は1から200までの数で指定してください' })
  .int({ error: '表示件数は1から200までの数で指定してください' })
  .min(1, { error: '表示件数は1から200までの数で指定してください' })
  .max(200, { error: '表示件数は1から200までの数で指定してください' })
  .default(50);

export const auditQuerySchema = z.object({
  staffId: z.coerce
    .number({ error: 'スタッフの番号を正しく指定してください' })
    .int({ error: 'スタッフの番号を正しく指定してください' })
    .min(1, { error: 'スタッフの番号を正しく指定してください' })
    .max(2_147_483_647, { error: 'スタッフの番号を正しく指定してください' })
    .optional(),
  targetType: z.string().max(50, { error: '対象の種類は50文字以内で指定してください' }).optional(),
  targetId: z.string().max(100, { error: '対象の番号は100文字以内で指定してください' }).optional(),
  action: z.string().max(100, { error: '操作の名前は100文字以内で指定してください' }).optional(),
  cursor: z.string().max(200, { error: 'ページの指定が正しくありません' }).optional(),
  limit: limitSchema,
});

// ── answers ──

export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  totpEnabled: z.boolean(),
  passwordChangeRequired: z.boolean(),
  locked: z.boolean().meta({ description: 'Too many wrong logins: locked until `lockedUntil`' }),
  lockedUntil: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
});

export const staffSessionSchema = z.object({
  staff: staffMemberSchema,
  csrfToken: z
    .string()
    .meta({ description: 'Send back as x-csrf-token on every POST/PATCH/PUT/DELETE' }),
  totpEnabled: z.boolean(),
  totpRequired: z.boolean().meta({
    description: 'The session must enrol in two-factor login (POST me/totp/) before anything else',
  }),
  passwordChangeRequired: z.boolean().meta({
    description: 'A temporary password: POST me/password/ before anything else',
  }),
});

export const setupStateSchema = z.object({
  setupRequired: z.boolean().meta({ description: 'No staff account exists yet' }),
});

export const totpEnrolmentSchema = z.object({
  secret: z.string().meta({ description: 'Base32, for typing into an authenticator app' }),
  uri: z.string().meta({ description: 'otpauth://totp/… (RFC 6238 key URI)' }),
  qrCodeSvg: z.string().meta({ description: 'The URI as a QR code, an SVG document' }),
});

export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });

export const apiTokenSchema = z.object({
  id: z.number(),
  staffId: z.number(),
  staffName: z.string(),
  name: z.string(),
  prefix: z.string().meta({ description: 'The first characters of the token' }),
  role: roleSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });

export const apiTokenCreatedSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().meta({ description: 'The token itself, shown this once only' }),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.number().nullable(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
/** One entry of GET /api/admin/audit-log/ as the wire carries it. */
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
