// One lint configuration for the whole repository (decision 0049): typescript-eslint,
// React, hooks, accessibility and import order; formatting is Prettier's job.
import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import jsxA11y from "eslint-plugin-jsx-a11y"
import react from "eslint-plugin-react"
import reactHooks from "eslint-plugin-react-hooks"
import simpleImportSort from "eslint-plugin-simple-import-sort"
import globals from "globals"
import tseslint from "typescript-eslint"

// `x as unknown as T` silences the type checker instead of describing the value.
const noDoubleCast = {
  selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
  message: "Describe the value's type (Medusa's Query types, HttpTypes, shared DTOs) instead of `as unknown as`.",
}

export default tseslint.config(
  {
    ignores: [
      // What .gitignore ignores (ESLint does not read it), plus built output.
      "**/node_modules/**",
      "**/.data/**",
      "**/dist/**",
      "medusa-backend/.medusa/**",
      "medusa-backend/static/**",
      "medusa-backend/.cache/**",
      "storefront/build/**",
      "storefront/build-test/**",
      "storefront/.cache/**",
      "**/test-results/**",
      "**/playwright-report/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": "warn",
      "simple-import-sort/exports": "warn",
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["warn", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["storefront/app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: "detect" } },
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    // Application code: no escape hatches from the type checker.
    files: ["medusa-backend/src/**/*.{ts,tsx}", "storefront/app/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-syntax": ["error", noDoubleCast],
    },
  },
  {
    // Tests read untyped JSON answers and assert on them; scripts clean up best effort.
    files: ["tests/**", "scripts/**", "migrations/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    // Playwright fixtures that need no other fixture take `{}` as their first parameter.
    files: ["tests/e2e/**", "tests/start/**"],
    rules: { "no-empty-pattern": "off" },
  },
  prettier
)
