import { TextField } from "~/components/ui/text-field";

/** The address word, made from the title when left empty; a changed one keeps the old address leading here (ADR 75). */
export function SlugField({ value, error, path, max }: { value: string; error?: string; path: string | null; max: number }) {
  return (
    <TextField
      label="Address (slug)"
      name="slug"
      defaultValue={value}
      error={error}
      maxLength={max}
      hint={
        <>
          Lower-case words joined by hyphens. Empty: made from the title.
          {path && <> Now: {path}. A changed address keeps the old one leading here.</>}
        </>
      }
    />
  );
}
