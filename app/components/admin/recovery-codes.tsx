/** Ten single-use recovery codes, shown once: each signs in once when the authenticator is lost. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div className="mt-4">
      <p className="text-sm text-grey-700">
        Keep these recovery codes somewhere safe, away from your phone. Each signs you in once if you lose your authenticator.
        They are shown only now.
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-grey-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
    </div>
  );
}
