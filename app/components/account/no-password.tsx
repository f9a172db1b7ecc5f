import { Form } from "react-router";

/** An account made through a social provider has no password to confirm changes with until it sets one. */
export function NoPassword({ provider }: { provider: string }) {
  return (
    <div className="flex flex-col items-start gap-2" data-testid="no-password">
      <p className="text-grey-700">
        You log in with {provider.charAt(0).toUpperCase() + provider.slice(1)} and have no password here yet. Set one to change
        your e-mail address or to log in with it: we mail you a link to choose it.
      </p>
      <Form method="post">
        <button type="submit" name="intent" value="set-password" className="button-secondary">
          Mail me a link to set a password
        </button>
      </Form>
    </div>
  );
}
