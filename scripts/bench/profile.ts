/**
 * CPU profiles of the server during a measured step (`npm run bench -- --profile`): the probe
 * in each server process records a V8 sampling profile (node:inspector) between two calls; this
 * sums one into where the time went, by package and by function, for the table and the JSON.
 */

/** The parts of a V8 `.cpuprofile` this reads. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileShare {
  name: string;
  percent: number;
}

export interface ProfileSummary {
  /** Sampled time in which the process was busy (not idle), in ms. */
  busy_ms: number;
  /** Self time by package or area, in percent of busy time, largest first. */
  by_area: ProfileShare[];
  /** Self time by function, in percent of busy time, largest first. */
  by_function: ProfileShare[];
}

/** Where a frame's code lives: a package, the server's or shared code, Node itself, or V8. */
export function areaOf(url: string, functionName: string): string {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'V8: garbage collector';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8: program (native)';
    return 'V8: native';
  }
  if (url.startsWith('wasm://')) return 'WebAssembly';
  const packaged = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (packaged) return packaged[1]!;
  if (url.startsWith('node:')) return 'node: core';
  const own = /\/(realtime-server\/src|shared\/src|scripts\/bench)\/(.+)$/.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return 'other';
}

/** Sums a profile's samples by area and by function (self time), busy time only. */
export function summariseProfile(profile: CpuProfile, top = 10): ProfileSummary {
  const intervalOf = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each sample's time is the delta to the next sample (the last one gets the mean).
  const mean = deltas.length > 0 ? deltas.reduce((s, d) => s + d, 0) / deltas.length : 1;
  samples.forEach((id, i) => {
    const micros = i + 1 < deltas.length ? (deltas[i + 1] ?? mean) : mean;
    intervalOf.set(id, (intervalOf.get(id) ?? 0) + Math.max(0, micros));
  });
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const micros = samples.length > 0 ? (intervalOf.get(node.id) ?? 0) : (node.hitCount ?? 0);
    if (micros === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    if (area === 'idle') continue;
    busy += micros;
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
    const where = url ? ` ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'}${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  }
  const shares = (map: Map<string, number>): ProfileShare[] =>
    [...map.entries()]
      .map(([name, micros]) => ({
        name,
        percent: busy > 0 ? Math.round((micros / busy) * 1000) / 10 : 0,
      }))
      .sort((a, b) => b.percent - a.percent)
      .slice(0, top);
  return {
    busy_ms: samples.length > 0 ? Math.round(busy / 1000) : busy,
    by_area: shares(byArea),
    by_function: shares(byFunction),
  };
}

/** One line for the table: the largest areas. */
export function profileLine(summary: ProfileSummary, areas = 6): string {
  return summary.by_area
    .slice(0, areas)
    .map((a) => `${a.name} ${a.percent.toFixed(0)} %`)
    .join(' · ');
}
