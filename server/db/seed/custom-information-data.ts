/** The demo shop's product page information blocks; `category` null means every product. */
export interface CustomInformationSeed {
  kind: string;
  title: string;
  body: string;
  /** A top-level category's slug, or null for a block every product shows. */
  category: string | null;
}

export const customInformationSeeds: readonly CustomInformationSeed[] = [
  {
    kind: "size-guide",
    title: "Glove size guide",
    category: "gloves",
    body: [
      "Measure around the widest part of your catching hand, below the knuckles, without the thumb.",
      "17–18 cm: size 6 · 18–19 cm: size 7 · 19–20 cm: size 8 · 20–21 cm: size 9 · 21–22 cm: size 10 · 22–23 cm: size 11.",
      "Between two sizes? Negative cuts sit tight, so take the larger one; roll-finger and flat cuts can take the smaller.",
    ].join("\n\n"),
  },
  {
    kind: "care",
    title: "Caring for latex",
    category: "gloves",
    body: [
      "Wet the palms before you play and rinse them in lukewarm water after, without soap.",
      "Let the gloves dry slowly at room temperature, away from radiators and sunlight, with the palms apart.",
    ].join("\n\n"),
  },
  {
    kind: "size-guide",
    title: "Apparel size guide",
    category: "apparel",
    body: [
      "Chest: XS 86–90 cm · S 90–96 cm · M 96–102 cm · L 102–108 cm · XL 108–114 cm · XXL 114–120 cm.",
      "Junior sizes are the child's height in centimetres: 116, 128, 140, 152 and 164.",
    ].join("\n\n"),
  },
  {
    kind: "size-guide",
    title: "Boot size guide",
    category: "footwear",
    body: "Stand on a sheet of paper and measure from heel to longest toe. EU 40 fits 25.5 cm, and each size up adds about 0.7 cm.",
  },
  {
    kind: "delivery",
    title: "Delivery and returns",
    category: null,
    body: [
      "Orders placed before 2 pm on a working day leave the same day. Standard delivery takes 2–4 working days.",
      "Not right? Send it back unused within 30 days for a full refund.",
    ].join("\n\n"),
  },
];
