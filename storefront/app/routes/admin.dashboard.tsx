/** The staff dashboard (spec §2): the four cards, the order work queues (issue 24) and the pharmacist's prescription review. Logout is in the admin bar. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { Fragment } from "react"

import { requireAdmin } from "~/lib/data/staff/client.server"
import { adminMeta } from "~/modules/staff/meta"

export const meta: MetaFunction = () => adminMeta("Dashboard")

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  return admin.data({ email: admin.email })
}

const CARDS = [
  { to: "/admin/products", title: "Products", text: "Find, edit and delete products and their variants." },
  { to: "/admin/categories", title: "Categories", text: "Add, rename and delete categories." },
  { to: "/admin/add-product", title: "Add Product", text: "Create a product with its picture and variants." },
  { to: "/admin/order-details", title: "Orders", text: "Look up an order by its ID." },
]

/** Below the cards: the order work queues (issue 24) and the pharmacist's prescription review. */
const GROUPS = [
  {
    title: "Today's work",
    label: "Work queues",
    cards: [
      {
        to: "/admin/orders",
        title: "Order Queues",
        text: "Orders awaiting payment, ready to ship, awaiting prescription review, shipped and recently canceled, with counts.",
      },
    ],
  },
  {
    title: "Pharmacy",
    label: "Pharmacy tools",
    cards: [
      {
        to: "/admin/prescriptions",
        title: "Prescription Review",
        text: "Pharmacists only: review prescription requests and release orders held for a prescription.",
      },
    ],
  },
]

function Card({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <li>
      <Link
        to={to}
        className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
      >
        <h2 className="text-lg font-bold text-brand-800">{title}</h2>
        <p className="mt-1 text-sm text-slate-600">{text}</p>
      </Link>
    </li>
  )
}

export default function Dashboard() {
  const { email } = useLoaderData<typeof loader>()
  return (
    <div>
      <h1 className="page-title">Admin Dashboard</h1>
      <p className="mt-1 text-slate-600">Welcome, {email}.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Staff tools">
        {CARDS.map((card) => (
          <Card key={card.to} {...card} />
        ))}
      </ul>
      {GROUPS.map((group) => (
        <Fragment key={group.label}>
          <h2 className="mt-10 text-xl font-bold">{group.title}</h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2" aria-label={group.label}>
            {group.cards.map((card) => (
              <Card key={card.to} {...card} />
            ))}
          </ul>
        </Fragment>
      ))}
      <p className="mt-10 text-sm text-slate-600">
        Fulfilment, payments, stock locations and staff accounts are managed in Medusa Admin (<code>/app</code> on the store backend).
      </p>
    </div>
  )
}
