/**
 * The home page's content (spec §1, §3: partners, categories, reviews, experts,
 * FAQ). People and partner names are fictional; pictures are the project's own
 * SVGs in public/images.
 */
import { STORE } from "@shared/store-constants"

import { formatPrice } from "~/lib/money"

export type Partner = { name: string; logo: string; width: number }
export type HomeCategory = { title: string; description: string; image: string }
export type Review = { name: string; location: string; rating: number; comment: string; image: string }
export type Expert = { name: string; title: string; specialization: string; image: string }
export type FaqItem = { question: string; answer: string }

/** Logo width at 56 px high (the SVG's viewBox), so the page reserves the right space. */
const logo = (name: string, file: string): Partner => ({
  name,
  logo: `/images/partners/${file}.svg`,
  width: Math.ceil(72 + name.length * 12.2),
})

export const PARTNERS: Partner[] = [
  logo("NorthPeak Labs", "northpeak-labs"),
  logo("Bluewell Health", "bluewell-health"),
  logo("CareBridge", "carebridge"),
  logo("Vitalis Rx", "vitalis-rx"),
  logo("Summit Diagnostics", "summit-diagnostics"),
  logo("Evergreen Clinics", "evergreen-clinics"),
]

export const HOME_CATEGORIES: HomeCategory[] = [
  {
    title: "Medical Weight Loss",
    description: "GLP-1 treatments such as semaglutide and tirzepatide, with nutrition support and pharmacist follow-up.",
    image: "/images/home/category-weight-loss.svg",
  },
  {
    title: "Diabetes Supplies",
    description: "Meters, test strips, continuous glucose sensors, pen needles and everyday care essentials.",
    image: "/images/home/category-diabetes.svg",
  },
  {
    title: "Insulin",
    description: "Rapid-acting, long-acting and basal insulin pens and vials, shipped cold and on time.",
    image: "/images/home/category-insulin.svg",
  },
]

export const REVIEWS: Review[] = [
  {
    name: "Angela M.",
    location: "Phoenix, AZ",
    rating: 5,
    comment:
      "My semaglutide arrives cold and on schedule every month. The pharmacist called to walk me through my first dose, which made all the difference.",
    image: "/images/people/reviewer-1.svg",
  },
  {
    name: "Marcus T.",
    location: "Atlanta, GA",
    rating: 4.5,
    comment: "Test strips and pen needles at a fair price, and the order status is always clear. Reordering takes me two minutes.",
    image: "/images/people/reviewer-2.svg",
  },
  {
    name: "Linda K.",
    location: "Columbus, OH",
    rating: 4,
    comment: "Getting my Lantus refilled used to mean a trip across town. Now it comes to my door in an insulated box with ice packs.",
    image: "/images/people/reviewer-3.svg",
  },
  {
    name: "Robert D.",
    location: "Boise, ID",
    rating: 4.5,
    comment: "Support answered my question about storing insulin while travelling within the hour. Friendly and knowledgeable people.",
    image: "/images/people/reviewer-4.svg",
  },
  {
    name: "Priya S.",
    location: "Raleigh, NC",
    rating: 5,
    comment: "I was nervous about starting a GLP-1. The blog and the team's follow-up calls helped me manage the early side effects.",
    image: "/images/people/reviewer-5.svg",
  },
]

export const EXPERTS: Expert[] = [
  {
    name: "Dr. Elena Brooks, PharmD",
    title: "Pharmacist in Charge",
    specialization: "GLP-1 therapy and medication safety",
    image: "/images/people/expert-1.svg",
  },
  {
    name: "Dr. James Okafor, MD",
    title: "Medical Director",
    specialization: "Endocrinology and diabetes care",
    image: "/images/people/expert-2.svg",
  },
  {
    name: "Sarah Nguyen, RD, CDCES",
    title: "Diabetes Care Specialist",
    specialization: "Nutrition and diabetes self-management education",
    image: "/images/people/expert-3.svg",
  },
  {
    name: "Michael Reyes, RPh",
    title: "Compounding Pharmacist",
    specialization: "Sterile compounding and quality control",
    image: "/images/people/expert-4.svg",
  },
]

/** Six questions (spec §1); shipping and guarantee figures come from the store constants. */
export const FAQ: FaqItem[] = [
  {
    question: "Do I need a prescription to order?",
    answer:
      "Prescription medicines such as GLP-1 injections and insulin analogs need a valid prescription, marked Rx in the shop. You can send us your prescription or apply for one online; supplies such as test strips and pen needles need none.",
  },
  {
    question: "How much does shipping cost?",
    answer: `We offer free shipping on orders over ${formatPrice(STORE.shipping.freeOver)}. Smaller orders ship for a flat ${formatPrice(STORE.shipping.flatRate)}. Orders are processed in 1-2 business days and delivered in 3-7 business days.`,
  },
  {
    question: "Is there a satisfaction guarantee?",
    answer:
      "Yes. Every order is covered by our 30-day satisfaction guarantee: if something is not right, contact us within 30 days and we will make it right with a replacement or a refund, as our refund and returns policy describes.",
  },
  {
    question: "How are temperature-sensitive medicines shipped?",
    answer:
      "Insulin and GLP-1 medicines ship in insulated packaging with cold packs, so they stay within the storage range on their label until they reach you.",
  },
  {
    question: "Which payment methods do you accept?",
    answer: "You can pay with Zelle, Cash App, Apple Pay or Chime. After you place your order we email you the payment details.",
  },
  {
    question: "Is my health information kept private?",
    answer:
      "Yes. We protect your health information as required by HIPAA and never sell it. Our privacy policy explains what we collect and why.",
  },
]

export const TRUSTED_CUSTOMERS = 2650
