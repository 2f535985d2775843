import type { Result } from './load';

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : 1) : '-');
const pad = (text: string, width: number, left = false) => (left ? text.padEnd(width) : text.padStart(width));

function table(headers: string[], rows: string[][], leftColumns: number): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i]!, i < leftColumns)).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const shortEndpoint = (endpoint: string) => endpoint.replace('/api/v1', '');

export function resultsTable(results: Result[]): string {
  const rows = results
    .filter((r) => !r.interleaved)
    .map((r) => [
      shortEndpoint(r.endpoint),
      r.variant,
      String(r.concurrency),
      String(r.requests),
      String(r.errors),
      r.rps.toFixed(r.rps < 100 ? 1 : 0),
      ms(r.latency.p50),
      ms(r.latency.p95),
      ms(r.latency.p99),
      ms(r.latency.max),
      `${Math.round(r.serverElu * 100)}%`,
      `${Math.round(r.cpu * 100)}%`,
      `${Math.round(r.hostCpu * 100)}%`,
    ]);
  return table(
    ['endpoint', 'variant', 'conc', 'reqs', 'errs', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'srv loop', 'cpu', 'host'],
    rows,
    2,
  );
}

export function errorDetails(results: Result[]): string {
  return results
    .filter((r) => r.errors > 0)
    .map((r) => `  ${shortEndpoint(r.endpoint)} [${r.variant}] c=${r.concurrency}: ${JSON.stringify(r.errorStatuses)} e.g. ${r.errorSample ?? ''}`)
    .join('\n');
}

/** Side-by-side latencies of variants that must not be told apart by timing. */
export function parityTable(groups: { label: string; results: Result[] }[], floorMs?: number): string {
  const rows: string[][] = [];
  for (const group of groups) {
    const p50s = group.results.map((r) => r.latency.p50);
    const spread = ((Math.max(...p50s) - Math.min(...p50s)) / Math.min(...p50s)) * 100;
    group.results.forEach((r, i) => {
      const row = [
        i === 0 ? group.label : '',
        r.variant,
        String(r.requests),
        ms(r.latency.min),
        ms(r.latency.p50),
        ms(r.latency.mean),
        ms(r.latency.p95),
        ms(r.latency.p99),
        ms(r.latency.max),
        i === 0 ? `${spread.toFixed(1)}%` : '',
      ];
      if (floorMs !== undefined) row.push(String(r.latenciesMs.filter((v) => v < floorMs).length));
      rows.push(row);
    });
  }
  const headers = ['run', 'variant', 'reqs', 'min', 'p50', 'mean', 'p95', 'p99', 'max', 'p50 spread'];
  if (floorMs !== undefined) headers.push(`< ${floorMs} ms`);
  return table(headers, rows, 2);
}

export function parityStats(results: Result[]) {
  const p50s = results.map((r) => r.latency.p50);
  const means = results.map((r) => r.latency.mean);
  return {
    variants: Object.fromEntries(results.map((r) => [r.variant, { p50: r.latency.p50, mean: r.latency.mean, p95: r.latency.p95 }])),
    p50SpreadPercent: ((Math.max(...p50s) - Math.min(...p50s)) / Math.min(...p50s)) * 100,
    meanSpreadPercent: ((Math.max(...means) - Math.min(...means)) / Math.min(...means)) * 100,
  };
}
