import type { Config } from "tailwindcss"

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eefbf8",
          100: "#d5f5ee",
          200: "#aee9dd",
          500: "#14a38b",
          600: "#0e8572",
          700: "#0d6b5d",
          800: "#0f554b",
          900: "#0f463f",
        },
        ink: "#0f172a",
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config
