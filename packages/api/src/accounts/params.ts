import { z } from 'zod';

/** A numeric id in a path (`/api/addressbook/12/`): 1 to 9 digits, no sign, no leading zero. */
export const idParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: 'IDが正しくありません' })
    .transform(Number),
});
