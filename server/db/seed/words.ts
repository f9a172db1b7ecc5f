/**
 * Words for product names and sentence templates for their descriptions. Names are brand-agnostic
 * ("Aero Grip Pro" + the sub-category's noun), so the same model line reads well for any brand.
 *
 * Templates fill {name}, {brand}, {noun} (lower case) and the product's attributes: {grip} keeps
 * the value as written, {grip:lower} lower-cases it. A template is only used when the product has
 * every attribute it mentions.
 */
export const modelWords = [
  "Aero",
  "Apex",
  "Carbon",
  "Zenith",
  "Titan",
  "Storm",
  "Flux",
  "Nova",
  "Pulse",
  "Orbit",
  "Summit",
  "Ember",
  "Frost",
  "Halo",
  "Vector",
  "Onyx",
  "Atlas",
  "Comet",
  "Rapid",
  "Solid",
  "Falcon",
  "Kestrel",
  "Granite",
  "Horizon",
  "Cobalt",
  "Vapor",
  "Quartz",
  "Nimbus",
  "Sable",
  "Ridge",
] as const;

export const lineWords = [
  "Grip",
  "Control",
  "Reach",
  "Save",
  "Dive",
  "Touch",
  "Lock",
  "Guard",
  "Wall",
  "Reflex",
  "Stretch",
  "Catch",
  "Spring",
  "Line",
  "Shield",
  "Frame",
  "Claw",
  "Shot",
  "Palm",
  "Keep",
] as const;

export const tierWords = ["Pro", "Elite", "Club", "Academy", "Lite", "Max", "Supreme", "Select", "Tour", "Prime"] as const;

export const openers: Readonly<Record<string, readonly string[]>> = {
  gloves: [
    "The {name} is {brand}'s answer for keepers who want total trust in their hands.",
    "Built around a {palm} palm, the {name} gives a confident catch from the first minute.",
    "{brand} designed the {name} for keepers who command their box and claim every cross.",
    "A {cut:lower} cut {noun} that hugs the fingers for a clean, close feel on the ball.",
  ],
  apparel: [
    "The {name} from {brand} is cut for the movements keepers actually make.",
    "Cut with a {fit:lower} fit, the {name} stays out of the way when you spread yourself.",
    "{brand} made the {name} to be worn hard, washed often and still look sharp.",
  ],
  protection: [
    "The {name} takes the sting out of hard landings so you can commit to every dive.",
    "{brand}'s {name} uses {padding:lower} padding exactly where keepers hit the ground.",
    "Protection you forget you are wearing: the {name} moves with you, not against you.",
  ],
  footwear: [
    "The {name} from {brand} is made for the explosive push-off of a diving save.",
    "This {noun} pairs a {fit:lower} fit with a {upper:lower} upper for a locked-in feel.",
    "{brand} tuned the {name} for {surface:lower} pitches, where footing decides saves.",
  ],
  training: [
    "The {name} brings match-speed reactions into every training session.",
    "{brand}'s {name} turns a spare half hour into real goalkeeper work.",
    "Built for {level:lower} sessions, the {name} stands up to week-in, week-out use.",
  ],
  bags: [
    "The {name} keeps gloves, boots and kit apart on the way to the ground.",
    "{brand}'s {name} holds {capacity} with room for the extras you always bring.",
    "A tough {noun} from {brand} made from {fabric:lower} that shrugs off wet car parks.",
  ],
  accessories: [
    "The {name} is the small extra that keeps your gloves at their best for longer.",
    "{brand}'s {name} earns its place in every keeper's bag.",
    "Match-day essentials: the {name} from {brand} is simple, reliable and made to last.",
  ],
  kits: [
    "The {name} gives the whole goalkeeper look in one order: jersey, shorts and socks.",
    "{brand}'s {name} is cut for keepers, with room in the shoulders for long throws.",
    "A {sleeve:lower}-sleeved {noun} from {brand} in bold colours that strikers notice.",
  ],
  coaching: [
    "The {name} helps goalkeeper coaches plan and run sharper sessions.",
    "{brand} built the {name} with coaches who run {level:lower} sessions every week.",
    "Everything a keeper coach needs to hand: the {name} from {brand}.",
  ],
};

/** Second sentences: they describe the product's attributes. */
export const features: readonly string[] = [
  "Its {grip:lower} grip latex is tuned for {grip:lower} conditions and stays tacky through the full match.",
  "A {closure:lower} closure keeps the wrist secure without cutting off movement.",
  "The {cut:lower} cut pairs with a {palm} palm for the most contact with the ball.",
  "Spines are {protection:lower}, so the fingers are guarded against hyperextension.",
  "The {fabric:lower} fabric dries quickly after a rainy session.",
  "{sleeve} sleeves and a {fit:lower} fit keep the arms free for reaching saves.",
  "The {padding:lower} padding sits exactly where the ground hits hardest.",
  "The {upper:lower} upper is shaped for a {fit:lower} foot and sits close around the toes.",
  "Its sole is made for {surface:lower} surfaces and gives a firm plant before every dive.",
  "The {frame:lower} frame folds flat for the car boot and stands firm on grass.",
  "This is the {volume} size, easy to pack in a kit bag.",
  "The {width} width wraps fingers and wrists without slipping.",
  "Pitched at {level:lower} level, it scales from warm-up drills to hard conditioning work.",
];

/** Optional closing sentences shared by every category. */
export const closers: readonly string[] = [
  "Tested by keepers at grassroots and semi-pro clubs before release.",
  "Our size guide helps if you are between sizes.",
  "Free returns if it is not quite right.",
  "A favourite with the keepers on our own team.",
  "Look after it and it will look after you for many seasons.",
];
