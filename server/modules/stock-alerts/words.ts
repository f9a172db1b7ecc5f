/*
 * How an option is named to shoppers, in mails and on pages alike (no Node.js modules: the
 * product page's messages use it too).
 */

/** An option as a shopper knows it: its product, size and colour. */
export interface OptionWords {
  productName: string;
  size: string;
  colour: string;
}

/** "Keeper Pro (size 8, Black)", "Glove bag (One size, Black)". */
export function optionName(option: OptionWords): string {
  const size = /^one size$/i.test(option.size) ? option.size : `size ${option.size}`;
  return `${option.productName} (${size}, ${option.colour})`;
}
