import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"

import { BLOG_CATEGORIES, BLOG_POSTS } from "~/content/blog.server"
import { formatDate } from "~/lib/dates"
import { pageMeta } from "~/lib/meta"
import { canonicalLink } from "~/modules/seo/canonical"

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(
    "Health Blog",
    "Articles on GLP-1 treatments, diabetes care, nutrition and strength training from our pharmacists and dietitians."
  ),
  ...canonicalLink(matches, "/blog"),
]

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  const category = new URL(request.url).searchParams.get("category")?.trim() || "All"
  const posts = BLOG_POSTS.filter((post) => category === "All" || post.category.toLowerCase() === category.toLowerCase())
  return data(
    {
      category,
      categories: ["All", ...BLOG_CATEGORIES],
      posts: posts.map(({ id, title, excerpt, date, image, category, sponsored }) => ({
        id,
        title,
        excerpt,
        date,
        image,
        category,
        sponsored: Boolean(sponsored),
      })),
    },
    { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" } }
  )
}

export default function BlogList() {
  const { category, categories, posts } = useLoaderData<typeof loader>()
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Health Blog</h1>
      <p className="mt-2 max-w-2xl text-slate-700">Practical, evidence-based articles on weight loss, diabetes care and healthy living.</p>
      <nav aria-label="Blog categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {categories.map((name) => {
            const active = name.toLowerCase() === category.toLowerCase()
            return (
              <li key={name}>
                <Link
                  to={name === "All" ? "/blog" : `/blog?category=${encodeURIComponent(name)}`}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex rounded-full px-4 py-1.5 text-sm font-semibold ${
                    active ? "bg-brand-700 text-white" : "border border-slate-300 hover:bg-slate-100"
                  }`}
                >
                  {name}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      {posts.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-lg font-semibold">No posts found in this category.</p>
          <Link to="/blog" className="btn-primary mt-4 py-2">
            View All Posts
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-posts">
          {posts.map((post, index) => (
            <li key={post.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm">
                <img
                  src={post.image}
                  alt=""
                  width={1200}
                  height={630}
                  loading={index < 3 ? "eager" : "lazy"}
                  className="aspect-[40/21] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-6">
                  <p className="flex flex-wrap items-center gap-x-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                    <span className="text-brand-800">{post.category}</span>
                    <span aria-hidden="true">•</span>
                    <time dateTime={post.date}>{formatDate(post.date)}</time>
                    {post.sponsored ? (
                      <>
                        <span aria-hidden="true">•</span>
                        <span>Sponsored</span>
                      </>
                    ) : null}
                  </p>
                  <h2 className="mt-3 text-lg font-bold leading-snug">
                    <Link to={`/blog/${post.id}`} className="hover:text-brand-800 hover:underline">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-sm text-slate-700">{post.excerpt}</p>
                  <Link
                    to={`/blog/${post.id}`}
                    className="mt-4 text-sm font-bold text-brand-800 hover:underline"
                    aria-label={`Read More: ${post.title}`}
                  >
                    Read More <span aria-hidden="true">→</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
