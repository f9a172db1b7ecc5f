/** Above one of the account's forms: what it just did, or why it was refused. */
export function FormNotice({ done, failure }: { done: string | null; failure: { formError: string | null } | null }) {
  if (done) {
    return (
      <p role="status" className="form-success">
        {done}
      </p>
    );
  }
  if (failure?.formError) {
    return (
      <p role="alert" className="form-error" tabIndex={-1}>
        {failure.formError}
      </p>
    );
  }
  return null;
}
