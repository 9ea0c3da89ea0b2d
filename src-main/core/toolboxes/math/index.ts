import { MathToolsConfig } from '../../../../shared/plugins/toolboxes/math';
import type { AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { defineToolbox } from '../toolbox-descriptor';
import { evaluateExpressionTool } from './evaluate';
import { solveEquationTool } from './solve';
import { statisticsSummaryTool } from './statistics';
import { unitConvertTool } from './units';

/** OVOS's `ovos-math-tools`: expressions, unit conversion, statistics and equations, all through mathjs. */
export class MathToolBox extends ToolBox {
  static readonly defaultId = 'ovos-math-tools';

  discoverTools(): AgentTool[] {
    return [evaluateExpressionTool, unitConvertTool, statisticsSummaryTool, solveEquationTool];
  }
}

/** The `ovos-math-tools` plugin. */
export const mathToolbox = defineToolbox({
  id: MathToolBox.defaultId,
  title: 'Math',
  description:
    'Evaluate expressions, convert units, summarize numbers and solve linear or quadratic equations (mathjs, no JS eval).',
  config: MathToolsConfig,
  source: 'builtin',
  create: (options) => new MathToolBox(options),
});
