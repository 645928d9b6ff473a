/**
 * The catalogues agree: English is every text id the web passes to t() or marks with msg(), plus
 * the server's messages and the shared texts the web translates; Hindi has exactly those keys
 * (and the texts of screens other branches are adding), each in Devanagari with the same
 * {placeholders}.
 */
import { AVATARS } from '@showdown/shared/catalogue';
import { MSG_TEMPLATE } from '@showdown/shared/message-templates';
import { MSG } from '@showdown/shared/messages';
import { rankName } from '@showdown/shared/ranking';
import { roleLabel } from '@showdown/shared/roles';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hi, pending } from '../../src/i18n/catalogues/hi';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'catalogues' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The string literal ids of every t('…') and msg('…') call in the web's source. */
function idsInSource(): Set<string> {
  const ids = new Set<string>();
  const call = /\b(?:t|msg)\(\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")/g;
  for (const file of sourceFiles(SRC)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(call)) {
      ids.add((match[1] ?? match[2]!).replace(/\\(.)/g, '$1'));
    }
  }
  return ids;
}

/** Shared texts the web shows through t(): roles, rank titles, avatar names, the cash slice. */
const SHARED_TEXTS = [
  ...[1, 2, 3, 4].map(roleLabel),
  ...[1, 2, 3, 4, 5].map((rank) => rankName(rank, 5)),
  ...AVATARS.map((a) => a.name),
  'Cash',
];

const english = new Set([
  ...idsInSource(),
  ...Object.values(MSG),
  ...Object.values(MSG_TEMPLATE),
  ...SHARED_TEXTS,
]);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  it('finds the ids the screens use', () => {
    expect(english).toContain('Get OTP');
    expect(english).toContain('{name} goes first!');
    expect(english).toContain('Market Monitor');
    expect(english.size).toBeGreaterThan(300);
  });

  it('Hindi has a text for every English one, and no other', () => {
    const keys = new Set(Object.keys(hi));
    expect([...english].filter((id) => !keys.has(id))).toEqual([]);
    expect([...keys].filter((id) => !english.has(id) && !pending.includes(id))).toEqual([]);
  });

  it('each Hindi text is Devanagari with the same placeholders as its English', () => {
    for (const [id, text] of Object.entries(hi)) {
      expect(text, id).toMatch(/[\u0900-\u097F]/);
      expect(placeholders(text), id).toEqual(placeholders(id));
    }
  });
});
