/**
 * A back-office page's `shouldRevalidate`: after a refusal because the record changed (409), the
 * page reads it again as it is now; otherwise React Router's default.
 */
export function revalidateAfterConflict({
  actionStatus,
  defaultShouldRevalidate,
}: {
  actionStatus?: number;
  defaultShouldRevalidate: boolean;
}) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}
