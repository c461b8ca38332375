import * as z from 'zod';

/** What docs/operations.md says of a variable (its row of the Configuration table). */
export interface VariableDoc {
  /** The default as the table shows it (`3000`, `unset`, `off`). */
  default: string;
  /** What it does, in Markdown, one line. */
  description: string;
}

/** The schema of one environment variable: its text in, its value out, its documentation. */
export type Variable<T> = z.ZodType<T, string | undefined> & { readonly doc: VariableDoc };

/** A set of variables by name, the shape of a zod object over the environment. */
export type Variables = Record<string, Variable<unknown>>;

/** What a shape of variables parses to. */
export type ParsedVariables<V extends Variables> = { [K in keyof V]: z.output<V[K]> };

/**
 * One environment variable. `read` gets its text (undefined when unset or empty, as an operator
 * who writes `PORT=` means "the default") and returns its value, or throws an Error whose
 * message says what was expected; the message becomes the zod issue that stops the start.
 */
export function variable<T>(doc: VariableDoc, read: (raw: string | undefined) => T): Variable<T> {
  const schema = z
    .string()
    .optional()
    .transform((raw, ctx) => {
      try {
        return read(raw === '' ? undefined : raw);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .describe(doc.description);
  return Object.assign(schema, { doc });
}

/** An on/off setting: `true`/`1` or `false`/`0`; unset is off. Any other spelling is refused. */
export function readFlag(raw: string | undefined): boolean {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new Error(`must be true, 1, false or 0 (got ${raw})`);
}

/** A whole number within [min, max] (decimal digits only: `1e3`, `0x10` and `1.0` are refused). */
export function readInteger(
  raw: string | undefined,
  fallback: number,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number {
  if (raw === undefined) return fallback;
  const n = /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new Error(`must be an integer ${range} (got ${raw})`);
  }
  return n;
}

/** A text taken as written, undefined while unset (what that means, `description` says). */
export function optionalTextVariable(description: string): Variable<string | undefined> {
  return variable({ default: 'unset', description }, (raw) => raw);
}

/**
 * A whole-number variable (`readInteger` within `range`) whose documented default is the value
 * it falls back to, so the table and the code cannot tell two different defaults.
 */
export function integerVariable(
  description: string,
  fallback: number,
  range?: { min?: number; max?: number },
): Variable<number> {
  return variable({ default: String(fallback), description }, (raw) =>
    readInteger(raw, fallback, range),
  );
}

/**
 * A shared secret another system sends as a bearer token: at least 32 characters, so it cannot
 * be guessed; unset (undefined) turns what it guards off. `unset` says what happens then.
 */
export function bearerTokenVariable(
  unset: string,
  description: string,
): Variable<string | undefined> {
  return variable({ default: `unset (${unset})`, description }, (raw) => {
    if (raw !== undefined && raw.length < 32) throw new Error('must be at least 32 characters');
    return raw;
  });
}

/**
 * A text the shop prints for its customers (payee, seller), trimmed, with a demo value while it
 * is unset or blank, marked `(demo)` in the table; `format`, when given, is what the value must
 * match and `expected` the message when it does not.
 */
export function demoTextVariable(
  demo: string,
  description: string,
  format?: { pattern: RegExp; expected: string },
): Variable<string> {
  return variable({ default: `${demo} (demo)`, description }, (raw) => {
    const value = raw?.trim() || demo;
    if (format && !format.pattern.test(value)) throw new Error(format.expected);
    return value;
  });
}

/**
 * Parses `env` with the variables' schema, or throws one Error naming every variable refused
 * and why, so an operator fixes them all in one go, before the server does any work.
 */
export function parseVariables<V extends Variables>(
  variables: V,
  env: NodeJS.ProcessEnv,
): ParsedVariables<V> {
  const result = z.object(variables).safeParse(env);
  if (result.success) return result.data as ParsedVariables<V>;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
  });
  throw new Error(`configuration refused:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

/** The Configuration table of docs/operations.md for `variables`, one row each, in order. */
export function variablesTable(variables: Variables): string {
  const rows = Object.entries(variables).map(
    ([name, { doc }]) => `| \`${name}\` | ${doc.default} | ${doc.description} |`,
  );
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}
