/**
 * One contender's large-result conversations in a process of its own, so its peak memory is its own:
 * `node --import tsx bench/peers/large-result-child.ts <ours|ai-sdk|agents-js> <server url> <payload chars> <turns>`.
 * It warms up, prints `{"ready":true}`, then per `run` line on stdin runs one conversation and prints its
 * per-iteration ms (tool time excluded); on `end` it prints the median of them with the process's peak RSS and the
 * heap's sampled peak, and exits. The parent alternates two such children conversation by conversation, so a busy
 * moment of the machine hits both sides alike.
 */
import { createInterface } from 'node:readline';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { OpenAIBrain } from '../../src-main/core/brains/openai/openai-brain';
import type { Contender } from '../harness';
import { agentsJs, agentsModel, httpClient } from './agents';
import { aiSdk } from './ai-sdk';
import { benchRegistry, ours } from './ours';
import { iterationsOf, MODEL, type Script } from './script';

const MB = 1024 * 1024;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function contender(side: string, url: string, script: Script): Promise<Contender> {
  if (side === 'ours') {
    // total_timeout as long as a loaded machine may need; the other sides have no total timeout at all.
    const brain = new OpenAIBrain({ model: MODEL, api_url: url, api_key: 'bench', timeout: 300, total_timeout: 3600 });
    return ours({ brain, registry: await benchRegistry(script), script });
  }
  if (side === 'ai-sdk') {
    const provider = createOpenAICompatible({ name: 'bench', baseURL: url, apiKey: 'bench' });
    return aiSdk(provider.chatModel(MODEL), script);
  }
  if (side === 'agents-js') return agentsJs(agentsModel(httpClient(url)), script);
  throw new Error(`unknown side ${side}`);
}

async function main() {
  const [side, url, chars, turns] = process.argv.slice(2);
  const script: Script = { turns: Number(turns), payloadChars: Number(chars) };
  // Warm the code paths with the same conversation with small results first (JIT, connections), then measure.
  await (await contender(side, url, { turns: script.turns })).run();
  const run = await contender(side, url, script);
  const rssBefore = process.memoryUsage().rss;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 2);
  const times: number[] = [];
  const say = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
  say({ ready: true });
  for await (const command of createInterface({ input: process.stdin })) {
    if (command === 'run') {
      const started = performance.now();
      const toolMs = await run.run();
      times.push((performance.now() - started - toolMs) / iterationsOf(script));
      say({ ms: times[times.length - 1] });
    } else if (command === 'end') break;
  }
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  say({
    ms: median(times),
    times,
    peak_rss_mb: peakRss / MB,
    rss_before_mb: rssBefore / MB,
    heap_peak_mb: heapPeak / MB,
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
