/** What every step of the benchmark shares: where things are, its limits, its clock. */
import { createRequire } from 'node:module';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const tsxLoader = createRequire(import.meta.url).resolve('tsx');
export const INVESTORS_PER_GAME = 6;
export const P99_TARGET_MS = 50;

export const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
export const epochNow = () => performance.timeOrigin + performance.now();

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
export const round1 = (value: number) =>
  Number.isFinite(value) ? Math.round(value * 10) / 10 : null;
