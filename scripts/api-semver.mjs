#!/usr/bin/env node
// Fails when @shop/rules' public surface lost something since its last release and no pending
// changeset says `'@shop/rules': major`.
//
//   node scripts/api-semver.mjs
//
// The surface is API Extractor's report (packages/rules/etc/rules.api.md, kept equal to the
// build by `pnpm --filter @shop/rules run api:check`). The released surface is the same file as
// it was in the commit that last changed the package's version (the commit `changeset version`
// made); the pending changesets are .changeset/*.md, which that command consumes. A declaration
// that disappeared, or lost or replaced any token (a narrowed type, an optional field made
// required, a renamed parameter kind), is breaking. A declaration that only gained tokens (a new
// export, a new optional field, a new route) is not: an addition that narrows an input (a new
// required field of an input type) is left to the reviewer, who sees it in the report's diff.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PACKAGE = '@shop/rules';
const REPORT = 'packages/rules/etc/rules.api.md';
const MANIFEST = 'packages/rules/package.json';

/**
 * The declarations of an API Extractor report, keyed by exported name; overloads and a
 * namespace's merged declarations share one entry. Comment lines (`// @public`, warnings) are
 * not part of the surface.
 */
export function parseReport(text) {
  const body = text.split('```ts')[1]?.split('```')[0];
  if (body === undefined) throw new Error('not an API Extractor report: no ```ts block');
  const declarations = new Map();
  for (const block of body.split(/\n\s*\n/)) {
    const code = block
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n')
      .trim();
    const name =
      /^export (?:declare )?(?:default )?(?:abstract )?(?:function|const|let|var|type|interface|class|enum|namespace) ([\w$]+)/m.exec(
        code,
      )?.[1];
    if (!name) continue;
    declarations.set(name, [...(declarations.get(name) ?? []), ...tokens(code)]);
  }
  return declarations;
}

/** Identifiers, numbers, quoted strings and single punctuation marks, whitespace dropped. */
export function tokens(code) {
  return code.match(/[\w$]+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\S/g) ?? [];
}

function keepsEveryToken(before, after) {
  let i = 0;
  for (const token of after) if (token === before[i]) i += 1;
  return i === before.length;
}

/** What changed from the released surface to the current one. */
export function compareReports(releasedText, currentText) {
  const released = parseReport(releasedText);
  const current = parseReport(currentText);
  const removed = [...released.keys()].filter((name) => !current.has(name));
  const changed = [...released.keys()].filter(
    (name) => current.has(name) && !keepsEveryToken(released.get(name), current.get(name)),
  );
  const added = [...current.keys()].filter((name) => !released.has(name));
  return { removed, changed, added };
}

/** The bump type each pending changeset gives `pkg` (absent when it does not name it). */
export function changesetBumps(files, pkg = PACKAGE) {
  const bumps = [];
  for (const { name, text } of files) {
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    for (const line of front.split(/\r?\n/)) {
      const m = /^\s*(['"]?)(.+?)\1\s*:\s*(major|minor|patch)\s*$/.exec(line);
      if (m && m[2] === pkg) bumps.push({ file: name, bump: m[3] });
    }
  }
  return bumps;
}

/** The verdict: `ok` unless something was removed or narrowed and no changeset says major. */
export function verdict(diff, bumps) {
  const breaking = [...diff.removed, ...diff.changed];
  if (breaking.length === 0) return { ok: true, breaking };
  return { ok: bumps.some((b) => b.bump === 'major'), breaking };
}

function git(root, ...args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function main() {
  const root = resolve(import.meta.dirname, '..');
  if (git(root, 'rev-parse', '--is-shallow-repository').trim() === 'true') {
    console.error('a shallow clone has no release history: fetch with --unshallow');
    return 1;
  }
  const release = git(root, 'log', '-1', '--format=%H', '-G"version":', '--', MANIFEST).trim();
  const version = JSON.parse(readFileSync(join(root, MANIFEST), 'utf8')).version;
  let releasedText;
  try {
    releasedText = git(root, 'show', `${release}:${REPORT}`);
  } catch {
    console.log(
      `${PACKAGE}: no API report at its last release (${release || 'none'}); nothing to compare`,
    );
    return 0;
  }
  const diff = compareReports(releasedText, readFileSync(join(root, REPORT), 'utf8'));
  const dir = join(root, '.changeset');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));
  const bumps = changesetBumps(files);
  const result = verdict(diff, bumps);
  console.log(
    `${PACKAGE} since ${version} (${release.slice(0, 10)}): ${diff.added.length} added, ` +
      `${diff.removed.length} removed, ${diff.changed.length} changed other than by additions`,
  );
  if (result.ok) {
    if (result.breaking.length)
      console.log(`breaking, with a major changeset: ${result.breaking.join(', ')}`);
    return 0;
  }
  console.error(
    `breaking changes to the public surface need a changeset with '${PACKAGE}': major ` +
      `(pending: ${bumps.map((b) => `${b.file} ${b.bump}`).join(', ') || 'none'}):\n` +
      [
        ...diff.removed.map((n) => `  removed: ${n}`),
        ...diff.changed.map((n) => `  narrowed or changed: ${n}`),
      ].join('\n'),
  );
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main());
