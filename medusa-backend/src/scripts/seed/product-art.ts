/**
 * Draws the seeded products' pictures: small, flat SVG illustrations made here,
 * so the development catalogue has images without hot-linking anyone else's.
 */
export type ProductArt = {
  shape: "vial" | "pen" | "box" | "bottle" | "meter" | "sensor" | "syringe" | "case"
  color: string
}

const SHAPES: Record<ProductArt["shape"], (c: string) => string> = {
  vial: (c) => `
    <rect x="160" y="90" width="80" height="34" rx="6" fill="#94a3b8"/>
    <rect x="150" y="120" width="100" height="190" rx="18" fill="#f8fafc" stroke="#cbd5e1" stroke-width="6"/>
    <rect x="156" y="190" width="88" height="114" rx="12" fill="${c}" opacity="0.85"/>
    <rect x="164" y="150" width="72" height="30" rx="4" fill="#fff" stroke="${c}" stroke-width="4"/>`,
  pen: (c) => `
    <g transform="rotate(-35 200 200)">
      <rect x="80" y="170" width="220" height="60" rx="28" fill="${c}"/>
      <rect x="290" y="180" width="50" height="40" rx="10" fill="#334155"/>
      <rect x="60" y="184" width="30" height="32" rx="6" fill="#e2e8f0"/>
      <rect x="130" y="184" width="90" height="32" rx="6" fill="#fff" opacity="0.9"/>
      <rect x="140" y="193" width="50" height="14" rx="3" fill="${c}" opacity="0.5"/>
    </g>`,
  box: (c) => `
    <path d="M110 140 L200 100 L290 140 L290 290 L200 330 L110 290 Z" fill="${c}"/>
    <path d="M110 140 L200 180 L290 140 L200 100 Z" fill="#fff" opacity="0.35"/>
    <path d="M200 180 L200 330 L290 290 L290 140 Z" fill="#000" opacity="0.12"/>
    <rect x="128" y="200" width="56" height="40" rx="4" fill="#fff" opacity="0.85" transform="skewY(24) translate(0 -70)"/>`,
  bottle: (c) => `
    <rect x="165" y="80" width="70" height="40" rx="8" fill="#f8fafc" stroke="#cbd5e1" stroke-width="6"/>
    <rect x="140" y="118" width="120" height="200" rx="24" fill="${c}"/>
    <rect x="152" y="170" width="96" height="90" rx="8" fill="#fff"/>
    <rect x="166" y="190" width="68" height="10" rx="3" fill="${c}" opacity="0.6"/>
    <rect x="166" y="212" width="50" height="10" rx="3" fill="#cbd5e1"/>
    <rect x="166" y="234" width="60" height="10" rx="3" fill="#cbd5e1"/>`,
  meter: (c) => `
    <rect x="130" y="90" width="140" height="220" rx="36" fill="${c}"/>
    <rect x="152" y="118" width="96" height="80" rx="10" fill="#ecfeff"/>
    <text x="200" y="172" font-family="Arial, sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#0f172a">112</text>
    <circle cx="200" cy="250" r="22" fill="#fff" opacity="0.9"/>
    <rect x="188" y="300" width="24" height="40" rx="4" fill="#e2e8f0"/>`,
  sensor: (c) => `
    <circle cx="200" cy="200" r="110" fill="#f8fafc" stroke="#cbd5e1" stroke-width="8"/>
    <circle cx="200" cy="200" r="72" fill="${c}"/>
    <circle cx="200" cy="200" r="22" fill="#fff"/>`,
  syringe: (c) => `
    <g transform="rotate(-35 200 200)">
      <rect x="110" y="180" width="170" height="40" rx="6" fill="#f8fafc" stroke="#94a3b8" stroke-width="5"/>
      <rect x="115" y="185" width="90" height="30" rx="3" fill="${c}" opacity="0.6"/>
      <rect x="280" y="192" width="30" height="16" rx="3" fill="${c}"/>
      <rect x="308" y="198" width="60" height="4" fill="#64748b"/>
      <rect x="50" y="194" width="62" height="12" fill="#94a3b8"/>
      <rect x="40" y="170" width="14" height="60" rx="4" fill="#64748b"/>
    </g>`,
  case: (c) => `
    <rect x="100" y="130" width="200" height="150" rx="28" fill="${c}"/>
    <rect x="100" y="186" width="200" height="10" fill="#000" opacity="0.15"/>
    <path d="M170 130 Q200 90 230 130" fill="none" stroke="#334155" stroke-width="10"/>
    <path d="M200 212 l8 16 l18 2 l-13 12 l4 18 l-17 -9 l-17 9 l4 -18 l-13 -12 l18 -2 z" fill="#fff"/>`,
}

export function renderProductArt(art: ProductArt, label: string): string {
  const title = label.replace(/[<>&"]/g, "")
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${title}">
  <rect width="400" height="400" fill="#f1f5f9"/>
  <circle cx="200" cy="200" r="160" fill="${art.color}" opacity="0.08"/>
  ${SHAPES[art.shape](art.color)}
</svg>
`
}
