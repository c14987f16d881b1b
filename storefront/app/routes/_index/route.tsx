import type { HeadersFunction, MetaFunction } from "@remix-run/node"
import { data } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import type { ReactNode } from "react"

import { EXPERTS, FAQ, HOME_CATEGORIES, PARTNERS, REVIEWS, TRUSTED_CUSTOMERS } from "~/content/home"
import { fromBackend } from "~/lib/backend-errors.server"
import { listCategories } from "~/lib/data/catalog.server"
import { shopCategoryHref } from "~/lib/links"
import { formatPrice } from "~/lib/money"
import { HIGH_PRIORITY } from "~/modules/catalog/ProductImage"
import { canonicalLink } from "~/modules/seo/canonical"

import { CountUp } from "./CountUp"
import { FaqAccordion } from "./FaqAccordion"
import { PartnersCarousel } from "./PartnersCarousel"
import { Reveal } from "./Reveal"
import { StarRating } from "./StarRating"

export const meta: MetaFunction = ({ matches }) => [
  { title: `${STORE.name} | Weight Loss, Insulin & Diabetes Supplies` },
  {
    name: "description",
    content: `Order GLP-1 weight-loss treatments, insulin and diabetes supplies from a licensed US pharmacy. Free shipping over ${formatPrice(STORE.shipping.freeOver)}.`,
  },
  ...canonicalLink(matches, "/"),
]

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** The category cards' product counts, live from the backend. */
export async function loader() {
  const categories = await fromBackend(() => listCategories())
  const counts = HOME_CATEGORIES.map((card) => {
    const match = categories.find((c) => c.name.toLowerCase() === card.title.toLowerCase())
    return { title: card.title, count: match?.product_count ?? 0 }
  })
  return data({ counts }, { headers: { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" } })
}

const countLabel = (n: number) => `${n} ${n === 1 ? "Product" : "Products"}`

export default function Home() {
  const { counts } = useLoaderData<typeof loader>()
  return (
    <>
      <section className="bg-gradient-to-br from-brand-50 via-white to-brand-50">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
          <div>
            <p className="text-sm font-bold uppercase tracking-widest text-brand-800">Licensed US pharmacy</p>
            <h1 className="mt-3 max-w-2xl text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
              Your trusted pharmacy for weight loss and diabetes care
            </h1>
            <p className="mt-4 max-w-xl text-lg text-slate-700">
              Prescription GLP-1 treatments, insulin and everyday diabetes supplies, shipped discreetly across the United States. Free
              shipping on orders over {formatPrice(STORE.shipping.freeOver)}.
            </p>
            <Link to="/shop" className="btn-primary mt-8 px-8">
              Shop Now
            </Link>
          </div>
          <img
            src="/images/home/hero.svg"
            alt=""
            width={560}
            height={440}
            {...HIGH_PRIORITY}
            className="mx-auto hidden w-full max-w-md sm:block lg:max-w-lg"
          />
        </div>
      </section>

      <section aria-labelledby="partners-strip-heading" className="border-y border-slate-200 bg-white">
        <div className="container-page py-6">
          <h2 id="partners-strip-heading" className="text-center text-xs font-bold uppercase tracking-widest text-slate-600">
            Trusted by care partners nationwide
          </h2>
          <ul className="mt-4 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
            {PARTNERS.slice(0, 4).map((partner) => (
              <li key={partner.name}>
                <img src={partner.logo} alt={partner.name} width={partner.width} height={56} className="h-8 w-auto grayscale" />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Reveal aria-labelledby="categories-heading" className="container-page py-14 sm:py-20">
        <SectionTitle id="categories-heading">Shop by category</SectionTitle>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {HOME_CATEGORIES.map((category, index) => (
            <li key={category.title}>
              <Link
                to={shopCategoryHref(category.title)}
                className="group block h-full overflow-hidden rounded-3xl border border-slate-200 bg-white transition hover:border-brand-600 hover:shadow-lg"
              >
                <img src={category.image} alt="" width={480} height={300} loading="lazy" className="aspect-[8/5] w-full object-cover" />
                <div className="p-6">
                  <h3 className="text-xl font-bold group-hover:text-brand-800">{category.title}</h3>
                  <p className="mt-2 text-sm text-slate-700">{category.description}</p>
                  <p
                    className="mt-4 inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
                    data-testid="category-count"
                  >
                    {countLabel(counts[index]?.count ?? 0)}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Reveal>

      <Band
        id="partners-heading"
        className="bg-slate-50"
        title="Our partners"
        intro="We work with licensed laboratories, clinics and diagnostics providers to bring you dependable care."
      >
        <div className="mt-8">
          <PartnersCarousel partners={PARTNERS} />
        </div>
      </Band>

      <Reveal aria-labelledby="reviews-heading" className="container-page py-14 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div>
            <SectionTitle id="reviews-heading">What our customers say</SectionTitle>
            <p className="mt-2 text-slate-700">Real experiences from people managing their health with us.</p>
          </div>
          <div className="rounded-2xl bg-brand-800 px-6 py-4 text-white">
            <p className="text-4xl font-extrabold">
              <CountUp target={TRUSTED_CUSTOMERS} />
            </p>
            <p className="text-sm font-semibold uppercase tracking-wide">Trusted Customers</p>
          </div>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {REVIEWS.map((review) => (
            <li key={review.name} className="flex flex-col rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
              <StarRating rating={review.rating} />
              <blockquote className="mt-4 flex-1 text-slate-700">“{review.comment}”</blockquote>
              <div className="mt-5 flex items-center gap-3">
                <img src={review.image} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full" />
                <div>
                  <p className="font-semibold">{review.name}</p>
                  <p className="text-sm text-slate-600">{review.location}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </Reveal>

      <Band
        id="experts-heading"
        className="bg-brand-50"
        title="Meet our experts"
        intro="Pharmacists, physicians and educators who look after every order."
      >
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {EXPERTS.map((expert) => (
            <li key={expert.name} className="rounded-3xl bg-white p-6 text-center shadow-sm">
              <img src={expert.image} alt="" width={160} height={160} loading="lazy" className="mx-auto h-28 w-28 rounded-full" />
              <h3 className="mt-4 font-bold">{expert.name}</h3>
              <p className="text-sm font-semibold text-brand-800">{expert.title}</p>
              <p className="mt-2 text-sm text-slate-700">{expert.specialization}</p>
            </li>
          ))}
        </ul>
      </Band>

      <Reveal aria-labelledby="faq-heading" className="container-page max-w-3xl py-14 sm:py-20">
        <SectionTitle id="faq-heading" center>
          Frequently asked questions
        </SectionTitle>
        <div className="mt-8">
          <FaqAccordion items={FAQ} />
        </div>
      </Reveal>
    </>
  )
}

/** A home page section's heading. */
function SectionTitle({ id, center = false, children }: { id: string; center?: boolean; children: ReactNode }) {
  return (
    <h2 id={id} className={`${center ? "text-center " : ""}text-3xl font-extrabold tracking-tight`}>
      {children}
    </h2>
  )
}

/** A full-width coloured band of the home page, its content in the page's column under a heading and an introduction. */
function Band({
  id,
  className,
  title,
  intro,
  children,
}: {
  id: string
  className: string
  title: string
  intro: string
  children: ReactNode
}) {
  return (
    <Reveal aria-labelledby={id} className={`${className} py-14 sm:py-20`}>
      <div className="container-page">
        <SectionTitle id={id}>{title}</SectionTitle>
        <p className="mt-2 max-w-2xl text-slate-700">{intro}</p>
        {children}
      </div>
    </Reveal>
  )
}
