import { Choice, ChoiceGroup } from "~/components/admin/product-editor/fields";
import { TextField } from "~/components/ui/text-field";

/**
 * Draft, publish now or schedule, and the moment in the shop's time zone, named by the field
 * (ADR 75): the news editor's and the pages editor's. `what`: where a scheduled entry appears.
 */
export function PublishFields({
  value,
  errors,
  timeZone,
  what,
}: {
  value: (name: string) => string;
  errors: Record<string, string>;
  timeZone: string;
  what: string;
}) {
  return (
    <>
      <ChoiceGroup legend="On the site" error={errors.publish}>
        <Choice
          type="radio"
          name="publish"
          value="draft"
          label="Draft (not on the site)"
          checked={value("publish") === "draft"}
        />
        <Choice type="radio" name="publish" value="now" label="Publish now" checked={value("publish") === "now"} />
        <Choice type="radio" name="publish" value="at" label="Schedule" checked={value("publish") === "at"} />
      </ChoiceGroup>
      <TextField
        label={`Appears at (${timeZone})`}
        name="publishAt"
        type="datetime-local"
        step={1}
        defaultValue={value("publishAt")}
        error={errors.publishAt}
        hint={`With "Schedule": the date and time in the shop's time zone, ${timeZone}. It appears ${what} then, with nobody acting.`}
      />
    </>
  );
}
