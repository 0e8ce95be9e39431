/** Rupees as the agent's screens show them: paise only when there are any. */
export const rupees = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: n % 1 ? 2 : 0 }).format(n)
export const inputClass = 'h-10 w-full min-w-0 rounded-md border border-border bg-surface px-3 text-sm'
