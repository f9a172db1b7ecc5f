import type { User } from "../../db/schema/index.ts";

/**
 * The user as clients see it (SPEC §3: returned under `user`): never the password hash, a code or
 * a token. Field names follow the content backend's users (Strapi's users-permissions).
 */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  /** The user's role: customer, editor, staff or owner (ADR 39). */
  role: string;
  /** What the user may do beyond shopping (SPEC §6): the role's scopes and the user's own, such as "staff". */
  scope: string[];
  createdAt: string;
  updatedAt: string;
}

/** The user as clients see it; `roleScopes` are the scopes of the user's role (roles table). */
export function publicUser(user: User, roleScopes: readonly string[]): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    provider: user.provider,
    confirmed: user.confirmed,
    blocked: user.blocked,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    scope: [...new Set([...roleScopes, ...user.scope])],
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/**
 * SPEC §6's scope check: the user's scope is a list containing `wanted`, or an object with a truthy
 * entry for it.
 */
export function hasScope(user: { scope?: unknown } | null | undefined, wanted: string): boolean {
  const scope = user?.scope;
  if (Array.isArray(scope)) return scope.includes(wanted);
  return typeof scope === "object" && scope !== null && Boolean((scope as Record<string, unknown>)[wanted]);
}
