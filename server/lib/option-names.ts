/*
 * What a product calls its two option axes (ADR 74). Every option has a size and a colour
 * (variants.size, variants.colour); a product may name them for what they are: a bag's sizes are
 * its "Volume", a kit's colours its "Colourway". products.option_names holds only names the owner
 * gave; these are the words otherwise. Pure and without imports: pages may take it (ADR 53).
 */

export const DEFAULT_OPTION_NAMES = { size: "Size", colour: "Colour" } as const;

/** The longest name of an axis. */
export const MAX_OPTION_NAME = 30;

export interface OptionNames {
  size: string;
  colour: string;
}

/** The names a product's options go by: the owner's, else "Size" and "Colour". */
export function optionNamesOf(stored: { size?: string; colour?: string } | null | undefined): OptionNames {
  return {
    size: stored?.size?.trim() || DEFAULT_OPTION_NAMES.size,
    colour: stored?.colour?.trim() || DEFAULT_OPTION_NAMES.colour,
  };
}

/** What to store of typed names: only those that differ from the words otherwise (empty: the default). */
export function storedOptionNames(typed: { size?: string; colour?: string }): { size?: string; colour?: string } {
  const size = typed.size?.trim() ?? "";
  const colour = typed.colour?.trim() ?? "";
  return {
    ...(size && size !== DEFAULT_OPTION_NAMES.size ? { size } : {}),
    ...(colour && colour !== DEFAULT_OPTION_NAMES.colour ? { colour } : {}),
  };
}
