// The README and docs/ link to each other: every relative link names a file that exists, and every
// #anchor a heading in it (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks, where Markdown links and headings live. */
function prose(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/** The anchors GitHub gives a page's headings. */
function anchors(file: string): Set<string> {
  const headings = [...prose(file).matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!);
  return new Set(
    headings.map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-'),
    ),
  );
}

describe('links between the README and docs/', () => {
  it('has pages to check', () => {
    expect(pages.length).toBeGreaterThan(1);
  });

  it.each(pages)('%s: every relative link and anchor resolves', (page) => {
    const links = [...prose(page).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    const broken = links.filter((href) => {
      if (/^[a-z]+:/i.test(href)) return false;
      const [path = '', anchor] = href.split('#');
      const target = path ? normalize(join(dirname(page), path)) : page;
      if (!existsSync(join(ROOT, target))) return true;
      return anchor !== undefined && target.endsWith('.md') && !anchors(target).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
