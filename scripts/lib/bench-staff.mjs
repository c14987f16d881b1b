// What the staff scenarios of the bench share: signing in to the staff area and Medusa's Admin API,
// placing an order through the legacy API and shipping an order through the Admin API.

/** Headers for the staff area (`/api`, a JWT) and for Medusa's Admin API (a bearer token), for the seeded admin. */
export async function staffHeaders(request) {
  const credentials = { email: process.env.ADMIN_EMAIL || "admin@example.com", password: process.env.ADMIN_PASSWORD || "harbor-health-dev" }
  const { access } = await request("staff sign-in", "POST", "/api/token/", {
    json: { username: credentials.email, password: credentials.password },
  })
  const { token } = await request("admin sign-in", "POST", "/auth/user/emailpass", { json: credentials })
  return { staff: { authorization: `Bearer ${access}` }, admin: { authorization: `Bearer ${token}` } }
}

/** The body of a legacy order (`POST /api/orders/`) for one unit of the variant, paid by Zelle: every bench scenario's order. */
export function legacyOrderBody({ product, variant, email = "bench@example.com" }) {
  return {
    email,
    phone: "555-000-0000",
    shipping_address: "1 Bench Road, Dallas, Texas 75202, United States",
    items: [{ product: product.id, variant: variant.id, quantity: 1, price: 10 }],
    payment_method: "zelle",
  }
}

/** One unit of the variant, paid by Zelle, through `POST /api/orders/`; answers the order's number. */
export async function placeLegacyOrder(request, { product, variant, email }) {
  const order = await request("order", "POST", "/api/orders/", { json: legacyOrderBody({ product, variant, email }) })
  return order.unique_order_id
}

/** The newest order (which must be `number`: the scenarios place one at a time): its id and lines to fulfil. */
export async function newestOrder(request, admin, number, scenario) {
  const { orders } = await request("admin order", "GET", "/admin/orders?order=-created_at&limit=1&fields=id,custom_display_id,*items", {
    headers: admin,
  })
  const placed = orders[0]
  if (placed?.custom_display_id !== number) throw new Error(`${scenario}: the newest order is not ${number}`)
  return { id: placed.id, items: placed.items.map((item) => ({ id: item.id, quantity: Number(item.quantity) })) }
}

/** Fulfils and ships an order's lines through Medusa's Admin API with a USPS tracking label. */
export async function shipThroughAdminApi(request, admin, { id, items }) {
  const fulfilled = await request("fulfilment", "POST", `/admin/orders/${id}/fulfillments?fields=id,*fulfillments`, {
    headers: admin,
    json: { items },
  })
  await request("shipment", "POST", `/admin/orders/${id}/fulfillments/${fulfilled.order.fulfillments[0].id}/shipments`, {
    headers: admin,
    json: {
      items,
      labels: [
        { tracking_number: "9400111899562537866361", tracking_url: "https://tools.usps.com/", label_url: "https://labels.example/1.pdf" },
      ],
    },
  })
}
