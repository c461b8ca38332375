#!/usr/bin/env node
// Fails when a generated HTML site links to a page or an anchor it does not have.
//
//   node scripts/check-doc-links.mjs packages/rules/api-docs
//
// TypeDoc's own validation (treatWarningsAsErrors, validation.invalidLink) checks the links it
// resolves: {@link} tags and relative links in the README and the guide, anchors included. This
// checks what it wrote: every href of every page (its navigation, its search index links, raw
// HTML in a comment) must name a file of the site and, with a #fragment, an id in that page.
// Links leaving the site (http:, mailto:) are not followed: CI has no network.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

const ids = new Map();
function idsOf(file) {
  if (!ids.has(file)) {
    const html = readFileSync(file, 'utf8');
    ids.set(file, new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1])));
  }
  return ids.get(file);
}

const site = resolve(process.argv[2] ?? '');
if (!process.argv[2] || !existsSync(join(site, 'index.html'))) {
  console.error(`usage: check-doc-links.mjs <site with an index.html>; got ${site}`);
  process.exit(2);
}
const broken = [];
let checked = 0;
for (const file of htmlFiles(site)) {
  const html = readFileSync(file, 'utf8');
  for (const [, href] of html.matchAll(/\shref="([^"]*)"/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(href) || href.startsWith('//')) continue;
    const [path, anchor] = href.split('#');
    const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    checked += 1;
    const where = `${relative(site, file)}: ${href}`;
    if (!existsSync(target)) broken.push(`${where} (no such file)`);
    else if (anchor && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(anchor)))
      broken.push(`${where} (no such anchor)`);
  }
}
if (broken.length) {
  console.error(`${broken.length} broken links of ${checked}:\n  ${broken.join('\n  ')}`);
  process.exit(1);
}
console.log(`${checked} links checked in ${relative(process.cwd(), site) || '.'}: none broken`);
