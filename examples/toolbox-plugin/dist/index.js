// A Persona Studio toolbox plugin in plain ESM JavaScript, no build step and no dependencies.
// The app calls the factory with its SDK ({ ToolBox, defineTool, ToolArguments, ToolOutput, z }),
// so the plugin extends the app's own ToolBox and uses the app's zod.

const GREETINGS = { en: 'Hello', pt: 'Olá', es: 'Hola', fr: 'Bonjour', de: 'Hallo' };

/** The plugin's export: a factory the app calls with its SDK; returns the ToolBox subclass. */
export function createGreetingToolBox({ ToolBox, defineTool, ToolArguments, ToolOutput, z }) {
  const GreetArgs = ToolArguments.extend({
    name: z.string().min(1).describe('Who to greet.'),
    language: z.enum(Object.keys(GREETINGS)).default('en').describe('Language of the greeting.'),
  });
  const GreetOutput = ToolOutput.extend({
    greeting: z.string().describe('The greeting text.'),
    language: z.string(),
  });

  return class GreetingToolBox extends ToolBox {
    static defaultId = 'greeting-tools';
    static title = 'Greetings';
    static description = 'Greets people by name in a few languages (an example plugin).';
    static configSchema = {
      type: 'object',
      properties: { punctuation: { type: 'string', title: 'Punctuation', default: '!' } },
      additionalProperties: false,
    };

    discoverTools() {
      const punctuation = typeof this.config.punctuation === 'string' ? this.config.punctuation : '!';
      return [
        defineTool({
          name: 'greet',
          description: 'Greet a person by name.',
          argumentSchema: GreetArgs,
          outputSchema: GreetOutput,
          toolCall: ({ name, language }) => ({ greeting: `${GREETINGS[language]}, ${name}${punctuation}`, language }),
        }),
      ];
    }
  };
}
