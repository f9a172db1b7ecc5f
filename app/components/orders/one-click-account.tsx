import { Form } from "react-router";

/** A guest's offer of an account for the order's address, made with one click; what was made once it is. */
export function OneClickAccount({ email, accountMade, error }: { email: string; accountMade: string | null; error?: string }) {
  if (accountMade) {
    return (
      <p role="status" className="rounded-lg border border-mint-300 bg-mint-50 p-5" data-testid="account-made">
        Your account {accountMade} is made: we sent {email} a link to choose its password. Once you have, this order and your next
        ones are in your order history.
      </p>
    );
  }
  return (
    <section aria-labelledby="account-title" className="rounded-lg border border-grey-200 p-5">
      <h2 id="account-title" className="font-semibold">
        Follow your orders in an account
      </h2>
      <p className="mt-1 text-grey-700">One click makes an account for {email}; we mail you a link to choose its password.</p>
      {error && (
        <p role="alert" className="form-error mt-2" data-testid="form-error">
          {error}
        </p>
      )}
      <Form method="post" reloadDocument className="mt-3">
        <button type="submit" name="intent" value="account" className="button-secondary">
          Create an account
        </button>
      </Form>
    </section>
  );
}
