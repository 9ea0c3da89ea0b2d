/** Bad input on the command line (a file that cannot be read, an unknown persona): main prints it and exits 2. */
export class CliInputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliInputError';
  }
}
