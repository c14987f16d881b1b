/** A category as the legacy API writes it (POST /api/categories/, PUT /api/categories/{id}/). */
import { z } from "zod"

import { requiredText } from "./fields"

export const categorySchema = z.object({
  name: requiredText("Category name", 100),
})

export type CategoryInput = z.output<typeof categorySchema>
