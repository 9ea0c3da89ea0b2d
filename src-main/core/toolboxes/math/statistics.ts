import { z } from 'zod';
import { defineTool, ToolArguments, ToolOutput } from '../../toolbox';
import { tidy } from './mathjs';

export const StatisticsArgs = ToolArguments.extend({
  numbers: z.array(z.number()).describe('The data set.'),
});

export const StatisticsOutput = ToolOutput.extend({
  count: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  stdev: z.number().nullable().describe('Sample standard deviation; null with fewer than 2 numbers.'),
  error: z.string().nullable(),
});

/** count, mean, median, min, max and the sample standard deviation (as Python's statistics.stdev). */
export function statisticsSummary(numbers: number[]): z.input<typeof StatisticsOutput> {
  const count = numbers.length;
  if (count === 0)
    return { count: 0, mean: null, median: null, min: null, max: null, stdev: null, error: 'Empty list provided.' };
  const sorted = [...numbers].sort((a, b) => a - b);
  const mean = numbers.reduce((s, n) => s + n, 0) / count;
  const mid = Math.floor(count / 2);
  const median = count % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const stdev = count < 2 ? null : Math.sqrt(numbers.reduce((s, n) => s + (n - mean) ** 2, 0) / (count - 1));
  return {
    count,
    mean: tidy(mean),
    median: tidy(median),
    min: sorted[0],
    max: sorted[count - 1],
    stdev: stdev === null ? null : tidy(stdev),
    error: null,
  };
}

export const statisticsSummaryTool = defineTool({
  name: 'statistics_summary',
  description: 'Summarize a list of numbers: count, mean, median, min, max and sample standard deviation.',
  argumentSchema: StatisticsArgs,
  outputSchema: StatisticsOutput,
  toolCall: ({ numbers }) => statisticsSummary(numbers),
});
