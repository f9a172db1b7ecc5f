import type { CoverScene } from "./covers.ts";

/*
 * The demo newsroom: its categories, its writers, and what each post is about. news-posts.ts
 * turns an idea into a full post (body, date, cover, videos).
 */

export interface NewsCategorySeed {
  slug: string;
  name: string;
  description: string;
  /** The colour of the category's covers. */
  hex: string;
  /** The two scenes its news covers show; its exclusives get a spotlight. */
  scenes: readonly [CoverScene, CoverScene];
  /** The writer who covers the category most often. */
  writer: string;
}

export const newsCategorySeeds: readonly NewsCategorySeed[] = [
  {
    slug: "gear",
    name: "Gear & gloves",
    description: "Gloves, latex, cuts and sizes: what to wear between the posts and how to make it last.",
    hex: "#1e6bff",
    scenes: ["goal", "arc"],
    writer: "Lena Okafor",
  },
  {
    slug: "technique",
    name: "Technique",
    description: "Diving, handling, footwork and decisions, explained step by step by keeper coaches.",
    hex: "#1f8a70",
    scenes: ["arc", "box"],
    writer: "Tomás Rivera",
  },
  {
    slug: "pro-keepers",
    name: "Pro keepers",
    description: "Interviews, profiles and match reports from keepers who play at the top level.",
    hex: "#6b3fa0",
    scenes: ["goal", "box"],
    writer: "Jonas Berg",
  },
  {
    slug: "training",
    name: "Training",
    description: "Drills, warm-ups and sessions for keepers training alone, in pairs or with a coach.",
    hex: "#ff7a1a",
    scenes: ["box", "arc"],
    writer: "Aisha Mensah",
  },
  {
    slug: "community",
    name: "Club & community",
    description: "Camps, events, grassroots clubs and news from the shop and the keepers around it.",
    hex: "#e0352b",
    scenes: ["goal", "arc"],
    writer: "Sam Whitlock",
  },
];

/** The staff writers; each category has a regular one, and the others stand in now and then. */
export const writers: readonly string[] = newsCategorySeeds.map((category) => category.writer);

export interface PostIdea {
  slug: string;
  title: string;
  /** One or two sentences for listings and share cards. */
  excerpt: string;
  category: string;
  /** The post's own opening paragraph. */
  lede: string;
  /** Three short take-aways, shown as a list. */
  points: readonly [string, string, string];
}

export const newsIdeas: readonly PostIdea[] = [
  // Gear & gloves
  {
    slug: "how-to-wash-goalkeeper-gloves",
    title: "How to wash goalkeeper gloves without killing the latex",
    excerpt: "Five minutes after every session adds weeks to a pair of gloves. Here is the routine we teach in the shop.",
    category: "gear",
    lede: "Most gloves do not wear out; they are *washed out*, dried out or cooked on a radiator. Latex is a natural material, and it wants the same care as your skin: lukewarm water, a gentle wash and a slow dry. We asked the team in the shop for the routine they give every customer who buys a match pair.",
    points: [
      "Rinse in lukewarm water after every session, and press the water out instead of wringing.",
      "Dry slowly at room temperature, never on a radiator or in the sun.",
      "Use a glove wash once a week to lift the film plain water leaves behind.",
    ],
  },
  {
    slug: "negative-roll-or-flat-palm",
    title: "Negative, roll or flat palm: which cut suits your hands?",
    excerpt: "The cut of a glove changes how it fits, how it grips and how it feels on the ball. A guide to the three classics.",
    category: "gear",
    lede: "Walk along our glove wall and the words *negative*, *roll finger* and *flat palm* appear on almost every box. They describe how the palm is stitched to the fingers, and they matter more than most keepers think: the same size in two cuts can feel like two different gloves.",
    points: [
      "Negative cuts sit tight, with the seams inside, for the most feel on the ball.",
      "Roll-finger cuts wrap latex around the fingers for a bigger contact area.",
      "Flat palms are roomier and forgiving, a good start for young keepers.",
    ],
  },
  {
    slug: "finding-your-glove-size",
    title: "Finding your glove size: a measuring guide",
    excerpt: "A tape measure, two minutes and one rule of thumb: how to order gloves that fit the first time.",
    category: "gear",
    lede: "The question we hear most in the shop is *what size am I?* The answer starts with a tape measure. Measure around the widest part of your palm, below the knuckles, without the thumb, and measure your hand from the wrist crease to the tip of the middle finger. Our size chart takes it from there.",
    points: [
      "Measure the palm's circumference and the hand's length, then take the larger size the chart gives.",
      "Leave about half a centimetre beyond the fingertips.",
      "Between two sizes, go down for a negative cut and up for a flat palm.",
    ],
  },
  {
    slug: "wet-weather-latex-explained",
    title: "Wet-weather latex explained",
    excerpt: "Some gloves grip better when the rain comes down. What makes wet-weather latex different, and when to wear it.",
    category: "gear",
    lede: "Standard latex grips best when it is *slightly damp*, but a palm that is soaked turns slippery. Wet-weather latex is made differently: a more open surface that channels water away, so it keeps its grip in a downpour. For keepers in rainy climates, it is the difference between a catch and a spill.",
    points: [
      "Wet-weather palms keep their grip when standard latex turns slippery.",
      "They grip less well on a dry day, so keep them for the rain.",
      "Soak them briefly before the warm-up; they work best wet.",
    ],
  },
  {
    slug: "finger-protection-do-you-need-it",
    title: "Finger protection: do you need spines?",
    excerpt: "Fingersave gloves stop fingers bending backwards. Who should wear them, and what you give up.",
    category: "gear",
    lede: "Finger protection, often sold as *fingersave*, puts flexible spines in the back of the fingers that bend forwards but not backwards. They became popular after a wave of finger injuries in junior football, and opinions among keepers are still split.",
    points: [
      "Spines protect fingers that have been injured before and growing joints.",
      "They add a little weight and take a few sessions to get used to.",
      "Removable spines let you choose match by match.",
    ],
  },
  {
    slug: "new-season-glove-range",
    title: "The new-season glove range has landed",
    excerpt: "New cuts, new latex and three new colourways: a first tour of the range that arrived in the shop this week.",
    category: "gear",
    lede: "The boxes arrived on Monday and the team has not stopped trying things on since. This season's range brings *a new match latex*, a lighter backhand on the roll-finger models and three colourways chosen by Keepers' Club members in last spring's vote.",
    points: [
      "A softer match latex on every top-range glove.",
      "Lighter backhands on the roll-finger models.",
      "Three new colourways, chosen by club members.",
    ],
  },
  // Technique
  {
    slug: "the-collapse-dive-step-by-step",
    title: "The collapse dive, step by step",
    excerpt: "The save you will make most often in your career is a low one close to your body. How to get down fast and safely.",
    category: "technique",
    lede: "Highlight reels are full of flying saves, but most shots a keeper faces are *low and close*. The collapse dive, dropping sideways to the ground by taking the near leg away, gets you down quicker than any jump. It is the first save every keeper should master.",
    points: [
      "Take the near-side leg away and let the body fall sideways, not backwards.",
      "Hands lead, with the bottom hand behind the ball.",
      "Land on the side, hip then shoulder, with the ball pinned to the ground.",
    ],
  },
  {
    slug: "reaching-the-top-corner",
    title: "Reaching the top corner: the extension dive",
    excerpt: "How keepers cover the whole goal: the power step, the drive from the near leg and a top hand that leads.",
    category: "technique",
    lede: "A shot into the top corner gives you perhaps half a second. To get there you need *every centimetre*: a short step towards the ball, a powerful drive from the near leg and a top hand that reaches before the body follows. The extension dive is the most athletic save in goalkeeping, and it is a skill, not a gift.",
    points: [
      "Step forward at an angle to meet the ball earlier.",
      "Drive off the near leg and lead with the top hand.",
      "Push the ball wide of the post rather than trying to catch it.",
    ],
  },
  {
    slug: "the-set-position",
    title: "The set position: why the hop matters",
    excerpt: "Being still at the right moment is the hidden skill of shot-stopping. A closer look at the set position.",
    category: "technique",
    lede: "Watch a top keeper before a shot and you will see a small hop, a *set*, timed as the striker's foot goes back. It looks like a nervous habit; it is the most important movement in shot-stopping. Land balanced, and you can go anywhere.",
    points: [
      "Land as the shooter's foot goes back, not when the ball is struck.",
      "Feet shoulder-width apart, weight forward, hands at waist height.",
      "Set closer to goal for close shots and further out for long ones.",
    ],
  },
  {
    slug: "catching-w-grip-or-basket",
    title: "W grip or basket: catching the ball clean",
    excerpt: "Two shapes every keeper's hands should know, and when to use each.",
    category: "technique",
    lede: "A caught ball ends the danger; a spilled one starts a new one. Keepers use two main shapes to catch: the *W grip*, thumbs almost touching behind the ball, for shots at chest height and above, and the *basket*, ball scooped into the chest, for shots at the stomach.",
    points: [
      "W grip for chest-height and higher shots, fingers spread and thumbs behind the ball.",
      "Basket for shots at the body, elbows close together.",
      "Bring every catch into the body to protect it.",
    ],
  },
  {
    slug: "one-against-one-spread",
    title: "One against one: spreading the body",
    excerpt: "When the striker is through, make yourself big and make them decide. The spread, explained.",
    category: "technique",
    lede: "A striker clean through on goal is the moment keepers are made. The aim is not to guess but to *close the gap and make the goal look small*. The spread, dropping into a wide star shape at the last moment, blocks the most space with the least movement.",
    points: [
      "Close the distance while the striker's head is down.",
      "Stop and set before the shot, or you can be rounded.",
      "Spread wide with the hands low, facing the ball.",
    ],
  },
  {
    slug: "distribution-side-volley-and-throw",
    title: "Distribution: the side volley and the driven throw",
    excerpt: "A save is half the job. How to start an attack with the ball in your hands.",
    category: "technique",
    lede: "Modern keepers start attacks. Two skills help more than any others: the *side volley*, a flat, fast kick from the hands that reaches a winger without hanging in the air, and the *driven throw*, an overarm throw that skims the grass into a teammate's stride.",
    points: [
      "The side volley travels flat and fast; lean over the ball at contact.",
      "The driven throw is accurate up to forty metres.",
      "Look before you catch: the best distribution starts with knowing where your teammates are.",
    ],
  },
  // Pro keepers
  {
    slug: "interview-marta-keller",
    title: "Interview: Marta Keller on ten seasons between the posts",
    excerpt: "The captain of our partner club on nerves, rain-soaked cup ties and the pair of gloves she never washes.",
    category: "pro-keepers",
    lede: "Marta Keller has kept goal for our partner club for ten seasons, won two cups and faced more penalties than she cares to count. We met her after training to talk about *the long road to the first team*, the games she still thinks about, and why she never changes her routine.",
    points: [
      '"Concentration is a muscle; train it like one."',
      "She brings four pairs of gloves to every game and uses three.",
      "Her advice to young keepers: play outfield as long as you can.",
    ],
  },
  {
    slug: "cup-final-decided-by-a-keeper",
    title: "Match report: a cup final settled by a keeper",
    excerpt: "Two saves in normal time, one in the shoot-out: how the county cup final was won between the posts.",
    category: "pro-keepers",
    lede: "The county cup final finished one-all after extra time, and everybody in the ground knew what was coming. What followed was *a lesson in calm*: the home keeper saved the third penalty low to her left, having studied the taker's run-up all week.",
    points: [
      "Two one-against-one saves kept the final level in normal time.",
      "The winning save came from watching the taker's hips, not the ball.",
      "A glove change before the shoot-out: fresh latex for the decisive minutes.",
    ],
  },
  {
    slug: "what-academy-coaches-look-for",
    title: "Interview: what academy coaches look for in young keepers",
    excerpt: "Height is not the answer. An academy goalkeeping coach on the qualities that predict a career.",
    category: "pro-keepers",
    lede: "Every season, academies watch hundreds of young keepers in trials. We asked an academy goalkeeping coach what makes them stop and take notes. The answer surprised us: *not height, not even shot-stopping*, but how a young keeper reacts to a goal conceded.",
    points: [
      "Character after a mistake matters more than the mistake.",
      "Footwork and comfort on the ball are now expected at every age.",
      "Height helps, but late growers are often the better keepers later.",
    ],
  },
  {
    slug: "the-rise-of-the-sweeper-keeper",
    title: "The rise of the sweeper keeper",
    excerpt: "High defensive lines have pushed keepers out of their box. How the role changed, and what it asks of you.",
    category: "pro-keepers",
    lede: "When a team plays with a high line, there is forty metres of grass behind the defence, and someone has to cover it. That someone is the keeper. The *sweeper keeper*, reading through balls and leaving the box to clear them, has gone from rarity to expectation.",
    points: [
      "Start positions have moved several metres off the line.",
      "Reading the pass matters more than raw speed.",
      "Clearing with the feet, often under pressure, is now a core skill.",
    ],
  },
  {
    slug: "derby-clean-sheet-report",
    title: "Match report: a derby clean sheet built on patience",
    excerpt: "Eleven crosses claimed and not one spectacular save: why the quietest game of the season was the best.",
    category: "pro-keepers",
    lede: "There were no flying saves in Saturday's derby, and that was the point. The away keeper claimed *eleven crosses*, organised her line through ninety tense minutes and let nothing reach the six-yard box. It was a clean sheet built on decisions, not reflexes.",
    points: [
      "Eleven crosses claimed, each called loudly and early.",
      "The defensive line never dropped into the six-yard box.",
      "A rare game where the keeper's best work was never replayed on TV.",
    ],
  },
  {
    slug: "what-the-pros-wear",
    title: "What the pros wear: glove choices from our partner keepers",
    excerpt: "Negative cut or roll finger, four millimetres or three: the gloves in our partner keepers' bags this season.",
    category: "pro-keepers",
    lede: "We asked the keepers at our partner clubs which gloves they wear on matchday, and why. The answers covered *every cut and every latex* in the range, which tells you most of what you need to know: there is no best glove, only the best glove for your hands.",
    points: [
      "Negative cuts are the most popular choice, but only just.",
      "Most keepers use separate pairs for warm-up and match.",
      "Almost all of them wash their gloves after every game.",
    ],
  },
  // Training
  {
    slug: "ten-minute-warm-up",
    title: "A ten-minute warm-up for keepers",
    excerpt: "Mobility, handling, footwork and dives, in that order: a warm-up you can do before any match.",
    category: "training",
    lede: "Teams often leave the keeper to warm up alone, with a few shots at the end from whoever is free. This *ten-minute routine* needs one ball and one helper, and it gets your body and your hands ready for the first shot of the game, whenever it comes.",
    points: [
      "Two minutes of mobility: hips, shoulders, wrists, fingers.",
      "Three minutes of handling at rising pace, then two of footwork.",
      "Three minutes of dives, low first, high last.",
    ],
  },
  {
    slug: "reaction-ball-drills",
    title: "Five reaction-ball drills you can do alone",
    excerpt: "A wall, a reaction ball and twenty minutes: five drills for quicker hands.",
    category: "training",
    lede: "The *reaction ball*, six rubber bumps that make every bounce unpredictable, is the cheapest way to train your reflexes. All five of these drills need nothing but the ball and a wall, and they get harder as you stand closer.",
    points: [
      "Catch after one bounce, alternating hands, for thirty seconds.",
      "Start in a sitting position to train the hands alone.",
      "Move closer to the wall as you improve.",
    ],
  },
  {
    slug: "rebounder-session-for-two",
    title: "A full rebounder session for two keepers",
    excerpt: "Forty-five minutes, one rebounder and two keepers: a complete session, from handling to diving.",
    category: "training",
    lede: "A rebounder turns one keeper's throw into another keeper's unpredictable save. This session is built for *two keepers taking turns*, so one works while the other serves and rests, and every drill can be run by teenagers without a coach.",
    points: [
      "Handling first, at a distance of five metres.",
      "Low dives from the rebounder at an angle, then high ones.",
      "Finish with a competition: first to ten clean catches.",
    ],
  },
  {
    slug: "ladder-drills-quicker-feet",
    title: "Footwork ladder drills for quicker feet",
    excerpt: "Better footwork means fewer dives. Six ladder drills that carry over into real saves.",
    category: "training",
    lede: "An agility ladder looks like a tool for outfield players, but keepers benefit just as much. Quick, precise footwork lets you *stay square to the ball* and reach shots without diving. Each of these drills ends with a save, so the footwork stays connected to the job.",
    points: [
      "Always finish a ladder run with a catch or a dive.",
      "Work side-on as much as forwards; keepers move sideways.",
      "Speed comes after precision, never before.",
    ],
  },
  {
    slug: "off-season-strength",
    title: "Off-season strength work for goalkeepers",
    excerpt: "A six-week strength plan for the summer break, built for power, landing control and healthy shoulders.",
    category: "training",
    lede: "The off-season is the one time a keeper can build strength without worrying about the next match. This *six-week plan* uses two short sessions a week and little equipment: a resistance band, a step and your body weight.",
    points: [
      "Weeks one and two: control, with slow squats, lunges and planks.",
      "Weeks three and four: power, with jumps and single-leg bounds.",
      "Weeks five and six: speed, with short explosive sets and full rest.",
    ],
  },
  {
    slug: "training-at-home",
    title: "Training at home: a wall, a ball and twenty minutes",
    excerpt: "No pitch, no coach, no problem. A home session for keepers who want to improve between team trainings.",
    category: "training",
    lede: "Not every keeper has a coach, and not every week has enough team sessions. The good news is that *hands and reflexes* can be trained almost anywhere. All you need is a wall without windows, a ball and twenty minutes.",
    points: [
      "Ten minutes of wall catches at different heights.",
      "Five minutes of reaction-ball work.",
      "Five minutes of footwork between two markers.",
    ],
  },
  // Club & community
  {
    slug: "grassroots-glove-drive",
    title: "Our glove drive for grassroots clubs",
    excerpt: "Bring a clean pair of old gloves to the shop and we will pass them on to a junior club that needs them.",
    category: "community",
    lede: "Every season, junior clubs tell us the same thing: they have more young keepers than gloves. So this month we are running our *glove drive*. Bring a clean pair you no longer use, and we will wash it, check it and give it to a grassroots club, with a discount code for you as a thank-you.",
    points: [
      "Any size, any brand, as long as the palm still has some grip.",
      "Every donated pair gets a thank-you discount code.",
      "Clubs can apply for gloves by mail.",
    ],
  },
  {
    slug: "summer-keeper-camps",
    title: "Summer keeper camps: dates and how to sign up",
    excerpt: "Three days of goalkeeping for ages 9 to 16, coached by keepers who have played at the top level.",
    category: "community",
    lede: "Our summer camps are back: *three days of nothing but goalkeeping*, for keepers aged 9 to 16, coached by keepers from our partner clubs. Places are limited to twenty per camp so every keeper gets real coaching time.",
    points: [
      "Three-day camps for ages 9 to 16, all levels welcome.",
      "Twenty places per camp, with one coach for every five keepers.",
      "Keepers' Club members can book a week before everyone else.",
    ],
  },
  {
    slug: "showroom-opens",
    title: "Come and try gloves on: our showroom opens",
    excerpt: "Every glove in the range, a size-measuring station and a practice wall: our showroom is now open.",
    category: "community",
    lede: "Gloves are hard to buy online if you have never worn the cut before, so we have done something about it. Our new showroom has *every glove in the range* on the wall, a measuring station and a small practice area where you can catch a few shots before you decide.",
    points: [
      "Every glove in the range to try on, in every size.",
      "A measuring station and staff who are keepers themselves.",
      "A practice wall to test the grip before you buy.",
    ],
  },
  {
    slug: "womens-league-keepers",
    title: "Spotlight: the keepers of our local women's league",
    excerpt: "Six clubs, six keepers, one season: meet the goalkeepers of the local women's league.",
    category: "community",
    lede: "The local women's league has grown from four teams to six in two years, and the standard of goalkeeping has grown with it. We spent a weekend with *the league's six first-choice keepers*, from a seventeen-year-old debutant to a thirty-eight-year-old who came back after a decade away.",
    points: [
      "Six first-choice keepers, aged seventeen to thirty-eight.",
      "Most of them train alone at least once a week.",
      "The league is looking for more keepers: every club has space.",
    ],
  },
  {
    slug: "keeper-of-the-month",
    title: "Keeper of the month: your nominations",
    excerpt: "A double penalty save, a comeback after injury and a volunteer who never misses training: this month's nominees.",
    category: "community",
    lede: "Every month we ask you to nominate a keeper who deserves recognition, for a great performance, for a comeback or simply for being *the first at training every week*. This month's nominations were the hardest to choose from yet.",
    points: [
      "Nominate any keeper, at any level, by mail.",
      "The winner gets a pair of gloves of their choice.",
      "Every nominee gets a mention in this post.",
    ],
  },
  {
    slug: "second-life-for-old-gloves",
    title: "Give old gloves a second life",
    excerpt: "What happens to the gloves you bring back to the shop, and how we keep them out of landfill.",
    category: "community",
    lede: "Since we started collecting used gloves in the shop, customers have brought back *hundreds of pairs*. People often ask what happens next. Here is the honest answer: most of them go to new keepers, and the rest are taken apart as far as we can.",
    points: [
      "Pairs with grip left go to clubs and schools after a wash.",
      "Worn-out pairs are separated into foam, textile and straps.",
      "Bring them to the shop or send them with a return.",
    ],
  },
];

/** The one unpublished post, so editors' drafts are part of the demo. */
export const draftIdea: PostIdea = {
  slug: "autumn-colourways-first-notes",
  title: "Autumn colourways: first notes",
  excerpt: "A first look at the colours coming this autumn. Not published yet: the samples are still on their way.",
  category: "gear",
  lede: "The autumn samples are on their way, and the colour swatches are already pinned to the wall of the office. This post will go live once *the final samples* have been tested by the team.",
  points: [
    "Three colourways, one of them chosen by club members.",
    "The same latex as the current range.",
    "Launch date to follow.",
  ],
};

/** Member-only posts: behind the scenes, pro sessions, early looks at drops. */
export const exclusiveIdeas: readonly PostIdea[] = [
  {
    slug: "inside-the-glove-lab",
    title: "Inside the glove lab: how a pro cut is tested",
    excerpt: "We spent a day where our gloves are tested, from latex samples to the stitching machine. Members only.",
    category: "gear",
    lede: "Before a glove reaches the shop, it is cut, stitched, stretched, washed and worn to destruction. Club members get the full tour: we spent a day in the *testing room* where our partner factory decides which latex samples make it and which go back.",
    points: [
      "Every batch of latex is tested by hand before approval.",
      "New cuts are tried by keepers with very different hands.",
      "Most samples never make it to the shop.",
    ],
  },
  {
    slug: "early-look-volt-drop",
    title: "Early look: the volt drop before it goes on sale",
    excerpt: "Members see it first: the new volt-yellow match range, photographed from early samples.",
    category: "gear",
    lede: "It is bright, it is loud and it is nearly here. The *volt drop*, a full match range in the yellow you voted for, arrives in the shop next month. As a member you get this early look, and early access on launch day.",
    points: [
      "A complete match range in volt yellow, negative and roll-finger cuts.",
      "A new four-millimetre latex on every pair.",
      "Club members shop it before anyone else on launch day.",
    ],
  },
  {
    slug: "members-latex-test",
    title: "Members' test: four latex grades after fifty sessions",
    excerpt: "Twelve members wore four latex grades for fifty sessions each. The results of the longest test we have run.",
    category: "gear",
    lede: "Last autumn, twelve Keepers' Club members volunteered for our longest test yet: *four latex grades, fifty sessions each*, on grass and artificial turf. They logged grip, wear and comfort after every session, and the results changed how we stock gloves.",
    points: [
      "The softest latex lost half its grip on artificial turf by session twenty.",
      "The mid-grade latex was the best all-rounder by a distance.",
      "Washing after every session doubled the life of every grade.",
    ],
  },
  {
    slug: "pro-session-high-balls",
    title: "Pro session: claiming high balls with a first-division coach",
    excerpt: "The crossing session a first-division keeper coach runs every Tuesday, drill by drill. For members.",
    category: "technique",
    lede: "Every Tuesday, the keepers at our partner club spend an hour on nothing but crosses. We were invited to watch and film, and this is *the full session*, drill by drill, with the coach's notes on what he looks for in every repetition.",
    points: [
      "Start positions are set by where the ball is, not by habit.",
      "Every claim is called, loudly, before the keeper moves.",
      "Catch at the highest point, with the knee up for protection.",
    ],
  },
  {
    slug: "penalty-notes-reading-the-run-up",
    title: "Penalty notes: reading the run-up",
    excerpt: "What a professional keeper writes down about penalty takers, and how she uses it on the line.",
    category: "technique",
    lede: "Before every match, our partner club's first-choice keeper fills a notebook page about the opponent's penalty takers. She showed members *what she writes and why*, and how much of it she actually trusts when she is standing on the line.",
    points: [
      "The angle of the run-up says more than past penalties.",
      "Stay big and still for as long as you can.",
      "Notes help, but the last look at the hips decides.",
    ],
  },
  {
    slug: "matchday-with-a-pro",
    title: "Matchday with a pro: from the hotel to the final whistle",
    excerpt: "We followed a professional keeper through a whole matchday, from breakfast to the post-match ice bath.",
    category: "pro-keepers",
    lede: "What does a professional keeper do in the twelve hours before kick-off? We followed one through *a whole matchday*: breakfast, the team talk, the warm-up nobody in the stands sees, the game itself and the long evening afterwards.",
    points: [
      "The warm-up starts ninety minutes before kick-off, in the dressing room.",
      "Gloves are prepared the night before and again at half-time.",
      "The review of every goal conceded starts on the bus home.",
    ],
  },
  {
    slug: "whats-in-a-pros-glove-bag",
    title: "What's in a pro's glove bag",
    excerpt: "Four pairs of gloves, tape, a spray bottle and a lucky towel: a professional keeper empties their bag for members.",
    category: "pro-keepers",
    lede: "We asked a professional keeper to empty their glove bag on the dressing-room table and explain *every single item*. Some of it is exactly what you would expect; some of it is pure superstition, and they are not embarrassed about either.",
    points: [
      "Four pairs of gloves: warm-up, first half, second half, spare.",
      "A spray bottle of water to keep the latex damp.",
      "Finger tape, a towel and one very old lucky sock.",
    ],
  },
  {
    slug: "twenty-years-in-goal",
    title: "The long interview: twenty years of goalkeeping",
    excerpt: "A veteran keeper looks back on two decades in goal, the gloves that changed, and the saves he still dreams about.",
    category: "pro-keepers",
    lede: "Ruben Castell played his first senior game at seventeen and his last at thirty-seven. In this *members-only long interview*, he talks about two decades of goalkeeping, from cotton-backed gloves to modern latex, and what he wishes he had known at the start.",
    points: [
      '"Gloves got better every year; keepers had to get braver with them."',
      "His best save was one nobody filmed.",
      "He still trains twice a week, now as a coach.",
    ],
  },
  {
    slug: "pre-season-week-with-a-pro",
    title: "A pro keeper's pre-season week, session by session",
    excerpt: "Seven days, eleven sessions: the pre-season week of a professional keeper, written down for members.",
    category: "training",
    lede: "Pre-season is where a keeper's year is built. We were given *the complete plan* for a professional keeper's first pre-season week: eleven sessions in seven days, from fitness tests to the first friendly, with the coach's notes on each.",
    points: [
      "Fitness first, with the ball back in the hands from day two.",
      "Handling volume builds up slowly to protect the fingers.",
      "The week ends with a friendly and a full video review.",
    ],
  },
  {
    slug: "reflex-drills-from-the-pro-sessions",
    title: "Reflex drills from the pro sessions, filmed",
    excerpt: "Six reflex drills from our partner club's keeper sessions, filmed and explained for members.",
    category: "training",
    lede: "These are the *reflex drills* our partner club's keepers do at the end of every session, when they are tired and the ball is fast. We filmed all six, with the coach explaining how to run them with two keepers and a few cones.",
    points: [
      "Short sets of thirty seconds at full intensity.",
      "Deflections off cones and rebounders make the ball unpredictable.",
      "Always finish with a save the keeper is proud of.",
    ],
  },
  {
    slug: "members-night-recap",
    title: "Members' night: what you missed",
    excerpt: "Questions for the pros, a first look at samples and a glove-care clinic: the recap of our members' night.",
    category: "community",
    lede: "More than a hundred Keepers' Club members came to the shop for our *first members' night*: a question-and-answer evening with two professional keepers, a glove-care clinic and a table of samples that nobody outside the team had seen.",
    points: [
      "Two professional keepers answered questions for an hour.",
      "The glove-care clinic ran out of glove wash in forty minutes.",
      "The next members' night is planned for the spring.",
    ],
  },
  {
    slug: "vote-the-next-colourway",
    title: "Vote on the next members' colourway",
    excerpt: "Three designs, one vote per member: choose the colourway of next season's members' glove.",
    category: "community",
    lede: "Every year, club members choose the colourway of one glove in the range. This year's shortlist has *three designs*, and you have until the end of the month to vote. The winning design goes into production and into the shop, with members getting first access.",
    points: [
      "Three designs on the shortlist, one vote per member.",
      "Voting closes at the end of the month.",
      "The winning glove goes on sale to members first.",
    ],
  },
];

/**
 * Video addresses the demo posts link to. The ids are placeholders in YouTube's format, not
 * particular videos: an owner replaces them with their own.
 */
export const demoVideos: readonly string[] = [
  "https://www.youtube.com/watch?v=Kp3dG7mQx2A",
  "https://www.youtube.com/watch?v=r8TqW1vLz0c",
  "https://www.youtube.com/watch?v=H5nJ2xYb9Fs",
  "https://www.youtube.com/watch?v=a0Pz4MdK7wE",
  "https://www.youtube.com/watch?v=Tq9Ls3Vx_8k",
  "https://www.youtube.com/watch?v=Zb6cN1uR4hY",
  "https://www.youtube.com/watch?v=m2Wf8Jk-E5o",
  "https://www.youtube.com/watch?v=Xe7Gd0sQ3tB",
];
