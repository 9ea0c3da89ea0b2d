import type { OpenAITool, ToolJson } from '../../../shared/domain/tool';

/** OVOS tools_to_openai_spec: tool_json_list entries -> OpenAI function tools (output_schema dropped). */
export function toolsToOpenAISpec(toolJsonList: Array<Partial<ToolJson> & { name: string }>): OpenAITool[] {
  return toolJsonList.map((entry) => {
    if (!entry || typeof entry.name !== 'string')
      throw new TypeError(`A tool entry needs a name; got ${JSON.stringify(entry)}.`);
    return {
      type: 'function',
      function: {
        name: entry.name,
        description: entry.description ?? '',
        parameters: entry.argument_schema ?? { type: 'object', properties: {} },
      },
    };
  });
}
