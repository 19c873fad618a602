// The one product the reference page shows: a plain object in code, so the yardstick
// pays for routing, a loader and React's render, and for nothing else.

export type Review = { author: string; city: string; date: string; rating: number; text: string };

export type Product = {
  group: string;
  slug: string;
  title: string;
  short: string;
  priceCents: number;
  currency: string;
  volume: string;
  images: Array<{ src: string; alt: string }>;
  description: string[];
  ingredients: Array<{ name: string; why: string; origin: string }>;
  steps: string[];
  warnings: string[];
  delivery: string[];
  reviews: Review[];
  related: Array<{ href: string; title: string; short: string; image: string }>;
};

export const product: Product = {
  group: "body",
  slug: "hemor-cream",
  title: "Soothing herbal ointment",
  short:
    "A natural ointment of herbs, honey and beeswax that calms itching, burning and pain. One 8 ml jar.",
  priceCents: 10_000,
  currency: "GEL",
  volume: "8 ml",
  images: [
    { src: "/images/ointment-front.svg", alt: "A jar of soothing herbal ointment, front view" },
    { src: "/images/ointment-open.svg", alt: "An open jar of soothing herbal ointment" },
  ],
  description: [
    "A natural ointment for a delicate problem that many people would rather not talk about. It calms itching and burning, eases pain and tension, and helps the skin recover on its own.",
    "We make it by hand in small batches after a recipe we have improved for about ten years: the base is purified animal fat and bee honey, to which we add extracts of calendula, witch hazel and horse chestnut, a little menthol and cold-pressed olive oil.",
    "There are no harsh additives in it: only natural ingredients that folk medicine has trusted for many generations, weighed and mixed the same way every time so that each jar works like the last.",
    "Every batch is tested for texture and smell before it is poured, and each jar carries the date it was made. We do not use preservatives, so we make only as much as we can sell within a few months.",
    "Many of our customers first bought it for a parent or a friend who would not ask for it themselves. The parcel is plain, the message on the courier's slip says only the name of the shop, and nobody needs to know what is inside.",
    "The jar is small on purpose. A portion the size of a pea is enough for one application, so one jar lasts about three weeks of use twice a day, and the ointment stays fresh until it is finished.",
  ],
  ingredients: [
    {
      name: "Purified animal fat",
      why: "a rich base that keeps the skin supple and holds the herbs",
      origin: "rendered and filtered in our own kitchen",
    },
    {
      name: "Bee honey",
      why: "soothes and protects irritated skin",
      origin: "from a family apiary in the hills of Kakheti",
    },
    {
      name: "Calendula extract",
      why: "calms redness and helps small cracks close",
      origin: "flowers grown and dried in Imereti",
    },
    {
      name: "Witch hazel extract",
      why: "tightens and cools swollen tissue",
      origin: "a cold extract from a trusted supplier",
    },
    {
      name: "Horse chestnut extract",
      why: "supports the walls of small veins",
      origin: "from chestnuts gathered in western Georgia",
    },
    {
      name: "Menthol",
      why: "a cooling touch that takes the itch away at once",
      origin: "natural crystals from mint oil",
    },
    {
      name: "Olive oil",
      why: "softens and spreads the ointment evenly",
      origin: "extra virgin, cold-pressed",
    },
    {
      name: "Beeswax",
      why: "keeps the ointment firm in the jar and on the skin",
      origin: "from the same apiary as the honey",
    },
  ],
  steps: [
    "Wash the area with warm water and pat it dry with a soft towel.",
    "Take a portion the size of one or two match heads (about a pea) and warm it between your fingers for a minute.",
    "Apply it gently around the sore area and on any swollen nodes.",
    "Repeat twice a day, in the morning after waking up and in the evening before sleep, until the symptoms are gone.",
  ],
  warnings: [
    "Do not use it if you are allergic to any of the ingredients, honey in particular.",
    "A light burning where it is applied is normal and passes within a few minutes.",
    "This is not a medicine. If the symptoms do not go away or there is bleeding, see a doctor.",
  ],
  delivery: [
    "We deliver across Georgia by courier within one to three days. In Tbilisi you can choose a two-hour window on the day that suits you; elsewhere the courier calls the evening before.",
    "You pay in cash when the parcel arrives, after you have seen it. The parcel is plain and does not say what is inside.",
    "Delivery is free from two jars on; for a single jar it costs five lari anywhere in the country.",
  ],
  reviews: [
    {
      author: "Nino K.",
      city: "Tbilisi",
      date: "2026-10-02",
      rating: 5,
      text: "I was embarrassed to even order it, but I am so glad I did. The itching stopped on the first evening and after a week I had forgotten about the problem. The jar is small but it lasted me almost a month. Delivery was quick and the courier was polite.",
    },
    {
      author: "Giorgi M.",
      city: "Batumi",
      date: "2026-09-18",
      rating: 5,
      text: "I have tried three pharmacy creams before this one and none of them helped as quickly. It smells of herbs and honey, not of chemicals, and it does not stain clothes. I have already ordered a second jar for my father.",
    },
    {
      author: "Anna S.",
      city: "Kutaisi",
      date: "2026-09-05",
      rating: 4,
      text: "It works well and gently. The first application burned a little, as the description warns, but that passed in a couple of minutes. I would like a bigger jar for the same money, which is why I give four stars and not five.",
    },
    {
      author: "Levan T.",
      city: "Rustavi",
      date: "2026-08-21",
      rating: 5,
      text: "After a long drive home from work every day the pain had become constant. Two weeks with this ointment and I can sit normally again. My wife found the shop and I am grateful to her and to the people who make it.",
    },
    {
      author: "Tamar B.",
      city: "Tbilisi",
      date: "2026-08-09",
      rating: 5,
      text: "After giving birth I had this problem for the first time and did not know what to do. A friend recommended this ointment. It is natural, which mattered to me while breastfeeding, and it helped within days. Thank you!",
    },
    {
      author: "David G.",
      city: "Zugdidi",
      date: "2026-07-30",
      rating: 4,
      text: "Good product, it really calms the itching. The texture is firm in the cold and softens in the fingers, so warming it first as the instructions say is important. Packaging was discreet, which I appreciated.",
    },
    {
      author: "Eka J.",
      city: "Telavi",
      date: "2026-07-14",
      rating: 5,
      text: "My mother has suffered from this for years and was tired of creams that only helped for a day. She has used this one for a month now and says it is the first thing that really works. We will keep ordering it.",
    },
    {
      author: "Irakli P.",
      city: "Tbilisi",
      date: "2026-06-27",
      rating: 5,
      text: "Ordered on Monday, the courier came on Tuesday evening and called half an hour before. The ointment did what it promised within a few days. The price seemed high at first, but one jar is enough for a full course.",
    },
    {
      author: "Mariam D.",
      city: "Gori",
      date: "2026-06-11",
      rating: 4,
      text: "It helps, and the natural ingredients are the reason I chose it. The smell of menthol is quite strong in the first minutes, so I use it in the evening. Otherwise I have nothing to complain about.",
    },
    {
      author: "Sandro V.",
      city: "Poti",
      date: "2026-05-29",
      rating: 5,
      text: "I work on my feet in a warehouse and the problem came back every few months. This time I started the ointment at the first sign and it never got bad. I keep a jar at home now, just in case.",
    },
    {
      author: "Natia R.",
      city: "Mtskheta",
      date: "2026-05-16",
      rating: 5,
      text: "I bought it for my husband, who would never have gone to a pharmacy to ask for something like this. He was sceptical, but after three days he asked me to order another jar so we would not run out. That says everything.",
    },
    {
      author: "Beka L.",
      city: "Batumi",
      date: "2026-05-02",
      rating: 4,
      text: "Works as described and the ingredients are honest. I took off one star only because the jar is hard to open with greasy fingers; a wider lid would help. The shop answered my question on Telegram within an hour.",
    },
  ],
  related: [
    {
      href: "/catalog/body/burn-cream",
      title: "Burn cream",
      short: "A natural cream that soothes the skin after small burns. Coming soon.",
      image: "/images/burn-cream-front.svg",
    },
    {
      href: "/catalog/face/acne-cream",
      title: "Acne cream",
      short: "A natural cream for skin that tends to break out. Coming soon.",
      image: "/images/acne-cream-front.svg",
    },
    {
      href: "/catalog/body/joint-balm",
      title: "Joint balm",
      short: "A warming balm for tired joints and muscles after a long day. Coming soon.",
      image: "/images/joint-balm-front.svg",
    },
  ],
};
