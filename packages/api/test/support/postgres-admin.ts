// Statements on a PostgreSQL server's own databases (create, copy, drop) that the api tests, the
// benchmarks and the crash tests run: one short-lived connection each, as the server's admin
// (the URL scripts/with-postgres.sh gives).
import pg from 'pg';

/** `serverUrl` with its database name replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on `serverUrl` in a connection of its own. */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates database `name`, a copy of `template` when given. PostgreSQL refuses to copy a
 * database while a session is connected to it (55006), and the server ends a session a moment
 * after its client closed: a few retries cover that moment.
 */
export async function createDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  const statement = template
    ? `create database ${name} template ${template}`
    : `create database ${name}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
