// A listing's address is read on the server only: its schema (zod) stays out of the browser's
// bundles, which is why pages take it here rather than from the catalogue's shared.ts (ADR 53).
export { parseListingParams } from "../../server/modules/catalog/index.ts";
