import { availableParallelism, cpus } from 'node:os';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { createClient } from './http';
import { summarize, type LatencySummary } from './stats';

/** One request and what counts as its expected answer. */
export type Call = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A bearer access token for authenticated routes. */
  token?: string;
  expect: number;
  /** Groups the samples of an interleaved run (e.g. the three login variants). */
  variant?: string;
  /** Reads an answer that had the expected status (a rotation chain passes its token on). */
  onAnswer?: (json: unknown) => void;
};

export type Scenario = {
  endpoint: string;
  variant: string;
  concurrency: number;
  /** Stops after this many requests, or else after durationMs. */
  requests?: number;
  durationMs?: number;
  /** Requests sent first and not measured (route compilation, JIT, lazy state). */
  warmup: number;
  /** Builds request number `seq`, sent by client `client` (0 .. concurrency-1). */
  call: (client: number, seq: number) => Call;
};

export type Result = {
  endpoint: string;
  variant: string;
  concurrency: number;
  interleaved: boolean;
  requests: number;
  errors: number;
  errorStatuses: Record<string, number>;
  errorSample: string | undefined;
  elapsedMs: number;
  rps: number;
  latency: LatencySummary;
  /** Share of the time the server thread's event loop was busy. */
  serverElu: number;
  /** CPU time of this whole process (client, server, Argon2 threads, PGlite) as a share of all cores. */
  cpu: number;
  /** Busy share of the whole machine: this process plus everything else (PostgreSQL, other jobs). */
  hostCpu: number;
  latenciesMs: number[];
};

export type RunContext = {
  baseUrl: string;
  serverElu: (previous?: EventLoopUtilization) => EventLoopUtilization;
  signal: AbortSignal;
};

/** Busy and total CPU time of the machine so far, in ms. */
function hostTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const used = times.user + times.nice + times.sys + times.irq;
    busy += used;
    total += used + times.idle;
  }
  return { busy, total };
}

type Sample = { variant: string; ms: number; ok: boolean; status: number; detail?: string };

async function drive(scenario: Scenario, ctx: RunContext, limit: { requests?: number; durationMs?: number }) {
  const client = createClient(ctx.baseUrl, scenario.concurrency);
  const samples: Sample[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = limit.durationMs === undefined ? Infinity : started + limit.durationMs;
  const more = () =>
    !ctx.signal.aborted && (limit.requests === undefined ? performance.now() < deadline : issued < limit.requests);

  async function loop(clientIndex: number) {
    while (more()) {
      const seq = issued++;
      const call = scenario.call(clientIndex, seq);
      const variant = call.variant ?? scenario.variant;
      const t0 = performance.now();
      try {
        const answer = await client.request(call.method, call.path, call.body, call.token);
        const ok = answer.status === call.expect;
        if (ok && call.onAnswer) call.onAnswer(JSON.parse(answer.text));
        samples.push({ variant, ms: performance.now() - t0, ok, status: answer.status, detail: ok ? undefined : answer.text.slice(0, 300) });
      } catch (error) {
        samples.push({ variant, ms: Number.NaN, ok: false, status: 0, detail: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: scenario.concurrency }, (_, i) => loop(i)));
  } finally {
    client.close();
  }
  return { samples, elapsedMs: performance.now() - started };
}

/** Runs a scenario (warm-up first) and returns one result per variant seen. */
export async function runScenario(scenario: Scenario, ctx: RunContext): Promise<Result[]> {
  if (scenario.warmup > 0) await drive(scenario, ctx, { requests: scenario.warmup });

  const eluBefore = ctx.serverElu();
  const cpuBefore = process.cpuUsage();
  const hostBefore = hostTimes();
  const { samples, elapsedMs } = await drive(scenario, ctx, { requests: scenario.requests, durationMs: scenario.durationMs });
  const elu = ctx.serverElu(eluBefore).utilization;
  const cpuUsed = process.cpuUsage(cpuBefore);
  const hostAfter = hostTimes();
  const hostCpu = (hostAfter.busy - hostBefore.busy) / Math.max(1, hostAfter.total - hostBefore.total);
  const cpu = (cpuUsed.user + cpuUsed.system) / 1000 / elapsedMs / availableParallelism();

  const variants = [...new Set(samples.map((s) => s.variant))];
  return variants.map((variant) => {
    const mine = samples.filter((s) => s.variant === variant);
    const failed = mine.filter((s) => !s.ok);
    const errorStatuses: Record<string, number> = {};
    for (const s of failed) errorStatuses[String(s.status)] = (errorStatuses[String(s.status)] ?? 0) + 1;
    const latenciesMs = mine.map((s) => s.ms).filter((ms) => Number.isFinite(ms));
    return {
      endpoint: scenario.endpoint,
      variant,
      concurrency: scenario.concurrency,
      interleaved: variants.length > 1,
      requests: mine.length,
      errors: failed.length,
      errorStatuses,
      errorSample: failed[0] ? `${failed[0].status} ${failed[0].detail ?? ''}` : undefined,
      elapsedMs,
      rps: (mine.length / elapsedMs) * 1000,
      latency: summarize(latenciesMs),
      serverElu: elu,
      cpu,
      hostCpu,
      latenciesMs,
    };
  });
}
