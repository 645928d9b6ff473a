import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AVATARS, COMPANIES } from '@showdown/shared/catalogue';
import { describe, expect, it } from 'vitest';

const publicDir = resolve(dirname(fileURLToPath(import.meta.url)), '../public');

function readSvg(webPath: string): Document {
  const text = readFileSync(`${publicDir}${webPath}`, 'utf8');
  return new DOMParser().parseFromString(text, 'image/svg+xml');
}

function expectValidSvg(webPath: string, title: string | RegExp): void {
  const doc = readSvg(webPath);
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.tagName).toBe('svg');
  expect(doc.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
  expect(doc.querySelector('title')?.textContent).toMatch(title);
}

describe('artwork', () => {
  it.each(AVATARS)('avatar $id ($name) is a titled SVG', (avatar) => {
    expectValidSvg(avatar.image, avatar.name);
  });

  it.each(COMPANIES)('logo of $name is a titled SVG', (company) => {
    expectValidSvg(company.image, company.name);
  });

  it('has a default investor avatar and both game logos', () => {
    expectValidSvg('/avatars/default.svg', 'Investor');
    expectValidSvg('/brand/logo.svg', 'The Showdown');
    expectValidSvg('/brand/logo-wide.svg', 'The Showdown');
  });

  it('gives every avatar and every company its own artwork', () => {
    const files = [...AVATARS, ...COMPANIES].map((a) =>
      readFileSync(`${publicDir}${a.image}`, 'utf8'),
    );
    expect(new Set(files).size).toBe(files.length);
  });
});
