/** The social login provider the e2e shop is configured with, and the one person who logs in there. */
export const E2E_SOCIAL = {
  provider: "keeperid",
  label: "KeeperID",
  clientId: "safe-hands-shop",
  clientSecret: "a-client-secret-for-the-e2e-suite-only",
  account: { sub: "keeperid-7", email: "social.keeper@example.com", emailVerified: true, name: "Sam Social" },
} as const;
