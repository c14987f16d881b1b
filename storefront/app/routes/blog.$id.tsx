import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { STORE } from "@shared/store-constants"

import { findPost, neighbours } from "~/content/blog.server"
import { formatDate } from "~/lib/dates"
import { pageMeta } from "~/lib/meta"
import { canonicalLink } from "~/modules/seo/canonical"
import { articleJsonLd } from "~/modules/seo/json-ld"
import { JsonLd } from "~/modules/seo/JsonLd"
import { siteOrigin } from "~/modules/seo/origin.server"

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [...pageMeta(data.post.title, data.post.excerpt), ...canonicalLink(matches, `/blog/${data.post.id}`)]
    : pageMeta("Blog Post Not Found", "This blog post does not exist.")

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : NaN
  const post = Number.isFinite(id) ? findPost(id) : null
  if (!post) throw new Response("Blog Post Not Found", { status: 404 })
  const { previous, next } = neighbours(post.id)
  return data(
    {
      post,
      jsonLd: articleJsonLd(post, siteOrigin(request)),
      previous: previous && { id: previous.id, title: previous.title },
      next: next && { id: next.id, title: next.title },
    },
    { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" } }
  )
}

export default function BlogPostPage() {
  const { post, jsonLd, previous, next } = useLoaderData<typeof loader>()
  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <JsonLd data={jsonLd} />
      <img
        src={post.image}
        alt=""
        width={1200}
        height={630}
        className="aspect-[40/21] w-full rounded-3xl border border-slate-200 object-cover"
      />
      <p className="mt-6 flex flex-wrap items-center gap-x-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
        <span className="text-brand-800">{post.category}</span>
        <span aria-hidden="true">•</span>
        <time dateTime={post.date}>{formatDate(post.date)}</time>
      </p>
      <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-slate-700">
        By <span className="font-semibold">{post.author}</span>
      </p>
      {post.sponsored ? (
        <p className="mt-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-900" data-testid="promo-code">
          Sponsored by {post.sponsored.sponsor}. Use code <strong className="font-mono">{post.sponsored.promoCode}</strong> at checkout for{" "}
          {STORE.discountPercent}% off.
        </p>
      ) : null}
      {/* Our own HTML, written in content/blog.server.ts: no visitor input is ever rendered here. */}
      <div className="blog-content mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
      <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
        {post.tags.map((tag) => (
          <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
            #{tag.replace(/\s+/g, "")}
          </li>
        ))}
      </ul>
      <nav aria-label="More posts" className="mt-10 grid gap-3 border-t border-slate-200 pt-6 sm:grid-cols-3 sm:items-start">
        <div>
          {previous ? (
            <Link to={`/blog/${previous.id}`} rel="prev" className="group block text-sm">
              <span className="font-bold text-brand-800">← Previous</span>
              <span className="mt-1 block text-slate-700 group-hover:underline">{previous.title}</span>
            </Link>
          ) : null}
        </div>
        <div className="sm:text-center">
          <Link to="/blog" className="btn-secondary py-2 text-sm">
            Back to Blog
          </Link>
        </div>
        <div className="sm:text-right">
          {next ? (
            <Link to={`/blog/${next.id}`} rel="next" className="group block text-sm">
              <span className="font-bold text-brand-800">Next →</span>
              <span className="mt-1 block text-slate-700 group-hover:underline">{next.title}</span>
            </Link>
          ) : null}
        </div>
      </nav>
    </article>
  )
}

export function ErrorBoundary() {
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-3xl font-bold">Blog Post Not Found</h1>
      <p className="mt-3 text-slate-600">The article you are looking for doesn&apos;t exist or has been removed.</p>
      <Link to="/blog" className="btn-primary mt-8">
        Back to Blog
      </Link>
    </section>
  )
}
