import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import type { JsonSchema } from '../../../../shared/domain/tool';
import { compileCheck } from '../../toolbox/json-schema-check';

/**
 * The MCP SDK's validator for what servers send (a tool's structuredContent against its outputSchema): a check
 * compiled once per schema answers for valid content, and cfworker (eval-free, built for untrusted schemas, as
 * before) decides and words the rest. The SDK builds one per tool when it lists the tools.
 */
export class CompiledJsonSchemaValidator implements jsonSchemaValidator {
  private readonly full = new CfWorkerJsonSchemaValidator();

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const check = compileCheck(schema as JsonSchema);
    const full = this.full.getValidator<T>(schema);
    if (!check) return full;
    return (input) => (check(input) ? { valid: true, data: input as T, errorMessage: undefined } : full(input));
  }
}
