import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { createBotCheckDouble } from '../../src/accounts/bot-check';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/app';
import type { Database } from '../../src/db/client';
import type { AppDeps } from '../../src/deps';
import { CSRF_HEADER } from '../../src/middleware/session';
import { SandboxGateway } from '../../src/payments/sandbox/sandbox-gateway';
import { MemorySandboxStore } from '../../src/payments/sandbox/sandbox-store';
import type { MemberOrders, WithdrawalBlocker } from '../../src/services/member-orders';
import { openTestDatabase as openMigratedDatabase } from './database';

/**
 * A migrated database of its own for one test file (database.ts's `openTestDatabase`), closed
 * and dropped together.
 */
export async function openTestDatabase(poolSize?: number): Promise<Database> {
  const { db, drop } = await openMigratedDatabase('migrated', poolSize);
  return { ...db, close: drop };
}

/**
 * The orders side of withdrawal as a test double: `blockers` says what is open; `erased` records
 * which members were erased.
 */
export class MemberOrdersDouble implements MemberOrders {
  blockers = new Map<number, WithdrawalBlocker[]>();
  erased: number[] = [];
  async withdrawalBlockers(_tx: unknown, memberId: number) {
    return this.blockers.get(memberId) ?? [];
  }
  async eraseMember(_tx: unknown, memberId: number) {
    this.erased.push(memberId);
  }
}

/** Cheap scrypt parameters for tests (the OWASP defaults cost ~128 MiB and ~0.3 s a hash). */
export const TEST_PASSWORD_PARAMS = { logN: 10, r: 8, p: 1 };

export const BOT_TOKEN = 'human-token';

/**
 * An overseas address as a member sends it: Latin letters, an ISO country code (@shop/rules
 * OVERSEAS_COUNTRIES).
 */
export const NEW_YORK_ADDRESS = {
  country: 'US',
  fullName: 'Hanako Yamada',
  line1: '350 Fifth Avenue',
  line2: 'Suite 1000',
  city: 'New York',
  region: 'NY',
  postalCode: '10118',
  phone: '+1 212-555-0100',
};

/** A contact form message as a shopper sends it, with the token the bot-check double passes. */
export const CONTACT_MESSAGE = {
  name: '問い合わせ 太郎',
  email: 'q@example.jp',
  category: 'ご注文について',
  body: '発送日を教えてください。',
  botToken: BOT_TOKEN,
};

export interface AccountsTestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps & { memberOrders: MemberOrdersDouble };
  botCheck: ReturnType<typeof createBotCheckDouble>;
  /** Moves the shop's clock forward. */
  advance(ms: number): void;
  client(address?: string): TestClient;
  close(): Promise<void>;
}

export async function createAccountsTestApp(): Promise<AccountsTestApp> {
  const db = await openTestDatabase();
  // The test clients stand behind one proxy, which appends their address to X-Forwarded-For.
  const base = loadConfig({ TRUST_PROXY: 'true' });
  let clock = new Date('2026-11-20T03:00:00.000Z');
  const botCheck = createBotCheckDouble(BOT_TOKEN);
  const deps = {
    db,
    config: {
      ...base,
      seedProducts: 0,
      accounts: { ...base.accounts, password: TEST_PASSWORD_PARAMS },
    },
    now: () => clock,
    log: (message: string, error?: unknown) => {
      throw new Error(`unexpected log: ${message} ${String(error)}`);
    },
    payments: new SandboxGateway({ store: new MemorySandboxStore(), now: () => clock }),
    botCheck,
    memberOrders: new MemberOrdersDouble(),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    botCheck,
    advance(ms) {
      clock = new Date(clock.getTime() + ms);
    },
    client: (address = '192.0.2.1') => new TestClient(app, address),
    close: () => db.close(),
  };
}

/**
 * The accounts test app of a test file, opened before its tests and closed after them (vitest
 * hooks of the calling file). Its fields are there once the file's `beforeAll` hooks have run,
 * as a `let` assigned in `beforeAll` would be; hooks the file adds after this call see them.
 */
export function accountsTestApp(): AccountsTestApp {
  const t = {} as AccountsTestApp;
  beforeAll(async () => {
    Object.assign(t, await createAccountsTestApp());
  }, 120_000);
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/**
 * `accountsTestApp` served by a real HTTP server on a free loopback port, for what only a real
 * socket shows (bodies as they stream in, the Host a request claims).
 */
export function servedAccountsTestApp(): AccountsTestApp & { port: number } {
  const t = accountsTestApp() as AccountsTestApp & { port: number };
  let server: ServerType | undefined;
  beforeAll(async () => {
    const listening = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started),
      );
    });
    server = listening;
    t.port = (listening.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((closed) => server?.close(closed));
  });
  return t;
}

/**
 * A browser stand-in: keeps the session cookie, fetches the CSRF token from GET /api/session/
 * and sends it with every state-changing request, like the storefront does.
 */
export class TestClient {
  cookie: string | undefined;
  csrfToken: string | undefined;

  constructor(
    private readonly app: ReturnType<typeof createApp>,
    readonly address: string,
  ) {}

  /**
   * The headers a request sends besides the cookie, the address and the content type: the
   * caller's, and the CSRF token on a state-changing one unless the caller sets that header.
   */
  headersFor(method: string, headers: Record<string, string> = {}): Record<string, string> {
    if (method === 'GET' || !this.csrfToken || CSRF_HEADER in headers) return headers;
    return { ...headers, [CSRF_HEADER]: this.csrfToken };
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const h: Record<string, string> = {
      'x-forwarded-for': this.address,
      ...this.headersFor(method, headers),
    };
    if (this.cookie) h.cookie = this.cookie;
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await this.app.request(path, { method, headers: h, body: payload });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair?.endsWith('=') ? undefined : pair;
    }
    return res;
  }

  /** GET /api/session/, remembering its CSRF token. */
  async session() {
    const res = await this.request('GET', '/api/session/');
    const body = (await res.json()) as {
      csrfToken: string;
      member: { id: number; email: string } | null;
    };
    this.csrfToken = body.csrfToken;
    return body;
  }

  async register(
    email: string,
    password = 'correct horse battery',
    extra: Record<string, unknown> = {},
  ) {
    if (!this.csrfToken) await this.session();
    const res = await this.request('POST', '/api/user/register/', {
      email,
      password,
      name: '山田 太郎',
      ...extra,
    });
    if (res.status === 201)
      this.csrfToken = ((await res.clone().json()) as { csrfToken: string }).csrfToken;
    return res;
  }

  async login(email: string, password: string) {
    if (!this.csrfToken) await this.session();
    const res = await this.request('POST', '/api/session/login/', { email, password });
    if (res.status === 200)
      this.csrfToken = ((await res.clone().json()) as { csrfToken: string }).csrfToken;
    return res;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  put = (path: string, body?: unknown) => this.request('PUT', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);
}

export function randomSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** A response body typed as the endpoint documents it; a wrong shape fails the assertions. */
export async function readJson<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
