import type { PageBlock } from "../schema/index.ts";

/*
 * The demo shop's own pages. Blocks follow content/collections/pages.ts (pageBlockSchema); the
 * seed's test checks every one of them against it.
 */

export interface PageSeed {
  slug: string;
  title: string;
  /** The SEO description, at most 160 characters. */
  description: string;
  blocks: PageBlock[];
  inSitemap: boolean;
}

const DAY = 24 * 60 * 60 * 1000;

/** How long before a launch page's countdown ends. */
export const LAUNCH_IN_DAYS = 21;

export interface PageContext {
  now: Date;
  /** The media file the about page shows. */
  aboutImageId: number;
}

export function pageSeeds({ now, aboutImageId }: PageContext): PageSeed[] {
  return [
    {
      slug: "about",
      title: "About us",
      description:
        "A goalkeeping specialist shop for every keeper, everywhere, always: gloves, kit, protection and training gear.",
      inSitemap: true,
      blocks: [
        // Sections, each a text block with its heading, between a picture, products and the call to join (ADR 82).
        { kind: "text", markdown: about },
        { kind: "text", markdown: aboutRange },
        {
          kind: "image",
          media: aboutImageId,
          caption: "Where every save starts: the goal line.",
        },
        { kind: "text", markdown: aboutTesting },
        { kind: "products", title: "Gloves our keepers wear", category: "gloves" },
        { kind: "text", markdown: aboutGivingBack },
        {
          kind: "cta",
          title: "Join the Keepers' Club",
          text: "Free membership: member news, exclusives and early access to every new drop.",
          label: "See membership",
          href: "/membership",
        },
      ],
    },
    {
      slug: "privacy-policy",
      title: "Privacy policy",
      description: "What we store about you, why we store it, how long we keep it and the rights you have over it.",
      inSitemap: true,
      blocks: [{ kind: "text", markdown: privacyPolicy }],
    },
    {
      slug: "returns-policy",
      title: "Returns policy",
      description:
        "Return unused items within 30 days of delivery. How to start a return, when your refund arrives and the exceptions.",
      inSitemap: true,
      blocks: [{ kind: "text", markdown: returnsPolicy }],
    },
    {
      slug: "terms-condition",
      title: "Terms and conditions",
      description: "Our terms of sale: prices, orders, payment, delivery, withdrawal, warranty and the Keepers' Club membership.",
      inSitemap: true,
      blocks: [{ kind: "text", markdown: termsAndConditions }],
    },
    {
      slug: "the-keepers-call",
      title: "The keeper's call",
      description: "Why anyone would choose to stand between the posts: a story about goalkeepers, for goalkeepers.",
      inSitemap: true,
      blocks: [
        { kind: "text", markdown: keepersCall },
        { kind: "text", markdown: keepersCallWhy },
        { kind: "video", url: "https://www.youtube.com/watch?v=Kp3dG7mQx2A", title: "The keeper's call" },
        { kind: "text", markdown: keepersCallEnd },
        {
          kind: "cta",
          title: "Answer the call",
          text: "Find gloves that fit your hands and your game.",
          label: "Shop gloves",
          href: "/shop/gloves",
        },
      ],
    },
    {
      slug: "xg",
      title: "Expected goals for keepers",
      description:
        "What expected goals (xG) says about shot-stopping, how goals prevented is measured, and what it means for your game.",
      inSitemap: true,
      blocks: [
        { kind: "text", markdown: expectedGoals },
        { kind: "text", markdown: goalsPrevented },
        { kind: "text", markdown: numbersMiss },
        { kind: "products", title: "Train your shot-stopping", category: "training" },
        { kind: "text", markdown: xgForYourGame },
        {
          kind: "cta",
          title: "More for keepers who like numbers",
          text: "Members read our pro interviews and analysis in the exclusives section.",
          label: "Join the club",
          href: "/membership",
        },
      ],
    },
    {
      slug: "launch",
      title: "The next drop is coming",
      description: "A new match glove range is nearly here. Count down with us and be first to know when it lands.",
      inSitemap: true,
      blocks: [
        { kind: "text", markdown: launch },
        {
          kind: "countdown",
          until: new Date(now.getTime() + LAUNCH_IN_DAYS * DAY).toISOString(),
          title: "The drop lands in",
        },
        {
          kind: "signup",
          title: "Be first to know",
          text: "Leave your e-mail address and we will tell you the moment the range goes on sale. Club members get early access.",
        },
        { kind: "products", title: "Until then: this season's gloves", category: "gloves" },
      ],
    },
    {
      slug: "icons",
      title: "Icons",
      description: "The icon set the shop uses, in one place.",
      inSitemap: false,
      blocks: [
        {
          kind: "text",
          markdown: "Every icon the shop uses, shown at its usual size. This page is for the people who build the shop.",
        },
      ],
    },
  ];
}

const about = `## For every keeper, everywhere, always

We are a shop for goalkeepers and nothing else. We started it because we were tired of finding one shelf of gloves in the corner of a sports shop, in three sizes, with nobody to ask. Keepers deserve better: *gear that fits, advice from people who have played in goal, and a shop that takes the position as seriously as they do*.

Everyone who works here has kept goal, from Sunday league to the semi-professional game, and most of us still play. When you ask us about a cut, a size or a latex, you get an answer from someone who has worn it on a wet Tuesday night.`;

const aboutRange = `## What we sell

- **Gloves** for matches, training, juniors and wet weather, in every cut and in sizes from 4 to 11.
- **Apparel**: keeper jerseys, shorts, trousers and base layers, padded where it counts.
- **Protection**: padded shorts, elbow pads, shin guards and headguards.
- **Footwear** for firm ground, artificial grass and indoor pitches.
- **Training gear**: rebounders, reaction balls, cones and agility equipment.
- **Bags and accessories**: glove bags, glove wash, grip spray and tape.`;

const aboutTesting = `## How we work

We test what we sell. Every glove in the range has been worn in training by our team before it reaches the shop, and we write down what we find in our [news section](/news-and-media/news). If a product does not hold up, it does not stay.`;

const aboutGivingBack = `## Giving back
We also give back to the keepers around us: glove drives for grassroots clubs, summer camps, and a free membership, the *Keepers' Club*, with member news, exclusives and early access to new drops.`;

const privacyPolicy = `This policy explains what personal data we collect when you use our shop, why we need it, how long we keep it and what rights you have. We keep only what we need to run the shop and to keep our promises to you.

## Who we are

The shop is run by the team behind this website. For every question about your data, write to **hello@shop.example**. We answer within one month, usually much sooner.

## Your account

When you create an account we store your **name, e-mail address and username**, and your **password as a hash**: a one-way scramble from which the password itself cannot be read, not even by us. We use these to sign you in, to show you your orders and to write to you about them.

If you sign in with a social login, we store the identifier the provider gives us, so we can recognise you next time. We do not receive your password for that provider.

## Addresses

We store the delivery and billing addresses you give us, so we can send your orders and issue correct invoices. Addresses saved in your account stay there until you delete them.

## Orders and payments

For every order we keep what you bought, the prices, the delivery method, the addresses and the payment status. We must keep order and invoice records for as long as tax law requires.

Card payments are handled by our payment provider. **Your card details go straight to the provider and are never stored by us**; we only receive confirmation that a payment succeeded, with a reference. For bank transfers we record the amount received and the transfer's reference.

## Cookies

We use only the cookies the shop needs to work:

- **Bag cookie**: remembers what is in your shopping bag, also when you are not signed in.
- **Session cookie**: keeps you signed in and protects your forms against misuse.
- **Compare cookie**: remembers the products you chose to compare side by side.

We do not use advertising cookies and we do not let third parties track you on our pages.

## Communication preferences and the newsletter

In your account you choose which messages you want from us. Mails about your orders and your account are always sent, because they are part of the service. The newsletter is sent only with your consent, given by **double opt-in**: after you sign up, we send a mail with a confirmation link, and only when you click it do we add you to the list. Every newsletter has a link to unsubscribe, and you can change your choices in your account at any time.

## Server logs

Like every website, our servers record technical data about each request: the time, the page asked for, the IP address and the browser's description. We use these logs to keep the shop running and secure, to find errors and to fend off abuse. They are deleted automatically after **30 days**.

## How long we keep your data

- **Account data**: as long as your account exists. Accounts without sign-in for three years are deleted after a warning by mail.
- **Orders and invoices**: ten years, as tax law requires, even after your account is deleted.
- **Newsletter consent**: until you unsubscribe, plus proof of the consent for three years.
- **Server logs**: 30 days.
- **Bag and compare cookies**: up to 30 days after your last visit.

## Your rights

You have the right to:

- **access** the personal data we hold about you and receive a copy;
- have it **corrected** when it is wrong or incomplete;
- have it **deleted**, unless the law requires us to keep it;
- **object** to our use of it, and to withdraw consent you gave at any time;
- receive it in a portable format.

Most of this you can do yourself in your account. For anything else, write to **hello@shop.example**. You can also complain to your data protection authority.

## Changes to this policy

When we change this policy, we publish the new version here and tell account holders about important changes by mail.`;

const returnsPolicy = `Bought something that is not quite right? You can return it. Here is how returns work, and the few exceptions.

## Returns within 30 days

You can return any item **within 30 days of delivery**, for any reason. Items must be *unused*, in their original condition and packaging, with tags attached. Gloves must not have been worn on a pitch: try them on indoors, on a clean surface, and the latex will be as good as new for the next keeper.

## How to start a return

1. Write to **hello@shop.example** with your order number (you find it in **My account > Order history**, and in your confirmation mail) and the items you want to return.
2. Pack the items securely, with the return note we send you.
3. Send the parcel to the address on the note. Keep the proof of postage until your refund arrives.

## Refunds

When your return reaches us, we check it and confirm by mail. We refund the items **to the original payment method within 14 days** of receiving the return. If you return a whole order within 14 days of delivery, we also refund the standard delivery cost. Return postage is yours to pay, unless the item is faulty or we sent the wrong one.

## Exceptions

Some items cannot be returned unless they are faulty:

- **Custom-printed gloves and jerseys**, made with your name, number or club crest.
- **Hygiene items** once their seal is opened, such as mouthguards and undergarments.
- Gift cards.

## Faulty goods

If something is faulty, or not what you ordered, tell us as soon as you notice and send a photo to **hello@shop.example**. We will arrange a repair, a replacement or a refund, and pay the postage. Your legal rights for faulty goods apply in full, whatever this policy says.

Please note that latex palms wear with use: worn latex after matches or training is normal wear, not a fault.`;

const termsAndConditions = `These terms apply to every order placed in our shop and to the Keepers' Club membership. Please read them before you order.

## 1. Prices

All prices are in euros and **include VAT** at the rate that applies to your delivery address. Delivery costs are shown separately before you place your order. Prices and offers are valid as long as they are shown in the shop.

## 2. Orders and contract

Your order is an offer to buy. We confirm receipt by mail straight away; the contract is made when we confirm that your order is accepted, at the latest when we send it. We may refuse an order, for example when an item is out of stock or a price was shown in error; you are then refunded in full.

## 3. Payment

You can pay:

- **by card**, through our payment provider; the amount is charged when you place the order;
- **by bank transfer**; we reserve the items for the number of days shown at checkout, and send your order once the payment has arrived.

An order not paid within its reservation time is cancelled.

## 4. Delivery

We deliver to the countries offered at checkout, with the methods and times shown there. Delivery times are estimates. If an item cannot be delivered, we tell you at once and refund what you paid for it.

## 5. Cancellation and right of withdrawal

You may withdraw from your purchase **within 14 days of delivery** without giving a reason. Tell us by mail or from the order page in your account, and return the items within 14 days after that. Our [returns policy](/returns-policy) extends this to 30 days for unused items. The right of withdrawal does not apply to items made to your specification, such as custom-printed gloves, or to sealed hygiene items once opened.

## 6. Warranty

The legal warranty for faulty goods applies. Latex palms are wear parts: their wear through normal use is not a defect. Manufacturers' guarantees, where offered, are in addition to your legal rights.

## 7. Membership

The **Keepers' Club** is free. It gives you member news, the exclusives section and early access to new drops, and it runs until you end it in your account.

**Keepers' Club Pro** is a paid yearly membership. It gives a discount on every order and free delivery for twelve months, and **renews automatically each year unless you cancel it** before the renewal date; we remind you by mail before it renews. When you cancel, your membership runs to the end of the paid year. Membership benefits are personal and cannot be transferred.

## 8. Liability

We are liable for damage we cause intentionally or through gross negligence, and for injury to life, body or health, without limit. For other damage we are liable only where we breach an essential obligation of the contract, and then only for the damage typical of such a contract. Goalkeeping involves physical contact and falls: protective equipment reduces the risk of injury but cannot remove it.

## 9. Governing law

These terms are governed by the law of the country in which the shop is established. If you are a consumer, you also keep the protection of the mandatory law of the country where you live. Questions? Write to **hello@shop.example**.`;

const keepersCall = `## Somebody has to stand there

Every team has eleven players, and ten of them dream of scoring. One chooses the other job: to stand alone in front of a net eight yards wide, where every mistake is a goal and every good game is forgotten by Monday.`;

const keepersCallWhy = `## Why answer the call?

Ask a keeper and you get the same look every time, as if the question makes no sense. Because there is no feeling like it. The moment the striker shapes to shoot and you already know where it is going. The fingertip that turns a certain goal onto the post. The cross you claim above everyone, the roar of your own defenders, the silence of the away end.`;

const keepersCallEnd = `## We see you

We see the keeper who trains alone against a wall on a Wednesday evening. The one who dives on frozen ground because the ball is there. The twelve-year-old in gloves two sizes too big, and the forty-year-old who came back for one more season.

This shop is for all of you. **For every keeper, everywhere, always.**`;

const expectedGoals = `## What expected goals measures

*Expected goals*, or **xG**, gives every shot a probability of becoming a goal, based on thousands of similar shots: the distance, the angle, the body part, whether it came from a cross or a counter-attack. A penalty is worth about 0.76 xG; a header from the edge of the box, perhaps 0.03.

Add up the xG of every shot a team faces, and you know how many goals an average keeper would have conceded.`;

const goalsPrevented = `## Goals prevented

For keepers, the more useful number is **post-shot xG**: the probability calculated *after* the shot is struck, using where it is heading in the goal. A shot into the top corner is worth far more than one straight at the keeper.

Compare the post-shot xG a keeper faced with the goals they actually conceded, and you get **goals prevented**:

- A keeper who faced 12.0 post-shot xG and conceded 9 goals prevented 3.
- A keeper who faced 12.0 and conceded 14 let in 2 more than expected.

Over a season, the best keepers prevent between five and ten goals. That can be worth a league position or two.`;

const numbersMiss = `## What the numbers miss

Shot-stopping is only part of the job. The numbers struggle with the shots that never happen: the cross claimed before it reaches a striker, the through ball swept up outside the box, the defender who was told where to stand. A keeper who organises well faces fewer and easier shots, and their goals-prevented figure can look ordinary for exactly that reason.`;

const xgForYourGame = `## What it means for your game

You do not need a data team to use the idea. After a game, go through each goal conceded and ask honestly: *would an average keeper have saved it?* Then work on those situations in training. Most goals are not saveable; the ones that are, are the ones that matter.`;

const launch = `## Something new for match day

Our next match glove range has been two years in the making: a new latex, a lighter backhand and a cut shaped by the hands of the keepers who tested it. We cannot show you everything yet, but we can tell you this: *it is the best glove we have ever sold*.

Keepers' Club members get **early access**, a few hours before everyone else. Joining is free.`;
