import { z } from "zod";
import { BANK_TRANSFER, PAYMENT_METHODS } from "../../db/schema/payment-methods.ts";
import { emailField } from "../accounts/index.ts";
import { deliveryAddressInput, formBoolean, recordId } from "../customers/index.ts";

/*
 * One schema per input of checkout: pages, the shop API (POST /ecommerce/orders) and GraphQL parse
 * with these. Nothing priced comes in: totals are the server's.
 */

/** As typed by a shopper: spaces around it and case do not matter. */
export const promoCodeField = z
  .string({ error: "Enter a promo code." })
  .trim()
  .max(40, "This is too long for a promo code.")
  .transform((code) => code.toUpperCase());

const optionalPromo = z.preprocess((value) => (value === "" || value === null ? undefined : value), promoCodeField.optional());

export const deliveryMethodField = z
  .string({ error: "Choose a delivery method." })
  .trim()
  .min(1, "Choose a delivery method.")
  .max(60, "Choose one of the delivery methods offered.");

/** A field a client may send as null (GraphQL's absent optional arguments) as well as leave out. */
const nullAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

/**
 * An order: where it goes is either an address typed in (`shippingAddress`, which a signed-in
 * customer may keep in their account with `saveAddress: true`) or one of the customer's saved
 * addresses (`savedAddressId`), read and checked by today's rules when the order is placed (ADR 55).
 */
export const placeOrderInput = z
  .object({
    email: emailField,
    shippingAddress: nullAsAbsent(deliveryAddressInput),
    /** One of the signed-in customer's own addresses; another's is ADDRESS_NOT_FOUND. */
    savedAddressId: nullAsAbsent(recordId),
    saveAddress: nullAsAbsent(formBoolean("Say whether to save the address (true or false).")).transform((save) => save ?? false),
    /**
     * Required when the bag holds goods (placing refuses its absence then); a bag holding only a
     * membership is not delivered, so none is asked (ADR 42).
     */
    deliveryMethod: z.preprocess((value) => (value === "" || value === null ? undefined : value), deliveryMethodField.optional()),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { error: `Choose a payment method: ${PAYMENT_METHODS.join(" or ")}.` })
      .default(BANK_TRANSFER),
    promoCode: optionalPromo,
  })
  .superRefine((input, ctx) => {
    const saved = input.savedAddressId !== undefined;
    if (!saved && input.shippingAddress === undefined) {
      ctx.addIssue({ code: "custom", path: ["shippingAddress"], message: "Enter the delivery address." });
    }
    if (saved && input.shippingAddress !== undefined) {
      ctx.addIssue({ code: "custom", path: ["savedAddressId"], message: "Give a saved address or a new one, not both." });
    }
    if (saved && input.saveAddress) {
      ctx.addIssue({ code: "custom", path: ["saveAddress"], message: "A saved address is kept already." });
    }
  });

export type PlaceOrderInput = z.input<typeof placeOrderInput>;
export type PlaceOrder = z.output<typeof placeOrderInput>;

/** What the summary is priced for before ordering: a country, and maybe a method and a code. */
export const quoteInput = z.object({
  country: z
    .string({ error: "Choose a country." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Choose a country from the list."),
  deliveryMethod: deliveryMethodField.optional(),
  promoCode: optionalPromo,
  /**
   * Who would use the promo code, for a guest (a code works once per e-mail address). Half typed
   * while the page is priced, so an address that is not one yet counts as none.
   */
  email: z
    .unknown()
    .optional()
    .transform((value) => {
      const email = emailField.safeParse(value);
      return email.success ? email.data : undefined;
    }),
});

/** An Idempotency-Key header or the form's key: printable, bounded. */
export const idempotencyKeyField = z
  .string()
  .trim()
  .min(8, "An Idempotency-Key has 8 to 255 printable characters.")
  .max(255, "An Idempotency-Key has 8 to 255 printable characters.")
  .regex(/^[\x21-\x7e]+$/, "An Idempotency-Key has 8 to 255 printable characters.");
