/**
 * A back-office page's `shouldRevalidate`: after a refusal because the record changed (409), the
 * page reads it again as it is now; after one because the last code is too old (403), it reads
 * again too, so the form shows the code field it now needs. Otherwise React Router's default.
 */
export function revalidateAfterRefusal({
  actionStatus,
  defaultShouldRevalidate,
}: {
  actionStatus?: number;
  defaultShouldRevalidate: boolean;
}) {
  return actionStatus === 409 || actionStatus === 403 ? true : defaultShouldRevalidate;
}
