/**
 * What the cart and checkout pages show instead of the cart: while it is read (it lives in the
 * browser's localStorage, so the server's render has none; without JavaScript, `<noscript>` says
 * why it never comes), and when it is empty.
 */
import { Link } from "@remix-run/react"

export function CartLoading({ title, withoutScript }: { title: string; withoutScript: string }) {
  return (
    <div className="container-page py-10">
      <h1 className="page-title">{title}</h1>
      <p role="status" className="mt-6 text-slate-600">
        Loading your cart...
      </p>
      <noscript>
        <p className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-900">{withoutScript}</p>
      </noscript>
    </div>
  )
}

export function EmptyCart({ message }: { message: string }) {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="page-title">Your cart is empty</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <Link to="/shop" className="btn-primary mt-8">
        Continue Shopping
      </Link>
    </div>
  )
}
