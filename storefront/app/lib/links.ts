/** The shop filtered by a category, as the spec links it: `/shop?category=<URL-encoded name>`. */
export const shopCategoryHref = (categoryName: string) => `/shop?category=${encodeURIComponent(categoryName)}`
