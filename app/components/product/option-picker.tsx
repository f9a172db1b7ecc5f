import type { OptionNames } from "../../../server/lib/shared.ts";
import { colourChoices, sizeChoices, type Availability, type Variant } from "./variant-choice";

/**
 * Colour swatches and size buttons: two radio groups, usable with the keyboard (Tab into a group,
 * arrow keys within it). They sit outside the add-to-bag form, so their own fields never reach the
 * bag; the form carries the chosen variant's id. Rendered once JavaScript runs (the form has a
 * plain select of every variant before that). Which options are marked: variant-choice.ts.
 *
 * Sold-out sizes and colours are marked and labelled, but can be chosen: a shopper chooses the
 * option they want to be told about when it is back (ADR 47, which amends ADR 19). Only a size
 * the chosen colour is not made in is disabled. The two look different: a sold-out size is
 * crossed out in its usual border; a size not made has a dashed border and is not crossed out.
 * A colour says which it is in the chosen size: "sold out in size 8" or "not in size 8". The two
 * groups are called as the product calls its options (`names`: a bag's "Volume", ADR 74).
 */
export function OptionPicker({
  variants,
  chosen,
  onColour,
  onSize,
  names,
}: {
  variants: readonly Variant[];
  chosen: Variant;
  names: OptionNames;
  onColour: (colour: string) => void;
  onSize: (size: string) => void;
}) {
  const colours = colourChoices(variants, chosen.size);
  const sizes = sizeChoices(variants, chosen.colour);
  return (
    <div className="option-picker">
      <fieldset className="option-group">
        <legend>
          {names.colour}: <span className="font-normal">{chosen.colour}</span>
        </legend>
        <div className="option-swatches">
          {colours.map((colour) => {
            const note = colourNote(colour.buyable, colour.inChosenSize, `${names.size.toLowerCase()} ${chosen.size}`);
            return (
              <label
                key={colour.name}
                className="option-swatch"
                data-unavailable={note ? "" : undefined}
                title={note ? `${colour.name} (${note})` : colour.name}
              >
                <input
                  type="radio"
                  name="colour"
                  value={colour.name}
                  checked={colour.name === chosen.colour}
                  onChange={() => onColour(colour.name)}
                  className="sr-only"
                />
                <span aria-hidden="true" style={{ backgroundColor: colour.hex }} />
                <span className="sr-only">{note ? `${colour.name}, ${note}` : colour.name}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="option-group">
        <legend>{names.size}</legend>
        <div className="option-sizes">
          {sizes.map(({ size, availability }) => (
            <label key={size} className="option-size" data-availability={availability}>
              <input
                type="radio"
                name="size"
                value={size}
                checked={size === chosen.size}
                // The chosen option stays enabled, so the group can still be reached with Tab.
                disabled={availability === "missing" && size !== chosen.size}
                onChange={() => onSize(size)}
                className="sr-only"
              />
              {availability === "available" ? (
                size
              ) : (
                <>
                  <span aria-hidden="true">{size}</span>
                  <span className="sr-only">{`${size}, ${availability === "sold-out" ? "sold out" : "not made"} in ${chosen.colour}`}</span>
                </>
              )}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** What a colour's swatch says beside its name; null when the chosen size ("size 8") is there to buy. */
function colourNote(buyable: boolean, inChosenSize: Availability, size: string): string | null {
  if (!buyable) return "sold out";
  if (inChosenSize === "sold-out") return `sold out in ${size}`;
  if (inChosenSize === "missing") return `not in ${size}`;
  return null;
}
