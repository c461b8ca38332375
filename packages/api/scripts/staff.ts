// The back office's staff accounts from a shell, against the configured database (DATABASE_URL,
// or the embedded database in DATA_DIR, by default the repository root's .data that `pnpm start`
// serves):
//
//   STAFF_PASSWORD=... pnpm --filter @shop/api staff create-owner <email> <name>
//   pnpm --filter @shop/api staff reset-totp <email>
//
// create-owner creates the first owner while the shop has no staff account (docs/operations.md,
// "First owner"); the password comes from STAFF_PASSWORD, else it is asked for on the terminal
// (not echoed). The owner then logs in at /admin/ and enrols in two-factor login. reset-totp
// turns a staff member's two-factor login off (an owner who lost their phone and has no other
// owner to do it in the back office): they enrol again at their next login. While `pnpm start`
// has the embedded database open, stop it first (or use the setup URL its log printed).
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { emailSchema, newPasswordSchema } from '../src/accounts/member-schemas';
import type { AppConfig } from '../src/config/app';
import type { Database } from '../src/db/client';
import { ServiceError } from '../src/services/service-error';
import type { StaffActor } from '../src/staff/access';
import { updateStaff } from '../src/staff/accounts';
import { staffByEmail } from '../src/staff/login';
import { createFirstOwner } from '../src/staff/setup';
import { loadScriptConfig, openScriptDatabase } from './script-config';

const USAGE =
  'usage: STAFF_PASSWORD=... staff create-owner <email> <name> | staff reset-totp <email>';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The password from STAFF_PASSWORD, else typed at the terminal without echo. */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!process.stdin.isTTY)
    fail(`STAFF_PASSWORD is not set and there is no terminal to ask on\n${USAGE}`);
  process.stdout.write('password: ');
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

/** Who the audit log names for the CLI: the person at the server, with an owner's rights. */
const CLI_ACTOR: StaffActor = {
  staffId: null,
  name: 'staff CLI',
  role: 'owner',
  via: 'operator_token',
};

async function createOwner(db: Database, config: AppConfig, rawEmail: string, name: string) {
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) fail(`email: ${email.error.issues[0]?.message}`);
  if (name === '' || name.length > 100) fail('name: 1 to 100 characters');
  const password = newPasswordSchema.safeParse(await readPassword());
  if (!password.success) fail(`password: ${password.error.issues[0]?.message}`);
  const owner = await createFirstOwner(
    { db, config, now: () => new Date() },
    { email: email.data, name, password: password.data },
    'cli',
  );
  return { id: owner.id, email: owner.email, name: owner.name, role: owner.role };
}

async function resetTotp(db: Database, config: AppConfig, rawEmail: string) {
  const deps = {
    db,
    config,
    now: () => new Date(),
    log: (message: string) => console.error(message),
  };
  const staff = await staffByEmail(deps, rawEmail);
  if (!staff) fail(`no staff account with the address ${rawEmail}`);
  return updateStaff(deps, CLI_ACTOR, staff.id, { resetTotp: true });
}

const [command, rawEmail, ...nameParts] = process.argv.slice(2);
if (rawEmail === undefined) fail(USAGE);
if (command === 'create-owner' && nameParts.length === 0) fail(USAGE);
if (command !== 'create-owner' && command !== 'reset-totp') fail(USAGE);

const config = loadScriptConfig();
const db = await openScriptDatabase(config);
try {
  await db.migrate();
  const result =
    command === 'create-owner'
      ? await createOwner(db, config, rawEmail, nameParts.join(' ').trim())
      : await resetTotp(db, config, rawEmail);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
