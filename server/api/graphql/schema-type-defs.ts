import { checkoutTypeDefs } from "./checkout-type-defs.ts";
import { customerTypeDefs } from "./customer-type-defs.ts";
import { subscriptionTypeDefs } from "./subscription-type-defs.ts";
import { typeDefs } from "./type-defs.ts";
import { uploadTypeDefs } from "./upload-type-defs.ts";

/**
 * The shop's whole GraphQL schema, as the server builds it (yoga.ts) and as the resolver types
 * are generated from it (codegen.ts): one list, so the two cannot differ.
 */
export const shopTypeDefs: readonly string[] = [
  typeDefs,
  customerTypeDefs,
  checkoutTypeDefs,
  subscriptionTypeDefs,
  uploadTypeDefs,
];
