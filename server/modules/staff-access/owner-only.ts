import type { StaffScope } from "../audit/index.ts";
import { notOwner } from "./errors.ts";

/**
 * Staff management is the owner's alone. The adapters' guard checks the role's scopes first; this
 * is the rule itself, kept where the use cases are, so no adapter can forget it.
 */
export function requireOwner(scope: StaffScope): void {
  if (scope.actor.role !== "owner") throw notOwner();
}
