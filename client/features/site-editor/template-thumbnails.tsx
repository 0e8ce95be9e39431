/**
 * Small drawings of the header (1–4) and navbar (1–5) templates, as the storefront lays them out
 * (client/app/header.tsx): L logo, S search, A account and cart.
 */
const box = 'fill-[var(--color-border)]'

export function HeaderThumbnail({ template }: { template: number }) {
  return (
    <svg viewBox="0 0 120 44" className="h-11 w-full rounded border border-border bg-surface" aria-hidden="true">
      {template === 1 && (
        <>
          <rect x="6" y="10" width="16" height="12" rx="2" className="fill-primary" />
          <rect x="34" y="12" width="52" height="8" rx="4" className={box} />
          <rect x="96" y="12" width="18" height="8" rx="2" className={box} />
        </>
      )}
      {template === 2 && (
        <>
          <rect x="6" y="6" width="16" height="12" rx="2" className="fill-primary" />
          <rect x="96" y="8" width="18" height="8" rx="2" className={box} />
          <rect x="6" y="26" width="108" height="9" rx="4" className={box} />
        </>
      )}
      {template === 3 && (
        <>
          <rect x="6" y="12" width="34" height="8" rx="4" className={box} />
          <rect x="52" y="6" width="16" height="14" rx="2" className="fill-primary" />
          <rect x="96" y="12" width="18" height="8" rx="2" className={box} />
          <rect x="30" y="28" width="60" height="4" rx="2" className={box} />
        </>
      )}
      {template === 4 && (
        <>
          <rect x="0" y="0" width="120" height="16" className="fill-primary" />
          <rect x="34" y="4" width="52" height="8" rx="4" className="fill-[var(--color-surface)]" />
          <rect x="6" y="22" width="16" height="14" rx="2" className="fill-primary" />
          <rect x="96" y="25" width="18" height="8" rx="2" className={box} />
        </>
      )}
    </svg>
  )
}

const NAVBAR_LINES: Record<number, React.ReactNode> = {
  1: <rect x="0" y="22" width="120" height="1.5" className={box} />,
  2: <rect x="0" y="20" width="120" height="4" className="fill-primary" />,
  3: <rect x="0" y="22" width="120" height="4" className="fill-[var(--color-muted)] opacity-40" />,
  4: <rect x="0" y="0" width="120" height="24" className="fill-[var(--color-background)]" />,
  5: <rect x="0" y="20" width="120" height="4" className="fill-accent" />,
}

export function NavbarThumbnail({ template }: { template: number }) {
  return (
    <svg viewBox="0 0 120 30" className="h-8 w-full rounded border border-border bg-surface" aria-hidden="true">
      {NAVBAR_LINES[template]}
      <rect x="6" y="8" width="14" height="8" rx="2" className="fill-primary" />
      <rect x="92" y="9" width="22" height="6" rx="2" className={box} />
    </svg>
  )
}
