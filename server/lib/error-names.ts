/**
 * A function that says which of `names` an error is, by its name. Pages are built into their own
 * bundle with their own copies of the modules, while the services they call come from the
 * server's bundle, so `instanceof` cannot recognise the services' errors there; their names (and
 * fields) can. Each module lists its error names once and makes its matcher with this.
 */
export function errorNameMatcher<const Names extends readonly string[]>(names: Names) {
  const known = new Set<string>(names);
  return (error: unknown): Names[number] | null =>
    error instanceof Error && known.has(error.name) ? (error.name as Names[number]) : null;
}
