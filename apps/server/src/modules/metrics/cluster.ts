import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** IPC messages between a worker serving /metrics and the primary that aggregates. */
const ASK = 'omnia:metrics-ask';
const ANSWER = 'omnia:metrics-answer';
const ASK_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAnswer = (m: unknown): m is Answer =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === ANSWER;
const isAsk = (m: unknown): m is Ask =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === ASK;

/**
 * In a worker: answers the primary's collection requests from this worker's registry, and renders
 * /metrics as the primary's sum over every worker (any worker may be the one scraped).
 */
export function clusterRender(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client answer the primary's requests in a worker.
  new AggregatorRegistry();
  let next = 0;
  const pending = new Map<number, (answer: Answer) => void>();
  process.on('message', (message: unknown) => {
    if (isAnswer(message)) pending.get(message.id)?.(message);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('metrics: the primary did not answer'));
      }, ASK_TIMEOUT_MS);
      pending.set(id, (answer) => {
        clearTimeout(timer);
        pending.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(`metrics: ${answer.error ?? 'aggregation failed'}`));
      });
      const ask: Ask = { type: ASK, id };
      process.send?.(ask);
    });
}

/** In the primary: aggregates every worker's registry when a worker asks (prom-client's IPC). */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (err: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(err) } satisfies Answer),
    );
  });
}
