// The back office's staff accounts from a shell, against the configured database (DATABASE_URL,
// or the embedded database in DATA_DIR, by default the repository root's .data that `pnpm start`
// serves):
//
//   STAFF_PASSWORD=... pnpm --filter @shop/api staff create-owner <email> <name>
//
// Creates the first owner while the shop has no staff account (docs/operations.md, "First
// owner"); the password comes from STAFF_PASSWORD, else it is asked for on the terminal (not
// echoed). The owner then logs in at /admin/ and enrols in two-factor login. While `pnpm start`
// has the embedded database open, stop it first or use the setup URL its log printed.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { emailSchema, newPasswordSchema } from '../src/accounts/member-schemas';
import { ServiceError } from '../src/services/service-error';
import { createFirstOwner } from '../src/staff/setup';
import { loadScriptConfig, openScriptDatabase } from './script-config';

const USAGE = 'usage: STAFF_PASSWORD=... staff create-owner <email> <name>';

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

const [command, rawEmail, ...nameParts] = process.argv.slice(2);
if (command !== 'create-owner' || rawEmail === undefined || nameParts.length === 0) fail(USAGE);
const email = emailSchema.safeParse(rawEmail);
if (!email.success) fail(`email: ${email.error.issues[0]?.message}`);
const name = nameParts.join(' ').trim();
if (name === '' || name.length > 100) fail('name: 1 to 100 characters');
const password = newPasswordSchema.safeParse(await readPassword());
if (!password.success) fail(`password: ${password.error.issues[0]?.message}`);

const config = loadScriptConfig();
const db = await openScriptDatabase(config);
try {
  await db.migrate();
  const owner = await createFirstOwner(
    { db, config, now: () => new Date() },
    { email: email.data, name, password: password.data },
    'cli',
  );
  console.log(
    JSON.stringify(
      { id: owner.id, email: owner.email, name: owner.name, role: owner.role },
      null,
      2,
    ),
  );
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
