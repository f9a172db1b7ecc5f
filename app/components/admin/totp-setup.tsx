/**
 * What an authenticator app needs: the QR code of the otpauth address (an SVG the server drew), and
 * the same as text for an app on the device in hand (copy the key, or open the address).
 */
export function TotpSetup({ secret, otpauthUri, qrSvg }: { secret: string; otpauthUri: string; qrSvg: string }) {
  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      <div
        className="h-48 w-48 [&>svg]:h-full [&>svg]:w-full"
        role="img"
        aria-label="QR code for the authenticator app"
        // The server drew this SVG from the otpauth address; it holds no script.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="text-sm text-grey-700">
        Or type this key:{" "}
        <code className="font-mono text-base break-all" data-testid="totp-secret">
          {secret}
        </code>
      </p>
      <p className="text-xs text-grey-600">
        <a className="text-link break-all" href={otpauthUri} data-testid="otpauth-uri">
          Open in an authenticator app on this device
        </a>
      </p>
    </div>
  );
}
