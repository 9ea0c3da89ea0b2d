import type { AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { evaluateExpressionTool } from './evaluate';
import { solveEquationTool } from './solve';
import { statisticsSummaryTool } from './statistics';
import { unitConvertTool } from './units';

/** OVOS's `ovos-math-tools`: expressions, unit conversion, statistics and equations, all through mathjs. */
export class MathToolBox extends ToolBox {
  static defaultId = 'ovos-math-tools';
  static title = 'Math';
  static description =
    'Evaluate expressions, convert units, summarize numbers and solve linear or quadratic equations (mathjs, no JS eval).';
  static configSchema = { type: 'object', properties: {}, additionalProperties: false };

  discoverTools(): AgentTool[] {
    return [evaluateExpressionTool, unitConvertTool, statisticsSummaryTool, solveEquationTool];
  }
}
