/**
 * The `default:` of a switch over a union's kinds (trace events): it takes `never`, so a kind left unhandled, or a
 * kind added to the union, fails the typecheck at every switch until it is handled there. At run time a value of an
 * unknown kind (a newer file, say) is skipped, as before.
 */
export function exhaustive(value: never): void {
  void value;
}
