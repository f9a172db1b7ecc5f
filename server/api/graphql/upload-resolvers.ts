import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { hasScope } from "../../modules/accounts/index.ts";
import { imageUrl, IMAGE_WIDTHS, isImageWidth, isUploadedFile, type UploadedFile } from "../../modules/media/index.ts";
import type { GraphQLContext } from "./context.ts";
import { changingCustomer, type CustomerParent } from "./customer-resolvers.ts";
import { badUserInput, shopCall, shopError } from "./errors.ts";

/*
 * Thin resolvers over the customers module (the profile picture) and the catalogue's product
 * images (staff). The files arrive as the Upload scalar's values: yoga puts each file of a
 * multipart request where the request's map says.
 */

type Context = GraphQLContext;

const notAFile = () =>
  new GraphQLError("Upload takes a file sent in a multipart request (see the GraphQL multipart request spec).");

export const uploadScalar = new GraphQLScalarType<UploadedFile, never>({
  name: "Upload",
  parseValue(value) {
    if (!isUploadedFile(value)) throw notAFile();
    return value;
  },
  parseLiteral(node) {
    throw new GraphQLError(
      node.kind === Kind.STRING ? "A file cannot be written in the query: send it as a variable." : notAFile().message,
    );
  },
  serialize() {
    throw new GraphQLError("Upload is only sent, never answered.");
  },
});

export const uploadResolvers = {
  Upload: uploadScalar,

  Customer: {
    async picture(customer: CustomerParent, args: { width?: number | null }, context: Context): Promise<string | null> {
      const width = args.width ?? 240;
      if (!isImageWidth(width)) throw badUserInput("width", `width must be one of ${IMAGE_WIDTHS.join(", ")}`);
      const picture =
        customer.picture !== undefined
          ? customer.picture
          : (await context.services.customers.profile(context, customer.id)).picture;
      return picture ? imageUrl("product", width, picture) : null;
    },
  },

  Mutation: {
    async setProfilePicture(_: unknown, args: { picture: UploadedFile }, context: Context): Promise<CustomerParent> {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.setPicture(context, user.id, args.picture));
      return { ...user, ...(await context.services.customers.profile(context, user.id)) };
    },

    async removeProfilePicture(_: unknown, __: unknown, context: Context): Promise<CustomerParent> {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.removePicture(context, user.id));
      return { ...user, ...(await context.services.customers.profile(context, user.id)) };
    },

    async addProductImage(_: unknown, args: { productId: string; image: UploadedFile; alt: string }, context: Context) {
      const user = await changingCustomer(context);
      if (!hasScope(user, "staff")) throw shopError("FORBIDDEN", "Only the shop's staff may do this.");
      return shopCall(() =>
        context.services.productImages.addProductImage(context, args.productId, args.image, { alt: args.alt }),
      );
    },
  },
};
