/*
 * Hand-written sections that a demo post's body is built from: each fits any post of its
 * category, so a post is its own opening and key points followed by two or three of these.
 * Markdown; every section carries some emphasis.
 */

export interface Section {
  heading: string;
  markdown: string;
}

export const categorySections: Record<string, readonly Section[]> = {
  gear: [
    {
      heading: "Start with the palm",
      markdown: `The palm is the part of a glove that does the work, and it is also the part that wears out first. A soft, thick *match latex* grips like nothing else on a dry evening, but it gives up some of its life with every session. A firmer *training latex* will not feel as sticky, yet it lasts two or three times as long.

Most keepers we talk to settle on the same answer: one pair for matches and one for the training pitch. It sounds like more money, but the match pair stays fresh for the games that count, and over a season you buy fewer gloves, not more.`,
    },
    {
      heading: "The fit is not a detail",
      markdown: `A glove that is a size too big folds at the fingertips and lets the ball squirm out of a catch. One that is too small pulls the latex tight, so it cracks early and the fingers never quite close. Aim for **about half a centimetre of room beyond the fingertips**: enough to bend your fingers fully, not enough to leave empty latex flapping.

Cuts change how a size feels. A *negative cut* sits close, with the seams inside; a *roll finger* wraps the latex around the finger for a bigger contact area; a *flat palm* is roomier and the most forgiving for growing hands. Try two sizes when you can, and make the decision with your fingers bent, not spread.`,
    },
    {
      heading: "Care that adds weeks",
      markdown: `Latex dies from dirt, heat and dryness. After every session, rinse your gloves in *lukewarm* water, work the mud out of the palm with your thumbs and press, never wring, the water out. Let them dry slowly at room temperature, away from radiators and direct sun, with the palms apart.

Before the next session, dampen the palms slightly: latex grips best a little moist. A dedicated glove wash once a week lifts the film that plain water leaves behind. And **never leave wet gloves zipped in a bag overnight**; that single habit ruins more pairs than any striker does.`,
    },
    {
      heading: "What the closure does",
      markdown: `The strap around the wrist is easy to overlook until it fails you. A *full wrap* closure, a long strap that goes almost all the way around, gives the wrist support on hard landings and keeps the glove from twisting when you punch. A *short strap* feels freer and is quicker to get on and off.

Keepers who play on hard ground or dive a lot tend to prefer the wrap. Keepers who value feel over support, or who tape their wrists anyway, often go short. Neither is wrong: pull the strap firm, not tight, so the blood still reaches your fingers in the ninetieth minute.`,
    },
    {
      heading: "Matching gear to the surface",
      markdown: `Artificial grass is **hard on latex**. The rubber crumb acts like fine sandpaper, so a soft match palm can be worn through in a handful of sessions. On plastic pitches, a harder palm or a dedicated training pair pays for itself quickly.

The surface changes more than gloves. Padded undershorts and trousers save your hips from turf burn, and long sleeves protect the elbows on every landing. On *frozen or bone-dry* grass, elbow pads stop the small knocks that make a keeper hesitate to dive at all, and hesitation costs more goals than any slip.`,
    },
    {
      heading: "When to retire a pair",
      markdown: `Every pair reaches a point where it does more harm than good. The signs are clear once you know them: the latex has worn through to the backing on the palm, the grip is gone even when damp, or the stitching at the fingertips has opened. Gloves like that make you *doubt* a catch, and doubt turns saves into parries.

Keep an old pair for the warm-up, the rain-soaked sessions and the shots against the wall. Demote your match pair to training when its grip drops, and **bring a new pair in two or three sessions before a big game**, so it is broken in but fresh.`,
    },
  ],
  technique: [
    {
      heading: "Get set before the shot",
      markdown: `Almost every good save starts before the striker touches the ball. The *set position* is the moment you stop moving: feet about shoulder-width apart, weight on the balls of the feet, knees soft, hands in front of the body at waist height. Time it to land as the shooter's foot goes back.

If you are still moving when the ball is struck, you can only go where your momentum carries you. If you are set, you can go **either way, low or high**. Film a session on your phone and look for the moment you land: most keepers find they set too late, not too early.`,
    },
    {
      heading: "Lead with the hands",
      markdown: `The hands get to the ball first, so let them lead. On any save, move your hands towards the ball *before* your body follows, and keep them in your line of sight. A save made with the hands out in front can be caught or pushed wide; a save made with the hands behind the body usually ends up in the net.

For low balls, the bottom hand goes behind the ball and the top hand comes over it. For high balls, the thumbs almost touch behind the ball, forming a *W*. Practise it slowly first: **technique that is right at half speed** is the only kind that holds up at full speed.`,
    },
    {
      heading: "Footwork wins the hard ones",
      markdown: `Keepers love the dive, but the best keepers dive less. Small, quick side-steps keep you square to the ball and let you reach shots that would otherwise need a full-length dive. *Shuffle, do not cross your feet*, except when you have to cover a long distance quickly, as when a cross changes the angle.

When a dive is needed, the first step matters most. Step towards the ball at an angle, slightly forward rather than sideways, so you attack the shot and cut down the time it has. **Diving forward** also keeps rebounds away from the six-yard box, where the striker is waiting.`,
    },
    {
      heading: "Land the right way",
      markdown: `Landing badly is how keepers get hurt, and how they learn to fear diving. Land on the *side of the body*, hip, then shoulder, then arm, never on the elbow or the stomach. The ball, once caught, goes down to the ground first, so it takes some of the impact instead of your ribs.

Practise on soft ground: from kneeling, then from a crouch, then standing. Add the ball only when the landing feels natural. **A keeper who trusts the landing** commits fully to every dive, and full commitment is the difference between a fingertip save and watching the ball go past.`,
    },
    {
      heading: "Read the striker, not the ball",
      markdown: `The ball tells you where it is; the striker tells you where it is going. Watch the *standing foot* and the hips: an open body usually means a shot across the keeper, a closed one a shot to the near post. The head dropping over the ball means a low, driven shot.

These are tendencies, not guarantees, and good strikers disguise them. The point is to be a fraction earlier. Combine the reading with a **good set position** and you will find yourself moving a moment before the ball is struck rather than a moment after.`,
    },
    {
      heading: "Decide, then commit",
      markdown: `Half-decisions cost goals. Coming off your line halfway for a cross, or staying between two options in a one-against-one, leaves you in *no man's land*: too far out to stay, not close enough to win the ball. Make a call early and follow it through.

Communication is part of the decision. Shout *"keeper!"* loudly and early when you come, and "away!" when you want a defender to clear. Defenders play better when they know what you will do, and **a loud keeper rarely collides** with a teammate at the back post.`,
    },
  ],
  "pro-keepers": [
    {
      heading: "The quiet part of the job",
      markdown: `Fans see the saves. They rarely see what a professional keeper does in the other eighty-five minutes: *organising the line*, calling out runners, adjusting the wall, and staying switched on while play is at the other end. Most pros say that concentration is the skill that took longest to learn.

One habit comes up again and again: talking. Keepers who keep up a running commentary for their defenders stay in the game mentally, and **the shouting keeps their own focus sharp** as much as it helps the back four.`,
    },
    {
      heading: "Preparation is personal",
      markdown: `No two professional keepers prepare the same way. Some study every opponent's penalty takers on video the night before; others prefer to arrive with a clear head and trust what they see on the day. What they share is a *routine*: the same warm-up, the same order of drills, the same number of catches before the first whistle.

Gloves are part of the ritual. Many pros bring three or four pairs to every match, keep one pair for the warm-up only, and **change at half-time when the palms get heavy** with mud or rain.`,
    },
    {
      heading: "Mistakes and how they handle them",
      markdown: `Every keeper makes mistakes, and the ones at the top level make them in front of thousands of people. The difference is what happens in the next five minutes. Pros talk about a *reset*: a deep breath, a drink from the bottle in the net, a touch of the post, a word to the nearest defender.

The work on mistakes happens later, on video and on the training ground, never in the game. **Next ball, next action** is the phrase we hear most often. It sounds simple, and it takes years to make it true.`,
    },
    {
      heading: "What changed in the modern game",
      markdown: `Twenty years ago a keeper was judged almost entirely on shot-stopping. Today coaches expect their keeper to build play from the back, to cover the space behind a high defensive line and to play passes under pressure that outfield players would find difficult. *Feet are now part of the job description.*

That has changed training, too. Professional keepers now spend a large part of every week on **passing, receiving and scanning** before they take a ball, alongside the diving and handling that never goes away.`,
    },
    {
      heading: "Advice for young keepers",
      markdown: `We ask every professional we speak to what they would tell a young keeper, and the answers are remarkably alike. *Play outfield too*, while you can: it teaches you how attackers think and gives you the footwork the modern game needs. Enjoy the position, even when it is lonely.

And look after the basics. Warm up properly, take care of your gloves, and **learn to land safely** before you learn to fly. The spectacular saves come later, once the simple ones are automatic.`,
    },
    {
      heading: "The numbers behind the performance",
      markdown: `Clean sheets tell only part of a keeper's story. Analysts now look at *saves compared with expected goals*: how many goals a keeper prevented, given the quality of the chances they faced. A keeper behind a poor defence can concede a lot and still rate highly.

The numbers also show the work that does not make the highlights: crosses claimed, sweeping actions outside the box, passes completed under pressure. **A good game can be a quiet one**, and the data is finally starting to show it.`,
    },
  ],
  training: [
    {
      heading: "Warm up like you mean it",
      markdown: `A keeper's warm-up is not a formality. It prepares the joints for landings, the hands for the ball and the eyes for the pace of the game. Start with *mobility*: hips, shoulders, wrists and fingers, five minutes at least. Then handling at walking pace, then footwork, then short dives, and only then shots at full power.

Keep the order the same every time. A routine tells your body what is coming and settles the nerves before a match. **Never start a session with full-length dives**: that is how groins and shoulders get strained.`,
    },
    {
      heading: "Quality over quantity",
      markdown: `It is tempting to measure a session by how many shots you faced. But a keeper who dives fifty times with poor technique is mostly practising poor technique. Work in *short, sharp sets*: six to eight repetitions, then a rest long enough to do the next set properly.

When the technique slips because you are tired, stop the drill or change it. **Fatigue is the enemy of good habits**, and good habits are what you fall back on in the last minute of a tight game.`,
    },
    {
      heading: "Train your reactions",
      markdown: `Reaction speed can be trained, and it does not need a full team. A *reaction ball*, the odd-shaped rubber ball that bounces unpredictably, is one of the best tools a keeper can own: throw it against a wall and catch it after one bounce, alternating hands.

Rebounders do the same job at higher speed, and a partner with a tennis ball can turn any corridor into a reflex session. Keep the sets short, around **thirty seconds of work**, because reactions dull quickly once you tire.`,
    },
    {
      heading: "Build the body for the job",
      markdown: `Goalkeeping is a game of short explosions: a dive, a jump, a sprint off the line. Strength work should match that. Focus on the *legs and hips* for power, the core for landing control, and the shoulders and wrists for the impact of shots and falls.

Two short sessions a week are enough for most keepers: squats or lunges, single-leg jumps, planks and side planks, and band work for the shoulders. **Rest days are part of training**; the body gets stronger while it recovers, not while it works.`,
    },
    {
      heading: "Make it match-realistic",
      markdown: `Drills that never look like a match rarely help in one. Add *decisions* to your sessions: a cross that might be a shot, a through ball that you must judge whether to chase, a shot that takes a deflection off a cone. The goal is to practise reading the game, not just the catching.

Finish every session with something game-like, such as a small-sided match or a shooting game with defenders. **End on a good save**, so the last thing your body remembers is success.`,
    },
    {
      heading: "Look after your gloves in training",
      markdown: `Training is where gloves go to die, especially on artificial grass. Keep a *dedicated training pair* with a harder palm, and save your match gloves for match days. Rinse both after every session; mud left in the latex hardens and tears it.

If you train several times a week, two training pairs used in turn last longer than one used every day, because **latex needs a day to recover** its shape and moisture.`,
    },
  ],
  community: [
    {
      heading: "Why we do it",
      markdown: `We started this shop because finding good goalkeeping gear used to mean ordering from abroad or making do with whatever the sports shop had in the corner. Every keeper deserves *gear that fits and a place to ask questions*, whatever their age or level.

That is why we put time into the keeper community: camps, glove drives, coaching evenings, and the clubs where most keepers start. **For every keeper, everywhere, always** is what we say, and this is how we try to live up to it.`,
    },
    {
      heading: "How to take part",
      markdown: `Taking part is simple. Most of our events are *free for members of the Keepers' Club*, the free tier of our membership, and open to everyone else while places last. Sign up on the event's page, or drop by the shop and ask at the counter.

Clubs can get in touch too. If you run a junior section or a women's team and your keepers need support, **write to us at hello@shop.example** and tell us about your club.`,
    },
    {
      heading: "What you told us",
      markdown: `We read every message you send, and a few themes come up again and again. Parents want help finding the *right size for fast-growing hands*. Grassroots coaches want simple drills they can run without a specialist. And older keepers coming back to the game want advice on protecting their knees and hips.

We are working on all three, in the shop and in these pages. **Keep the messages coming**; they shape what we stock and what we write about.`,
    },
    {
      heading: "Thanks to the volunteers",
      markdown: `None of this happens without volunteers. Coaches who give up their evenings, parents who drive half a team across the county, and keepers who come back to help the next generation are the real heart of the game. We are *proud to support them* in a small way.

If you know a volunteer who deserves a mention, tell us. **Every month we send a thank-you pack**, a pair of gloves and a glove wash, to someone nominated by the community.`,
    },
    {
      heading: "Keeping gear out of landfill",
      markdown: `A pair of gloves that no longer suits a match keeper can still serve a beginner for a season. We collect *clean, used gloves* in the shop and pass them on to clubs and schools that need them, after a wash and a check.

Gloves that are truly finished are separated where we can: the foam and textile backings go to a recycler, the wrist straps to another. It is not perfect yet, but **every pair that gets a second life** is one fewer in the bin.`,
    },
    {
      heading: "Dates for your calendar",
      markdown: `We post every event in the news section first and mail the details to members who have *opted in to our newsletter*. Places at camps and coaching evenings usually go within days, so members hear first.

Can't make it this time? Most of our sessions are repeated during the season, and we film the best drills for the exclusives section. **Club members can watch them** from their account whenever they like.`,
    },
  ],
};

/** Sections only members read: behind the scenes, pro sessions, early looks. */
export const exclusiveSections: readonly Section[] = [
  {
    heading: "Why this is for members",
    markdown: `Some of what we see behind the scenes cannot go on the open site: samples that are not final, sessions where the pros speak freely, and drops that are not on sale yet. The exclusives section is where we share it with *Keepers' Club members first*.

Please keep the details to yourselves until the public launch. **Screenshots of early samples** are the one thing we ask you not to post; the colourways can still change before they reach the shop.`,
  },
  {
    heading: "From the session notes",
    markdown: `We were allowed to sit in and take notes, and a few things stood out. The session never stopped for long: *short bursts of work, short rests*, with the coach talking through every repetition. Nothing was done at full speed until the technique was right at half speed.

The keepers themselves were relentlessly self-critical. A save that looked perfect from the side was described as "late" or "too soft". **The standard is not the save; it is how the save was made.**`,
  },
  {
    heading: "What the pros told us off the record",
    markdown: `Away from the cameras, the conversation turned quickly to gloves. Every keeper had strong opinions about *latex thickness, finger cuts and straps*, and none of them agreed. One changes pairs at half-time every match; another wears one pair for three games and swears it only gets better.

What they did agree on: gloves should feel like part of the hand, and **confidence in your kit is worth more than any feature** on the box.`,
  },
  {
    heading: "Try it yourself",
    markdown: `You do not need a professional set-up to use this. Take the drill in its simplest form: *one server, one keeper, ten minutes*. Do it twice a week for a month and film the first and the last session.

Members who tried the early version of this told us the difference was clearest in their set position and first step. **Send us your before-and-after clips**; we will feature the best ones in the next members' update.`,
  },
  {
    heading: "An early look at the drop",
    markdown: `The samples we handled are close to final. The palm is a *new four-millimetre latex* with a softer feel than the current range, and the backhand has been simplified to save weight. The colourways will be familiar to anyone who has followed our members' votes.

Club members get **early access on launch day**, a few hours before general sale, and Pro members get their 10 % off as usual. We will mail the exact time to everyone who has opted in.`,
  },
  {
    heading: "Behind the scenes",
    markdown: `What struck us most was how much work goes into the parts nobody sees. Every batch of latex is tested by hand, *cut, stretched and worn*, before it is approved, and every cut is tried by keepers of different hand shapes, not only one pro.

It is slow and it is expensive, and it is why a good pair of gloves costs what it does. **We would rather sell fewer, better gloves** than fill the shop with pairs that fall apart in a month.`,
  },
  {
    heading: "What comes next",
    markdown: `This is the first part of a series that runs through the season. Next up: a *recovery day* with the same keepers, and a look at how they prepare gloves on a matchday morning.

Have a question you want us to ask? **Reply to the members' newsletter** or write to hello@shop.example. The best questions go straight to the pros.`,
  },
  {
    heading: "Members' questions, answered",
    markdown: `We collected your questions before the visit, and the two we heard most were about *nerves before big games* and about when to change gloves. The answers were refreshingly simple: nerves are a sign that the game matters, and you change gloves when you stop trusting them, not on a schedule.

One more answer worth sharing: **the pros train their weaker side twice as much** as their stronger one, every week, without exception.`,
  },
];

/** The closing line of a post: where to go next, with a link. */
export const closings: Record<string, readonly string[]> = {
  gear: [
    `Ready for a new pair? Browse our [goalkeeper gloves](/shop/gloves) by cut, size and latex, or compare up to four pairs side by side.`,
    `Keep your latex fresh with a proper [glove wash](/shop/accessories/sub/glove-wash), and ask us in the shop if you are unsure of your size.`,
  ],
  technique: [
    `Want to practise this at home? Our [training equipment](/shop/training) has everything from reaction balls to rebounders.`,
    `Technique needs the right tools: have a look at our [training gloves](/shop/gloves/sub/training), made to survive hundreds of dives.`,
  ],
  "pro-keepers": [
    `See the gloves the pros trust in our [match glove range](/shop/gloves/sub/match), and join the [Keepers' Club](/membership) for more interviews.`,
    `Members read the full interviews in the exclusives section: [join the Keepers' Club](/membership) for free.`,
  ],
  training: [
    `Everything in this session is in our [training range](/shop/training): rebounders, cones, reaction balls and agility gear.`,
    `Train hard, and give your gloves a break: a pair of [training gloves](/shop/gloves/sub/training) saves your match pair for match days.`,
  ],
  community: [
    `Want to hear first? [Join the Keepers' Club](/membership), our free membership, and opt in to the newsletter.`,
    `Questions, ideas or a club to nominate? Write to us at hello@shop.example, or read more [about us](/about).`,
  ],
  exclusives: [
    `Thanks for being a member. More from behind the scenes soon; in the meantime, members see the newest drops first in [the shop](/shop).`,
    `This is members-only content: please do not share it yet. Manage your membership and newsletter choices in [your account](/my-account).`,
  ],
};
