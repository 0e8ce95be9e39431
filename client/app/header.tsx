import type { InitData } from '../../common/contracts/site-settings'
import { cn } from '../lib/cn'
import { MenuIcon } from '../ui/shop-icons'
import { CartButton } from '../features/cart/cart-button'
import { PincodeButton } from '../features/delivery/pincode-button'
import { AccountMenu } from '../features/site-settings/account-menu'
import { Logo } from '../features/site-settings/logo'
import { SearchBox } from '../features/site-settings/search-box'
import { SubNavbar } from '../features/site-settings/sub-navbar'

const NAVBAR_STYLES: Record<number, string> = {
  1: 'bg-surface border-b border-border',
  2: 'bg-surface border-b-4 border-primary',
  3: 'bg-surface shadow-md',
  4: 'bg-primary/10 border-b border-primary/30',
  5: 'bg-surface border-b-4 border-accent',
}

interface HeaderProps {
  init: InitData
  showSubNavbar: boolean
  onOpenMenu: () => void
  onOpenCart: () => void
}

/** Sticky top bar: slots and arrangement come from the site's navigation settings (spec §2). */
export function Header({ init, showSubNavbar, onOpenMenu, onOpenCart }: HeaderProps) {
  const s = init.navSetting
  const template = s.header_template
  const search = s.show_search_bar ? <SearchBox width={s.search_setting.width} /> : null
  const actions = (
    <div className="flex items-center gap-1">
      {s.show_pincode && (
        <span className={cn(template === 2 ? 'hidden sm:block' : 'hidden md:block')}>
          <PincodeButton pincode={init.pincode} />
        </span>
      )}
      {s.show_cart_icon && init.web.show_cart && <CartButton count={init.cart.quantity} onClick={onOpenCart} />}
      {(s.show_account || s.show_login) && <AccountMenu user={init.user} showLogin={s.show_login} showRegister={s.show_register} />}
    </div>
  )
  const menuButton = (
    <button
      type="button"
      onClick={onOpenMenu}
      className="flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-background md:hidden"
      aria-label="Open menu"
    >
      <MenuIcon className="text-xl" />
    </button>
  )
  const logo = s.show_logo ? <Logo init={init} /> : null
  return (
    <header className="sticky top-0 z-40" data-header-template={template} data-navbar-template={s.navbar_template}>
      {template === 4 && search && (
        <div className="hidden bg-primary md:block">
          <div className="mx-auto flex max-w-3xl justify-center px-4 py-2">{search}</div>
        </div>
      )}
      <div className={NAVBAR_STYLES[s.navbar_template] ?? NAVBAR_STYLES[1]}>
        {template === 3 ? (
          // logo in the middle, search on the left, account and cart on the right
          <div
            className="mx-auto grid max-w-7xl grid-cols-[auto_1fr_auto] items-center gap-2 px-3 sm:px-4 md:grid-cols-[1fr_auto_1fr]"
            style={{ minHeight: s.navbar_height }}
          >
            <div className="flex items-center gap-2">
              {menuButton}
              <div className="hidden w-full max-w-xs md:block">{search}</div>
            </div>
            <div className="flex justify-center">{logo}</div>
            <div className="flex justify-end">{actions}</div>
          </div>
        ) : (
          <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4" style={{ minHeight: s.navbar_height }}>
            {menuButton}
            {logo && <div className={cn((template === 2 || template === 4) && 'md:flex-1')}>{logo}</div>}
            {template === 1 && <div className="hidden flex-1 justify-center md:flex">{search}</div>}
            {template !== 1 && <div className="hidden flex-1 md:block" />}
            <div className="ml-auto flex items-center md:ml-0">{actions}</div>
          </div>
        )}
        {search && (
          <div className={cn('mx-auto max-w-7xl px-3 pb-2 sm:px-4', template === 2 ? 'md:pb-3' : 'md:hidden')}>
            <div className="flex items-center gap-2">
              {s.show_pincode && (
                <span className="md:hidden">
                  <PincodeButton pincode={init.pincode} />
                </span>
              )}
              <div className="flex-1">{search}</div>
            </div>
          </div>
        )}
      </div>
      {showSubNavbar && <SubNavbar items={init.navs} height={s.sub_navbar_height} alignment={s.nav_alignment} />}
    </header>
  )
}
