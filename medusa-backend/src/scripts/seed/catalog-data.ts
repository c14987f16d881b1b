/**
 * The development catalogue: realistic products for the three categories of
 * the spec. Prices are US dollars (Medusa v2 stores major units); stock is the
 * quantity stocked at the single warehouse.
 */
import { STORE } from "../../shared/store-constants"
import type { ProductArt } from "./product-art"

export type SeedCategory = { handle: string; name: string; description: string }

export type SeedVariant = { title: string; sku: string; price: number; stock: number }

export type SeedProduct = {
  handle: string
  title: string
  category: string // category handle
  description: string
  prescription: boolean
  is_popular: boolean
  /** Kept cold (insulin, GLP-1 injectables): ships only by cold chain (metadata.refrigerated, decision 0059). */
  refrigerated?: boolean
  /** A controlled substance's schedule (metadata.controlled_schedule): not sold online by default (issue 25). */
  controlled_schedule?: "II" | "III" | "IV" | "V"
  /** How the product's picture is drawn, or null for "no image" (placeholder). */
  art: ProductArt | null
  optionTitle: string
  variants: SeedVariant[]
}

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    handle: "medical-weight-loss",
    name: "Medical Weight Loss",
    description: "GLP-1 treatments and nutrition support for clinically supervised weight loss.",
  },
  {
    handle: "diabetes-supplies",
    name: "Diabetes Supplies",
    description: "Meters, test strips, sensors, needles and everyday diabetes care essentials.",
  },
  {
    handle: "insulin",
    name: "Insulin",
    description: "Rapid, long-acting and basal insulin pens and vials.",
  },
]

/**
 * What every compounded product's description says (decision 0057, FDA's guidance on compounded
 * GLP-1 marketing): that it is compounded, by whom (the pharmacy's name, as in the disclosures of
 * 0054, and its 503A status), for an individual prescription, and that it is not FDA-approved.
 */
export const COMPOUNDED_DISCLOSURE = `Compounded by ${STORE.name}, a state-licensed 503A compounding pharmacy, for an individual patient's prescription. Compounded drugs are not FDA-approved: the FDA does not review them for safety, effectiveness or quality.`

const v = (title: string, sku: string, price: number, stock: number): SeedVariant => ({
  title,
  sku,
  price,
  stock,
})

export const SEED_PRODUCTS: SeedProduct[] = [
  // --- Medical Weight Loss -------------------------------------------------
  {
    handle: "compounded-semaglutide-injection",
    title: "Compounded Semaglutide Injection",
    category: "medical-weight-loss",
    refrigerated: true,
    description: `Once-weekly semaglutide injection. ${COMPOUNDED_DISCLOSURE} Each vial covers four weekly doses and ships cold with syringes and alcohol pads.`,
    prescription: true,
    is_popular: true,
    art: { shape: "vial", color: "#2563eb" },
    optionTitle: "Weekly dose",
    variants: [
      v("0.25 mg", "SEMA-025", 199, 40),
      v("0.5 mg", "SEMA-050", 249, 35),
      v("1 mg", "SEMA-100", 299, 25),
      v("1.7 mg", "SEMA-170", 349, 4),
      v("2.4 mg", "SEMA-240", 399, 0),
    ],
  },
  {
    handle: "compounded-tirzepatide-injection",
    title: "Compounded Tirzepatide Injection",
    category: "medical-weight-loss",
    refrigerated: true,
    description: `Once-weekly tirzepatide injection, a dual GIP/GLP-1 receptor agonist. ${COMPOUNDED_DISCLOSURE} A month's supply per vial, dosed and titrated by your prescriber.`,
    prescription: true,
    is_popular: true,
    art: { shape: "vial", color: "#7c3aed" },
    optionTitle: "Weekly dose",
    variants: [
      v("2.5 mg", "TIRZ-025", 299, 30),
      v("5 mg", "TIRZ-050", 349, 22),
      v("7.5 mg", "TIRZ-075", 399, 12),
      v("10 mg", "TIRZ-100", 449, 3),
    ],
  },
  {
    handle: "wegovy-semaglutide-pen",
    title: "Wegovy (semaglutide) Pen",
    category: "medical-weight-loss",
    refrigerated: true,
    description: "Brand-name semaglutide single-dose pens for chronic weight management. A carton holds four pens, one per week.",
    prescription: true,
    is_popular: false,
    art: { shape: "pen", color: "#0d9488" },
    optionTitle: "Strength",
    variants: [
      v("0.25 mg", "WEG-025", 1349.02, 6),
      v("0.5 mg", "WEG-050", 1349.02, 6),
      v("1 mg", "WEG-100", 1349.02, 2),
      v("1.7 mg", "WEG-170", 1349.02, 0),
      v("2.4 mg", "WEG-240", 1349.02, 5),
    ],
  },
  {
    handle: "zepbound-tirzepatide-pen",
    title: "Zepbound (tirzepatide) Pen",
    category: "medical-weight-loss",
    refrigerated: true,
    description:
      "Once-weekly tirzepatide autoinjector approved for chronic weight management and obstructive sleep apnea in adults with obesity.",
    prescription: true,
    is_popular: true,
    art: { shape: "pen", color: "#db2777" },
    optionTitle: "Strength",
    variants: [v("2.5 mg", "ZEP-025", 1086.37, 8), v("5 mg", "ZEP-050", 1086.37, 8), v("7.5 mg", "ZEP-075", 1086.37, 1)],
  },
  {
    handle: "saxenda-liraglutide-pen",
    title: "Saxenda (liraglutide) Pen Pack",
    category: "medical-weight-loss",
    refrigerated: true,
    description: "Daily liraglutide injection pens for weight management. Pack of five prefilled 3 mL pens.",
    prescription: true,
    is_popular: false,
    art: { shape: "pen", color: "#0284c7" },
    optionTitle: "Pack",
    variants: [v("5 pens", "SAX-5PK", 1349.02, 0)],
  },
  {
    handle: "phentermine-tablets",
    title: "Phentermine 37.5 mg Tablets",
    category: "medical-weight-loss",
    description: "Short-term appetite suppressant used alongside diet and exercise. Dispensed in child-resistant bottles.",
    prescription: true,
    controlled_schedule: "IV",
    is_popular: false,
    art: { shape: "bottle", color: "#ea580c" },
    optionTitle: "Quantity",
    variants: [v("30 tablets", "PHEN-30", 39.99, 50), v("90 tablets", "PHEN-90", 99.99, 18)],
  },
  {
    handle: "lipo-b12-injection",
    title: "Compounded Lipo-B12 Injection",
    category: "medical-weight-loss",
    description: `Methionine, inositol, choline and cyanocobalamin (vitamin B12) in a 10 mL multi-dose vial. ${COMPOUNDED_DISCLOSURE}`,
    prescription: true,
    is_popular: false,
    art: { shape: "vial", color: "#dc2626" },
    optionTitle: "Size",
    variants: [v("10 mL vial", "LIPOB12-10", 59.99, 25)],
  },
  {
    handle: "protein-meal-replacement-shake",
    title: "High-Protein Meal Replacement Shake",
    category: "medical-weight-loss",
    description:
      "25 g of protein, 5 g of fiber and 160 calories per serving. Designed for GLP-1 users who need protein on low-appetite days. 14 servings per tub.",
    prescription: false,
    is_popular: true,
    art: { shape: "box", color: "#92400e" },
    optionTitle: "Flavor",
    variants: [v("Chocolate", "SHAKE-CHOC", 39.99, 60), v("Vanilla", "SHAKE-VAN", 39.99, 44), v("Strawberry", "SHAKE-STR", 39.99, 2)],
  },
  {
    handle: "glp1-support-multivitamin",
    title: "GLP-1 Nutrition Support Multivitamin",
    category: "medical-weight-loss",
    description:
      "A once-daily multivitamin with B12, vitamin D3, iron and zinc to cover the nutrients most often missed on reduced-calorie diets.",
    prescription: false,
    is_popular: false,
    art: { shape: "bottle", color: "#16a34a" },
    optionTitle: "Count",
    variants: [v("60 capsules", "MVGLP-60", 24.99, 80), v("120 capsules", "MVGLP-120", 44.99, 30)],
  },
  {
    handle: "psyllium-fiber-supplement",
    title: "Psyllium Husk Fiber Supplement",
    category: "medical-weight-loss",
    description: "Unflavored soluble fiber powder that helps with fullness and regularity. 48 servings per canister.",
    prescription: false,
    is_popular: false,
    art: null,
    optionTitle: "Size",
    variants: [v("15 oz canister", "PSYL-15", 14.99, 70)],
  },

  // --- Diabetes Supplies ------------------------------------------------------
  {
    handle: "onetouch-verio-test-strips",
    title: "OneTouch Verio Test Strips",
    category: "diabetes-supplies",
    description: "Blood glucose test strips for OneTouch Verio meters. Needs only 0.4 µL of blood and gives results in 5 seconds.",
    prescription: false,
    is_popular: true,
    art: { shape: "box", color: "#1d4ed8" },
    optionTitle: "Count",
    variants: [v("50 strips", "OTV-50", 34.99, 120), v("100 strips", "OTV-100", 64.99, 75)],
  },
  {
    handle: "accu-chek-guide-test-strips",
    title: "Accu-Chek Guide Test Strips",
    category: "diabetes-supplies",
    description: "Spill-resistant vial and wide dosing area for easier testing with Accu-Chek Guide meters.",
    prescription: false,
    is_popular: false,
    art: { shape: "box", color: "#0f766e" },
    optionTitle: "Count",
    variants: [v("50 strips", "ACG-50", 29.99, 90), v("100 strips", "ACG-100", 54.99, 0)],
  },
  {
    handle: "contour-next-glucose-meter",
    title: "Contour Next Blood Glucose Meter",
    category: "diabetes-supplies",
    description: "Accurate, easy-to-read glucose meter with second-chance sampling and Bluetooth sync to the Contour Diabetes app.",
    prescription: false,
    is_popular: false,
    art: { shape: "meter", color: "#475569" },
    optionTitle: "Kit",
    variants: [v("Meter kit", "CNX-METER", 19.99, 40)],
  },
  {
    handle: "freestyle-libre-3-plus-sensor",
    title: "FreeStyle Libre 3 Plus Sensor",
    category: "diabetes-supplies",
    description:
      "Continuous glucose monitoring sensor worn up to 15 days. Streams readings every minute to your phone with optional alarms.",
    prescription: true,
    is_popular: true,
    art: { shape: "sensor", color: "#f59e0b" },
    optionTitle: "Pack",
    variants: [v("1 sensor", "FSL3P-1", 89.99, 30), v("2 sensors", "FSL3P-2", 174.99, 14)],
  },
  {
    handle: "dexcom-g7-sensor",
    title: "Dexcom G7 Sensor",
    category: "diabetes-supplies",
    description: "All-in-one CGM sensor and transmitter with a 30-minute warm-up and 10-day wear plus a 12-hour grace period.",
    prescription: true,
    is_popular: false,
    art: { shape: "sensor", color: "#16a34a" },
    optionTitle: "Pack",
    variants: [v("1 sensor", "DXG7-1", 179.99, 12), v("3 sensors", "DXG7-3", 519.99, 3)],
  },
  {
    handle: "bd-ultra-fine-pen-needles",
    title: "BD Ultra-Fine Pen Needles",
    category: "diabetes-supplies",
    description: "Pen needles compatible with all major insulin and GLP-1 pens. Box of 100, individually sealed.",
    prescription: false,
    is_popular: true,
    art: { shape: "box", color: "#ea580c" },
    optionTitle: "Size",
    variants: [v("4 mm 32G", "BDPN-4-32", 24.99, 100), v("5 mm 31G", "BDPN-5-31", 24.99, 85), v("8 mm 31G", "BDPN-8-31", 24.99, 0)],
  },
  {
    handle: "bd-insulin-syringes",
    title: "BD Insulin Syringes with Ultra-Fine Needle",
    category: "diabetes-supplies",
    description: "U-100 insulin syringes with a permanently attached 6 mm needle. Box of 100.",
    prescription: false,
    is_popular: false,
    art: { shape: "syringe", color: "#ea580c" },
    optionTitle: "Capacity",
    variants: [v("0.3 mL", "BDSY-03", 21.99, 60), v("0.5 mL", "BDSY-05", 22.99, 60), v("1 mL", "BDSY-10", 23.99, 5)],
  },
  {
    handle: "microlet-lancets",
    title: "Microlet Colored Lancets",
    category: "diabetes-supplies",
    description: "Sterile 28G lancets for Microlet lancing devices, in assorted colors.",
    prescription: false,
    is_popular: false,
    art: null,
    optionTitle: "Count",
    variants: [v("100 lancets", "MCL-100", 9.99, 150), v("200 lancets", "MCL-200", 16.99, 80)],
  },
  {
    handle: "alcohol-prep-pads",
    title: "Sterile Alcohol Prep Pads",
    category: "diabetes-supplies",
    description: "70% isopropyl alcohol pads for skin preparation before injections and finger sticks.",
    prescription: false,
    is_popular: false,
    art: { shape: "box", color: "#64748b" },
    optionTitle: "Count",
    variants: [v("200 pads", "PREP-200", 6.99, 200)],
  },
  {
    handle: "glucose-tablets",
    title: "Fast-Acting Glucose Tablets",
    category: "diabetes-supplies",
    description: "4 g of glucose per chewable tablet to treat low blood sugar quickly. 50 tablets per bottle.",
    prescription: false,
    is_popular: false,
    art: { shape: "bottle", color: "#f97316" },
    optionTitle: "Flavor",
    variants: [v("Orange", "GLUT-ORG", 7.49, 90), v("Tropical Fruit", "GLUT-TRP", 7.49, 1), v("Raspberry", "GLUT-RSP", 7.49, 45)],
  },
  {
    handle: "sharps-disposal-container",
    title: "Sharps Disposal Container",
    category: "diabetes-supplies",
    description: "FDA-cleared puncture-resistant container for used needles, lancets and pens.",
    prescription: false,
    is_popular: false,
    art: { shape: "box", color: "#b91c1c" },
    optionTitle: "Size",
    variants: [v("1 quart", "SHRP-1Q", 8.99, 55), v("1.4 quart", "SHRP-14Q", 11.99, 30)],
  },
  {
    handle: "insulin-cooling-travel-case",
    title: "Insulin Cooling Travel Case",
    category: "diabetes-supplies",
    description: "Evaporative cooling wallet that keeps insulin pens between 64 and 79 °F for up to 48 hours without ice.",
    prescription: false,
    is_popular: false,
    art: { shape: "case", color: "#0891b2" },
    optionTitle: "Size",
    variants: [v("Holds 2 pens", "COOL-2", 34.99, 0), v("Holds 4 pens", "COOL-4", 42.99, 0)],
  },

  // --- Insulin ---------------------------------------------------------------
  {
    handle: "lantus-solostar-pen",
    title: "Lantus SoloStar (insulin glargine)",
    category: "insulin",
    refrigerated: true,
    description: "Long-acting basal insulin that lasts up to 24 hours. Prefilled SoloStar pens or a 10 mL vial, U-100.",
    prescription: true,
    is_popular: true,
    art: { shape: "pen", color: "#6d28d9" },
    optionTitle: "Form",
    variants: [v("5 × 3 mL pens", "LAN-PEN5", 289.99, 20), v("10 mL vial", "LAN-VIAL", 279.99, 9)],
  },
  {
    handle: "humalog-kwikpen",
    title: "Humalog KwikPen (insulin lispro)",
    category: "insulin",
    refrigerated: true,
    description: "Rapid-acting mealtime insulin that starts working within 15 minutes.",
    prescription: true,
    is_popular: false,
    art: { shape: "pen", color: "#9d174d" },
    optionTitle: "Concentration",
    variants: [v("U-100, 5 pens", "HUM-U100", 159.99, 15), v("U-200, 2 pens", "HUM-U200", 199.99, 4)],
  },
  {
    handle: "novolog-flexpen",
    title: "NovoLog FlexPen (insulin aspart)",
    category: "insulin",
    refrigerated: true,
    description: "Fast-acting insulin aspart in prefilled FlexPens for mealtime glucose control.",
    prescription: true,
    is_popular: false,
    art: { shape: "pen", color: "#ea580c" },
    optionTitle: "Pack",
    variants: [v("5 × 3 mL pens", "NVL-PEN5", 174.99, 11)],
  },
  {
    handle: "tresiba-flextouch",
    title: "Tresiba FlexTouch (insulin degludec)",
    category: "insulin",
    refrigerated: true,
    description: "Ultra-long-acting basal insulin with a flat, 42-hour profile. Flexible once-daily dosing time.",
    prescription: true,
    is_popular: false,
    art: { shape: "pen", color: "#65a30d" },
    optionTitle: "Concentration",
    variants: [v("U-100, 5 pens", "TRE-U100", 329.99, 7), v("U-200, 3 pens", "TRE-U200", 389.99, 0)],
  },
  {
    handle: "basaglar-kwikpen",
    title: "Basaglar KwikPen (insulin glargine)",
    category: "insulin",
    refrigerated: true,
    description: "Follow-on insulin glargine for once-daily basal coverage. Five 3 mL pens per carton.",
    prescription: true,
    is_popular: false,
    art: { shape: "pen", color: "#475569" },
    optionTitle: "Pack",
    variants: [v("5 × 3 mL pens", "BAS-PEN5", 219.99, 14)],
  },
  {
    handle: "toujeo-solostar",
    title: "Toujeo SoloStar (insulin glargine U-300)",
    category: "insulin",
    refrigerated: true,
    description: "Concentrated glargine that delivers the same dose in one third of the volume.",
    prescription: true,
    is_popular: false,
    art: null,
    optionTitle: "Pen",
    variants: [v("SoloStar, 3 pens", "TOU-SS3", 349.99, 5), v("Max SoloStar, 2 pens", "TOU-MAX2", 359.99, 2)],
  },
  {
    handle: "fiasp-flextouch",
    title: "Fiasp FlexTouch (insulin aspart)",
    category: "insulin",
    refrigerated: true,
    description: "Faster-acting mealtime insulin with added niacinamide for quicker absorption.",
    prescription: true,
    is_popular: false,
    art: { shape: "pen", color: "#be123c" },
    optionTitle: "Pack",
    variants: [v("5 × 3 mL pens", "FIA-PEN5", 189.99, 3)],
  },
  {
    handle: "relion-novolin-r-vial",
    title: "ReliOn Novolin R Vial (regular human insulin)",
    category: "insulin",
    refrigerated: true,
    description: "Short-acting regular human insulin, U-100, 10 mL vial. Available without a prescription in most states.",
    prescription: false,
    is_popular: true,
    art: { shape: "vial", color: "#facc15" },
    optionTitle: "Size",
    variants: [v("10 mL vial", "NOVR-10", 24.88, 40)],
  },
  {
    handle: "relion-novolin-70-30-flexpen",
    title: "ReliOn Novolin 70/30 FlexPen",
    category: "insulin",
    refrigerated: true,
    description: "Premixed intermediate and short-acting human insulin in prefilled pens. Five 3 mL pens.",
    prescription: false,
    is_popular: false,
    art: { shape: "pen", color: "#a16207" },
    optionTitle: "Pack",
    variants: [v("5 × 3 mL pens", "NOV7030-5", 85.88, 0)],
  },
]
