/**
 * The health blog (spec §3): ten posts written for this project, in list
 * order. Server only (`.server`): the loaders send a page just the post it
 * shows, so the posts never weigh on the browser's JavaScript. Bodies are HTML written here (trusted: no user input ever reaches
 * them). Images are the project's own SVGs in public/images/blog.
 *
 * General health information, not medical advice: every post says so, and
 * the medical statements were kept to what regulators and published trials
 * say.
 */
import { STORE } from "@shared/store-constants"

export type BlogPost = {
  id: number
  title: string
  excerpt: string
  /** HTML. */
  content: string
  author: string
  /** ISO date (YYYY-MM-DD). */
  date: string
  image: string
  category: "Health"
  tags: string[]
  /** Sponsored posts say so and may carry a promo code. */
  sponsored?: { sponsor: string; promoCode: string }
}

export const BLOG_CATEGORIES = ["Health"] as const

const DISCLAIMER = `<p class="disclaimer">This article is general information, not medical advice. Talk to your doctor or pharmacist before starting, stopping or changing any medicine.</p>`

export const BLOG_POSTS: BlogPost[] = [
  {
    id: 1,
    title: "Is Compounded Semaglutide Safe? What to Know Before You Start",
    excerpt:
      "Compounded semaglutide can be a lower-cost option, but it is not the same as the brand-name product. Here is how to tell a careful pharmacy from a risky one.",
    author: "Dr. Elena Brooks, PharmD",
    date: "2025-08-04",
    image: "/images/blog/post-1.svg",
    category: "Health",
    tags: ["Semaglutide", "Compounding", "Medication Safety"],
    content: `
<p>Ozempic and Wegovy are FDA-approved brand-name medicines that contain semaglutide. While they were in short supply, many patients turned to <strong>compounded semaglutide</strong>, prepared by a pharmacy for an individual prescription. Compounded semaglutide is neither Ozempic nor Wegovy: it has not been through the FDA's review, and its ingredients, strength and quality depend on the pharmacy that makes it. Compounding is legal and useful, but it comes with trade-offs you should understand.</p>
<h2>Compounded is not the same as FDA-approved</h2>
<p>Compounded medicines are not FDA-approved: the FDA does not review them for safety, effectiveness or quality before they are sold, so much depends on the pharmacy that prepares them. A licensed 503A pharmacy compounds for individual patients under state board oversight; a 503B outsourcing facility registers with the FDA and follows current good manufacturing practice. The compounded semaglutide we dispense is compounded by ${STORE.name}, a state-licensed 503A pharmacy, only on a prescription for an individual patient.</p>
<p>The FDA declared the semaglutide shortage over in February 2025. Since then, pharmacies may compound it only when a prescriber decides that a patient needs something the approved products do not offer, such as a different strength or an ingredient left out.</p>
<h2>Questions to ask your pharmacy</h2>
<ul>
  <li><strong>Is the pharmacy licensed in your state?</strong> You can check with your state board of pharmacy.</li>
  <li><strong>Which form of semaglutide is used?</strong> Reputable pharmacies use the base form of semaglutide, not salt forms such as semaglutide sodium or acetate, which the FDA has warned about.</li>
  <li><strong>Is every batch tested?</strong> Ask about sterility, potency and endotoxin testing.</li>
  <li><strong>How is the dose measured?</strong> Compounded vials are often measured in units on an insulin syringe. The FDA has received reports of overdoses caused by confusing units with milligrams.</li>
</ul>
<h2>Dosing mistakes are the most common problem</h2>
<p>Many of the adverse events reported to the FDA with compounded semaglutide involved dosing errors, some serious enough to need hospital care. Before your first injection, make sure you know your dose in milligrams <em>and</em> in units, which syringe to use, and how to store the vial. Our pharmacists review this with every new patient, and you can call us any time during support hours.</p>
<h2>Know the warning signs</h2>
<p>Nausea and reduced appetite are expected at first. Severe abdominal pain that does not go away, persistent vomiting, signs of dehydration or symptoms of low blood sugar need prompt medical attention.</p>
${DISCLAIMER}`,
  },
  {
    id: 2,
    title: "My First Six Months on a GLP-1: One Reader's Story",
    excerpt:
      "A reader shares the honest version of starting a GLP-1 medicine: the slow start, the side effects, the habits that stuck and the numbers that changed.",
    author: "Sarah Nguyen, RD, CDCES",
    date: "2025-07-21",
    image: "/images/blog/post-2.svg",
    category: "Health",
    tags: ["GLP-1", "Patient Story", "Weight Loss"],
    content: `
<p>We asked readers to tell us what starting a GLP-1 medicine was really like. Denise, a 52-year-old teacher from Ohio, agreed to share her first six months. Her story is her own; everyone responds differently.</p>
<h2>Month one: patience</h2>
<p>"I expected the weight to fall off. It didn't. The starting dose is there to let your body adjust, and for me that meant mild nausea most afternoons and not much change on the scale. What did change was the constant background noise about food. For the first time in years I could leave half a sandwich."</p>
<h2>Months two and three: learning to eat again</h2>
<p>"When my dose went up, the nausea came back for about a week each time. Smaller meals helped, and so did stopping eating the moment I felt full instead of finishing my plate. I started planning protein first at every meal after a dietitian explained that I could lose muscle along with fat if I wasn't careful."</p>
<h2>Months four to six: the habits that stuck</h2>
<ul>
  <li>A 20-minute walk after dinner, five days a week.</li>
  <li>Two short strength sessions a week with resistance bands.</li>
  <li>Water bottle on my desk, because dehydration made the side effects worse.</li>
  <li>Injection day on Sunday morning, with a reminder on my phone.</li>
</ul>
<p>"By month six I had lost 31 pounds, my A1C had moved out of the prediabetes range, and my knees hurt less on the stairs at school. I still have days when I overeat. The difference is that they are days, not months."</p>
<h2>What Denise wants new patients to know</h2>
<p>"It's a tool, not a shortcut. Stay in touch with your doctor, tell them about side effects instead of quietly skipping doses, and don't compare your progress with anyone else's."</p>
${DISCLAIMER}`,
  },
  {
    id: 3,
    title: "Organizing Your Life Around a Weekly Injection",
    excerpt:
      "Weekly medicines are convenient, until you forget which day it is. Simple systems for reminders, storage, travel and refills that keep treatment on track.",
    author: "Michael Reyes, RPh",
    date: "2025-07-07",
    image: "/images/blog/post-3.svg",
    category: "Health",
    tags: ["Routines", "Medication Adherence", "Travel"],
    content: `
<p>Once-weekly medicines such as semaglutide and tirzepatide remove the daily routine of pills, but they bring a new challenge: remembering something that happens only once every seven days. A little organization goes a long way.</p>
<h2>Pick an anchor day</h2>
<p>Choose a day with a predictable routine, such as Sunday breakfast or Wednesday evening after work. Attach the injection to something you already do every week. Set a recurring phone reminder and a second one two hours later in case you miss the first.</p>
<h2>Keep a simple log</h2>
<p>Write down the date, the dose and the injection site (abdomen, thigh or upper arm, rotating each week). A paper calendar on the fridge works as well as an app. The log helps you and your prescriber spot patterns in side effects and makes dose changes less confusing.</p>
<h2>Storage that works</h2>
<ul>
  <li>Keep unopened pens or vials in the refrigerator, never in the freezer.</li>
  <li>Follow the product leaflet for how long an opened pen may stay at room temperature.</li>
  <li>Store medicines in one clearly labelled box so nobody in the household moves them.</li>
</ul>
<h2>Travelling</h2>
<p>Carry medicines in your hand luggage, in an insulated case with a cold pack, together with your prescription label. If you cross time zones, keep your usual day and adjust the time gradually; check your product's leaflet for how much flexibility it allows for a late dose.</p>
<h2>Never run out</h2>
<p>Reorder when you open your last pen or vial, not when it is empty. Shipping takes a few business days, and cold-chain parcels should not sit on a doorstep over a weekend.</p>
${DISCLAIMER}`,
  },
  {
    id: 4,
    title: "Ozempic and Type 1 Diabetes: What the Research Says",
    excerpt:
      "Ozempic is approved for type 2 diabetes, not type 1. Researchers are studying whether it can help people with type 1, and the early results come with important cautions.",
    author: "Dr. James Okafor, MD",
    date: "2025-06-23",
    image: "/images/blog/post-4.svg",
    category: "Health",
    tags: ["Ozempic", "Type 1 Diabetes", "Research"],
    content: `
<p>Ozempic (semaglutide) is approved by the FDA to improve blood sugar in adults with <strong>type 2</strong> diabetes and to lower cardiovascular risk in some of them. It is not approved for type 1 diabetes. Even so, many people with type 1 ask about it, and researchers are studying it.</p>
<h2>Why people with type 1 are interested</h2>
<p>Type 1 diabetes is caused by the loss of insulin-producing cells, so insulin is always required. But many people with type 1 also live with overweight and insulin resistance, which raise insulin needs and cardiovascular risk. GLP-1 medicines reduce appetite, slow stomach emptying and can lower the after-meal glucose rise.</p>
<h2>What small studies have found</h2>
<p>Small studies and clinic reports have described lower insulin doses, less variability in glucose and weight loss when semaglutide was added to insulin in adults with type 1 diabetes. These studies were short and small, and larger controlled trials are still under way.</p>
<h2>The risks are real</h2>
<ul>
  <li><strong>Hypoglycemia:</strong> lower appetite plus unchanged insulin doses can cause low blood sugar.</li>
  <li><strong>Diabetic ketoacidosis:</strong> cutting insulin too far, or eating very little because of nausea, can lead to DKA, a medical emergency.</li>
  <li><strong>Off-label use:</strong> insurers usually will not cover it, and dosing guidance for type 1 does not exist yet.</li>
</ul>
<h2>If you are considering it</h2>
<p>Only use a GLP-1 medicine for type 1 diabetes under the close supervision of an endocrinologist, with a continuous glucose monitor and a clear plan for adjusting insulin and checking ketones. Never reduce your insulin on your own.</p>
${DISCLAIMER}`,
  },
  {
    id: 5,
    title: "Zepbound Explained: How Tirzepatide Works for Weight Loss",
    excerpt:
      "Zepbound acts on two gut hormones instead of one. What that means, what the trials showed, who it is for and what to expect when you start.",
    author: "Dr. Elena Brooks, PharmD",
    date: "2025-06-09",
    image: "/images/blog/post-5.svg",
    category: "Health",
    tags: ["Zepbound", "Tirzepatide", "Weight Loss"],
    content: `
<p>Zepbound is the brand name of tirzepatide for chronic weight management. The same medicine is sold as Mounjaro for type 2 diabetes. The FDA approved Zepbound in November 2023 for adults with obesity, or with overweight and at least one weight-related condition, alongside a reduced-calorie diet and more physical activity.</p>
<h2>Two hormones, one injection</h2>
<p>Most GLP-1 medicines act on a single gut hormone receptor, GLP-1. Tirzepatide acts on two: GLP-1 and GIP. Together they reduce appetite, help you feel full sooner and improve how the body handles sugar.</p>
<h2>What the trials showed</h2>
<p>In the SURMOUNT-1 trial, adults without diabetes who took the highest dose for 72 weeks lost about a fifth of their body weight on average, compared with a few percent on placebo. Results vary a lot between people, and weight tends to return when the medicine is stopped. These results are for Zepbound itself. Compounded tirzepatide is a different product: it is not FDA-approved and was not studied in these trials.</p>
<h2>Starting and increasing the dose</h2>
<p>Zepbound is injected once a week. Treatment starts at 2.5 mg for four weeks so the body can adjust, and the dose is increased in 2.5 mg steps no more often than every four weeks, up to a maintenance dose your prescriber chooses.</p>
<h2>Side effects to expect</h2>
<ul>
  <li>Nausea, diarrhea, constipation and vomiting, usually when starting or increasing the dose.</li>
  <li>Reduced appetite, which makes protein and fluids especially important.</li>
  <li>Rare but serious effects such as pancreatitis and gallbladder problems: seek care for severe, persistent abdominal pain.</li>
</ul>
<p>Zepbound is not for people with a personal or family history of medullary thyroid cancer or multiple endocrine neoplasia type 2. If you use oral birth control, ask your prescriber about backup contraception when starting or changing the dose.</p>
${DISCLAIMER}`,
  },
  {
    id: 6,
    title: "GLP-1 Medicines and Heart Health",
    excerpt:
      "Beyond weight and blood sugar, some GLP-1 medicines lower the risk of heart attack and stroke. What the evidence shows and how to protect your heart alongside treatment.",
    author: "Dr. James Okafor, MD",
    date: "2025-05-26",
    image: "/images/blog/post-6.svg",
    category: "Health",
    tags: ["Heart Health", "GLP-1", "Cardiovascular"],
    content: `
<p>Heart disease is the leading cause of death in the United States, and both diabetes and obesity raise the risk. That is why the heart effects of GLP-1 medicines matter as much as the number on the scale.</p>
<h2>What the trials found</h2>
<p>Several GLP-1 medicines have been tested in large cardiovascular outcome trials. In people with type 2 diabetes, some of them, including semaglutide and liraglutide, reduced major cardiovascular events such as heart attack and stroke. The SELECT trial later studied semaglutide in adults with overweight or obesity and established heart disease but without diabetes, and found about a 20 percent lower risk of major cardiovascular events. In 2024 the FDA added this cardiovascular benefit to Wegovy's label. These results come from the brand-name medicines. Compounded versions were not studied in these trials.</p>
<h2>Why it may help</h2>
<p>Researchers think the benefit comes from several effects together: lower weight and blood pressure, better blood sugar and cholesterol, and less inflammation in the blood vessels.</p>
<h2>The basics still count</h2>
<ul>
  <li>Take your blood pressure and cholesterol medicines as prescribed.</li>
  <li>Aim for at least 150 minutes of moderate activity a week.</li>
  <li>Do not smoke, and limit alcohol.</li>
  <li>Know your numbers: blood pressure, LDL cholesterol and A1C.</li>
</ul>
<h2>When to call a doctor</h2>
<p>GLP-1 medicines can raise the resting heart rate slightly. Tell your doctor if you notice a racing or pounding heartbeat at rest. Chest pain, shortness of breath or sudden weakness are emergencies: call 911.</p>
${DISCLAIMER}`,
  },
  {
    id: 7,
    title: "7 High-Protein Lunches That Keep You Full",
    excerpt:
      "Smaller appetite, same protein needs. Seven quick lunches with 25 to 35 grams of protein that are easy on the stomach and easy to pack.",
    author: "Sarah Nguyen, RD, CDCES",
    date: "2025-05-12",
    image: "/images/blog/post-7.svg",
    category: "Health",
    tags: ["Nutrition", "Protein", "Meal Ideas"],
    content: `
<p>When a GLP-1 medicine turns down your appetite, every bite has to work harder. Protein protects muscle while you lose weight and keeps you satisfied for longer. Many adults on weight-loss treatment aim for roughly 25 to 35 grams of protein per meal; ask your dietitian for your own target.</p>
<h2>Seven lunches</h2>
<ol>
  <li><strong>Greek yogurt power bowl:</strong> 1 cup plain Greek yogurt, berries, a spoon of chia seeds and a few walnuts (about 25 g protein).</li>
  <li><strong>Chicken and white bean salad:</strong> 4 oz grilled chicken, half a cup of cannellini beans, cucumber, tomato and lemon dressing (about 38 g).</li>
  <li><strong>Tuna lettuce wraps:</strong> a can of tuna mixed with Greek yogurt and mustard, wrapped in romaine leaves (about 30 g).</li>
  <li><strong>Egg and cottage cheese plate:</strong> two hard-boiled eggs, half a cup of cottage cheese, cherry tomatoes and whole-grain crackers (about 26 g).</li>
  <li><strong>Lentil soup with turkey meatballs:</strong> a bowl of lentil soup with three small turkey meatballs (about 30 g).</li>
  <li><strong>Tofu and edamame rice bowl:</strong> baked tofu, shelled edamame and a small scoop of brown rice (about 28 g).</li>
  <li><strong>Salmon salad sandwich on half a bagel:</strong> canned salmon, celery and yogurt dressing (about 27 g).</li>
</ol>
<h2>Tips for sensitive stomachs</h2>
<ul>
  <li>Eat protein first, then vegetables, then starches.</li>
  <li>Choose grilled or baked over fried: fatty meals can worsen nausea.</li>
  <li>Stop at the first sign of fullness and save the rest for later.</li>
</ul>
${DISCLAIMER}`,
  },
  {
    id: 8,
    title: "High-Protein Dinners for Busy Weeknights",
    excerpt:
      "Five dinners you can make in 30 minutes or less, each with a generous serving of protein and portions that suit a smaller appetite.",
    author: "Sarah Nguyen, RD, CDCES",
    date: "2025-04-28",
    image: "/images/blog/post-8.svg",
    category: "Health",
    tags: ["Nutrition", "Protein", "Recipes"],
    content: `
<p>Dinner is often the meal where good intentions meet a long day. These five ideas take 30 minutes or less, use few pans and put protein at the center of the plate.</p>
<h2>Five dinners</h2>
<ol>
  <li><strong>Sheet-pan chicken and vegetables:</strong> chicken thighs, broccoli and bell peppers roasted with olive oil and paprika at 425°F for 25 minutes.</li>
  <li><strong>Shrimp stir-fry:</strong> shrimp, snap peas and carrots in garlic and low-sodium soy sauce, served over a small portion of rice or cauliflower rice.</li>
  <li><strong>Turkey chili:</strong> lean ground turkey, kidney beans, crushed tomatoes and chili spices; it freezes well for future nights.</li>
  <li><strong>Baked salmon with lemon and dill:</strong> 12 minutes in the oven, with green beans and a small baked potato.</li>
  <li><strong>Black bean and egg skillet:</strong> black beans, tomatoes and spinach with two eggs cooked on top, for a vegetarian night.</li>
</ol>
<h2>Portion guide</h2>
<p>A palm-sized portion of meat or fish provides roughly 25 to 30 grams of protein. Fill half the plate with vegetables and keep starches to about a quarter. If your appetite is small, eat the protein first.</p>
<h2>Make it easier</h2>
<ul>
  <li>Cook double and pack the second portion for lunch.</li>
  <li>Keep frozen shrimp, canned beans and eggs on hand for nights without a plan.</li>
  <li>Avoid eating within two to three hours of bedtime if you get reflux.</li>
</ul>
${DISCLAIMER}`,
  },
  {
    id: 9,
    title: "Protecting Muscle While You Lose Weight: A Strength Training Primer",
    excerpt:
      "Part of the weight lost on any diet or medicine is muscle. Strength training and enough protein help you keep it. A simple plan for beginners.",
    author: "Dr. Elena Brooks, PharmD",
    date: "2025-04-14",
    image: "/images/blog/post-9.svg",
    category: "Health",
    tags: ["Strength Training", "Muscle", "Exercise"],
    content: `
<p>When you lose weight, you lose some muscle along with fat. That is true for dieting, surgery and weight-loss medicines alike. Muscle matters: it keeps you strong, supports your joints and balance, and helps your body use blood sugar.</p>
<h2>The two things that protect muscle</h2>
<ul>
  <li><strong>Resistance exercise</strong> tells your body the muscle is still needed.</li>
  <li><strong>Enough protein</strong> supplies the building blocks. Spread it across meals rather than saving it for dinner.</li>
</ul>
<h2>A beginner's plan: two days a week</h2>
<p>Do each exercise for 2 sets of 10 to 12 repetitions, resting a minute between sets. Choose a weight or band that makes the last two repetitions feel hard but still controlled.</p>
<ol>
  <li>Sit-to-stand from a chair (or bodyweight squats).</li>
  <li>Wall or counter push-ups.</li>
  <li>Resistance band rows.</li>
  <li>Glute bridges.</li>
  <li>Step-ups onto a low step, holding a rail.</li>
  <li>Farmer's carry: walk 30 seconds holding a bag or dumbbell in each hand.</li>
</ol>
<h2>Progress gradually</h2>
<p>When 12 repetitions feel easy, add a third set, then a little more weight. Aim to add a third training day after a month or two.</p>
<h2>Stay safe</h2>
<p>Eat something with protein within a couple of hours of training, drink water, and stop if you feel dizzy, which can happen when appetite and fluid intake are low. If you have heart disease, joint problems or have not exercised in a long time, check with your doctor first.</p>
${DISCLAIMER}`,
  },
  {
    id: 10,
    title: "Managing Digestive Side Effects on GLP-1 Medications",
    excerpt:
      "Nausea, constipation and heartburn are the most common reasons people struggle in the first months. Practical ways to feel better, and when to call your doctor.",
    author: "Michael Reyes, RPh",
    date: "2025-03-31",
    image: "/images/blog/post-10.svg",
    category: "Health",
    tags: ["Side Effects", "GLP-1", "Digestive Health", "Sponsored"],
    sponsored: { sponsor: STORE.name, promoCode: STORE.discountCode },
    content: `
<p>Digestive side effects are the most common complaint with GLP-1 medicines such as semaglutide and tirzepatide. They are usually worst when starting treatment or after a dose increase, and they often fade within a few weeks. These strategies help most people get through that period.</p>
<h2>Nausea</h2>
<ul>
  <li>Eat smaller meals, slowly, and stop at the first sign of fullness.</li>
  <li>Limit greasy, fried and very sweet foods.</li>
  <li>Try bland foods such as crackers, toast or rice when you feel queasy, and sip ginger or peppermint tea.</li>
  <li>Do not lie down right after eating.</li>
</ul>
<h2>Constipation</h2>
<ul>
  <li>Drink water throughout the day; eating less often means drinking less too.</li>
  <li>Add fiber gradually with vegetables, berries, beans or a psyllium supplement.</li>
  <li>Move every day: even a short walk helps.</li>
</ul>
<h2>Diarrhea</h2>
<p>Replace fluids and electrolytes, and avoid sugar alcohols and very fatty meals until it settles.</p>
<h2>Heartburn and burping</h2>
<p>Avoid large meals late in the evening, raise the head of your bed slightly and cut back on carbonated drinks.</p>
<h2>When to call your doctor</h2>
<p>Call your prescriber if side effects stop you eating or drinking, last more than a few days, or if you have severe abdominal pain, persistent vomiting or signs of dehydration such as dizziness and very dark urine. Your prescriber may slow down your dose increases.</p>
<h2>Reader offer</h2>
<p>Stock up on the supplies that help, such as fiber supplements, glucose tablets and nutrition shakes: use promo code <strong>${STORE.discountCode}</strong> at checkout for ${STORE.discountPercent}% off your order.</p>
${DISCLAIMER}`,
  },
]

export const findPost = (id: number) => BLOG_POSTS.find((post) => post.id === id) ?? null

/** Previous and next by list order (spec §2). */
export function neighbours(id: number) {
  const index = BLOG_POSTS.findIndex((post) => post.id === id)
  return {
    previous: index > 0 ? BLOG_POSTS[index - 1] : null,
    next: index >= 0 && index < BLOG_POSTS.length - 1 ? BLOG_POSTS[index + 1] : null,
  }
}
