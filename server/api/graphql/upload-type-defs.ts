import { UPLOAD_KINDS } from "../../modules/media/index.ts";

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/*
 * Uploads (issue 13 §2, ADR 46), by the GraphQL multipart request spec: a multipart POST whose
 * `operations` field holds the request and whose `map` says which variable each file fills. Such
 * requests carry an Apollo-Require-Preflight header, or come from the shop's own pages.
 */
export const uploadTypeDefs = /* GraphQL */ `
  "A file sent in a multipart request (the GraphQL multipart request spec); only as a variable."
  scalar Upload

  extend type Customer {
    """
    The profile picture through the image endpoint (square, webp) at one of the widths 96, 160,
    240, 320, 480, 640, 800 or 1200; null when the customer has none.
    """
    picture(width: Int = 240): String
  }

  extend type Mutation {
    """
    Sets the customer's profile picture: a JPEG, PNG or WebP image of at most
    ${megabytes(UPLOAD_KINDS.picture.maxBytes)} MB, re-encoded without its metadata. Needs a login.
    """
    setProfilePicture(picture: Upload!): Customer!
    "Removes the customer's profile picture. Needs a login."
    removeProfilePicture: Customer!
    """
    Adds an image after a product's others: a JPEG, PNG or WebP image of at most
    ${megabytes(UPLOAD_KINDS["product-image"].maxBytes)} MB, re-encoded without its metadata, with
    a text for those who cannot see it; audited, and on the shop at once. Needs the staff scope
    (and, for a back-office account, its second factor given in this session). With the product's
    \`version\` as read (the content API's products answer it), a product changed since is refused
    (STALE_VERSION); without one, the image goes after whatever images the product has then.
    """
    addProductImage(productId: ID!, image: Upload!, alt: String!, version: String): Image!
  }
`;
