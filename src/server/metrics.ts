import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Admission } from './admission.ts';
import type { BatchWork } from './batch-work.ts';
import type { HintCache } from './hint-cache.ts';

/**
 * Prometheus metrics for GET /metrics: requests by route and status with latencies, batch
 * admission (running, queued, refused, stopped), the batch pool's queue and utilisation, the hint
 * cache's hits and misses, and the process's own (memory, CPU, event-loop lag). Each app has its
 * own registry, so tests can build many apps.
 */
export interface ServerMetrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export interface MetricSources {
  admission: Admission;
  batch: BatchWork;
  hints: HintCache;
}

/** A counter whose value is read from elsewhere when scraped. */
function readCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

function readGauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

export function createServerMetrics(sources: MetricSources, opts: { processMetrics?: boolean } = {}): ServerMetrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'dicewise_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'dicewise_http_requests_total', help: 'HTTP requests answered, by route and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'dicewise_http_request_duration_seconds',
    help: 'Time from request to response, by route and status',
    labelNames,
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const { admission, batch, hints } = sources;
  readGauge(registry, 'dicewise_batch_running', 'Batch requests (analyse, simulate) running', () => admission.stats().running);
  readGauge(registry, 'dicewise_batch_queued', 'Batch requests waiting for a slot', () => admission.stats().queued);
  readCounter(registry, 'dicewise_batch_rejected_total', 'Batch requests refused with 503 because the queue was full', () => admission.stats().rejected);
  readCounter(registry, 'dicewise_batch_deadline_exceeded_total', 'Batch requests stopped at their deadline', () => admission.stats().deadlineExceeded);
  readCounter(registry, 'dicewise_batch_cancelled_total', 'Batch requests stopped because the client disconnected', () => admission.stats().cancelled);
  readGauge(registry, 'dicewise_pool_threads', 'Worker threads for batch work', () => batch.stats?.().threads ?? 0);
  readGauge(registry, 'dicewise_pool_queue_depth', 'Chunks waiting for a worker thread', () => batch.stats?.().queued ?? 0);
  readGauge(registry, 'dicewise_pool_utilization', 'Share of worker thread time spent running chunks since start, 0 to 1', () => batch.stats?.().utilization ?? 0);
  readCounter(registry, 'dicewise_hint_cache_hits_total', 'Hints answered from the response cache', () => hints.hits);
  readCounter(registry, 'dicewise_hint_cache_misses_total', 'Hints computed because the response cache had none', () => hints.misses);
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}
