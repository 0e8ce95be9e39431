import type { User } from '../../../common/contracts/accounts'
import { Link } from '../../lib/router'

interface Card {
  title: string
  text: string
  to: string
}

function cardsFor(user: User): Card[] {
  const cards: Card[] = [
    { title: 'Orders', text: 'Track, reorder and get help with your orders.', to: '/account/orders' },
    { title: 'Addresses', text: 'Where we deliver: add, edit and choose your default.', to: '/account/addresses' },
    { title: 'Profile', text: 'Your name and email.', to: '/account/details' },
    { title: 'Wishlist', text: 'Products you saved for later.', to: '/account/wishlist' },
  ]
  if (user.isSalesAgent) cards.push({ title: 'Sales dashboard', text: 'Your customers and orders.', to: '/account/dashboard' })
  if (user.superadmin) cards.push({ title: 'Switch website', text: 'Manage another of your stores, or create one.', to: '/auth/bos/choose' })
  return cards
}

/** /account: a greeting and where to go next, by role. */
export function AccountOverview({ user }: { user: User }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Signed in as <span className="font-medium text-text">{user.phone ?? user.email}</span>
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {cardsFor(user).map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="block h-full rounded-lg border border-border bg-surface p-4 hover:border-primary">
              <span className="block font-semibold">{card.title}</span>
              <span className="mt-1 block text-sm text-muted">{card.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
