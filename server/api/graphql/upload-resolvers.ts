import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { imageUrl, IMAGE_WIDTHS, isImageWidth, isUploadedFile, type UploadedFile } from "../../modules/media/index.ts";
import { changingCustomer } from "./customer-resolvers.ts";
import { badUserInput, shopCall } from "./errors.ts";
import type { Resolvers } from "./generated/resolver-types.ts";
import { changingStaff } from "./staff.ts";

/*
 * Thin resolvers over the customers module (the profile picture) and the product gallery's
 * images (staff, through the back office's own use case: ADR 65, 73). The files arrive as the Upload scalar's values: yoga puts each file of a
 * multipart request where the request's map says.
 */

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

export const uploadResolvers: Resolvers = {
  Upload: uploadScalar,

  Customer: {
    async picture(customer, args, context) {
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
    async setProfilePicture(_, args, context) {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.setPicture(context, user.id, args.picture));
      return { ...user, ...(await context.services.customers.profile(context, user.id)) };
    },

    async removeProfilePicture(_, __, context) {
      const user = await changingCustomer(context);
      await shopCall(() => context.services.customers.removePicture(context, user.id));
      return { ...user, ...(await context.services.customers.profile(context, user.id)) };
    },

    async addProductImage(_, args, context) {
      const staff = await changingStaff(context);
      const input = { productId: args.productId, alt: args.alt, version: args.version ?? undefined };
      return shopCall(() => context.services.productGallery.addImage(staff, input, args.image));
    },
  },
};
