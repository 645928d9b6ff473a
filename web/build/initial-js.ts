/**
 * What a page's first render costs in JavaScript: the build (this plugin) and the benchmark
 * (scripts/bench) both measure it with these functions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The JavaScript files a page loads before it can render: the entry chunks and the route's
 * module, each with everything they import statically (dynamic imports load later, on use).
 */
export function pageScripts(
  manifest: Record<string, ManifestChunk>,
  routeModules: readonly string[],
): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of routeModules) {
    if (!manifest[key]) throw new Error(`the build manifest has no '${key}'`);
    visit(key);
  }
  return files;
}

/** The page's scripts gzipped one by one at level 9 (as a server precompresses them), summed. */
export function pageScriptsGzipBytes(
  manifest: Record<string, ManifestChunk>,
  routeModules: readonly string[],
  read: (file: string) => Buffer,
): number {
  let bytes = 0;
  for (const file of pageScripts(manifest, routeModules)) {
    bytes += gzipSync(read(file), { level: 9 }).length;
  }
  return bytes;
}

/** One line for the build's output, e.g. '/login initial JS: 143.2 KiB gzip (budget 150 KiB)'. */
export function initialJsReport(page: string, bytes: number, budgetKiB: number): string {
  return `${page} initial JS: ${(bytes / 1024).toFixed(1)} KiB gzip (budget ${budgetKiB} KiB)`;
}

export const overBudget = (bytes: number, budgetKiB: number) => bytes > budgetKiB * 1024;

export interface InitialJsBudget {
  /** The page, as the report names it: '/login'. */
  page: string;
  /** Its route module, as the manifest names it (relative to web/). */
  routeModule: string;
  budgetKiB: number;
}

/**
 * After `vite build`, prints what each page's first render loads (from the manifest) and fails
 * the build when a page is over its budget (a phone's first screen must load fast).
 */
export function reportInitialJs(budgets: readonly InitialJsBudget[]): Plugin {
  let outDir = 'dist';
  return {
    name: 'showdown:report-initial-js',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      const read = (file: string) => fs.readFileSync(path.join(outDir, file));
      const over: string[] = [];
      for (const { page, routeModule, budgetKiB } of budgets) {
        const bytes = pageScriptsGzipBytes(manifest, [routeModule], read);
        const line = initialJsReport(page, bytes, budgetKiB);
        console.log(line);
        if (overBudget(bytes, budgetKiB)) over.push(line);
      }
      if (over.length > 0) {
        throw new Error(`over the initial JavaScript budget: ${over.join('; ')}`);
      }
    },
  };
}
