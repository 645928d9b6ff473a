import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputsHash, viteVariables } from '../../scripts/build-inputs.mjs';

/** `npm start` rebuilds a target only when this hash of its inputs changes (scripts/build.mjs). */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-build-inputs-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('the inputs hash of a build', () => {
  const inputs = ['app/src', 'app/package.json', 'missing.json'];

  it('is the same for the same tree, and changes with a byte, a new file or a rename', () => {
    const root = tree({ 'app/src/a.ts': 'a', 'app/src/b/c.ts': 'c', 'app/package.json': '{}' });
    const first = inputsHash(root, inputs);
    expect(inputsHash(root, inputs)).toBe(first);

    fs.writeFileSync(path.join(root, 'app/src/a.ts'), 'A');
    const edited = inputsHash(root, inputs);
    expect(edited).not.toBe(first);

    fs.writeFileSync(path.join(root, 'app/src/b/d.ts'), '');
    const added = inputsHash(root, inputs);
    expect(added).not.toBe(edited);

    fs.renameSync(path.join(root, 'app/src/b/d.ts'), path.join(root, 'app/src/b/e.ts'));
    expect(inputsHash(root, inputs)).not.toBe(added);
  });

  it('leaves out outputs, dependencies and tests', () => {
    const root = tree({ 'app/src/a.ts': 'a', 'app/package.json': '{}' });
    const before = inputsHash(root, inputs);
    fs.mkdirSync(path.join(root, 'app/src/dist'));
    fs.writeFileSync(path.join(root, 'app/src/dist/main.js'), 'built');
    fs.mkdirSync(path.join(root, 'app/src/node_modules'));
    fs.writeFileSync(path.join(root, 'app/src/node_modules/x.js'), 'dep');
    fs.writeFileSync(path.join(root, 'app/src/a.test.ts'), 'test');
    expect(inputsHash(root, inputs)).toBe(before);
  });

  it('changes with the VITE_* variables baked into the web build, and no others', () => {
    const root = tree({ 'app/src/a.ts': 'a' });
    const env = { VITE_SHOP_URL: 'https://a.example', PATH: '/bin' };
    const base = inputsHash(root, inputs, viteVariables(env));
    expect(inputsHash(root, inputs, viteVariables({ ...env, PATH: '/usr/bin' }))).toBe(base);
    expect(
      inputsHash(root, inputs, viteVariables({ ...env, VITE_SHOP_URL: 'https://b.example' })),
    ).not.toBe(base);
  });
});
