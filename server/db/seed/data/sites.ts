import type { NavItemNode, SiteSettings } from '../../../../common/contracts/site-settings'
import { DEFAULT_NAV_SETTING } from '../../../features/accounts/website-defaults'

export interface SeedSite {
  key: 'main' | 'shop2'
  name: string
  host: string
  description: string
  fontFamily: string
  theme: string
  color: string
  settings: SiteSettings
}

const nav = (name: string, link: string, children: NavItemNode[] = [], value: string | null = null): NavItemNode => ({
  group: 0,
  name,
  icon: null,
  show_icon: 0,
  link,
  value,
  image: null,
  slug: null,
  children,
})

const footerColumn = (group: number, name: string, links: [string, string][]): NavItemNode => ({
  ...nav(name, ''),
  group,
  children: links.map(([n, l]) => ({ ...nav(n, l), group })),
})

const baseNavSetting = DEFAULT_NAV_SETTING

const delivery = { chargePaise: 3000, freeAbovePaise: 49900 }

export const seedSites: SeedSite[] = [
  {
    key: 'main',
    name: 'Kirana Fresh',
    host: 'localhost',
    description: 'Packaged groceries, staples and daily essentials from trusted brands, delivered to your door in Bengaluru.',
    fontFamily: 'Inter',
    theme: 'light',
    color: '#0c7a2a',
    settings: {
      navSetting: { ...baseNavSetting, footer_name: 'Kirana Fresh' },
      navs: [
        nav('Categories', '/products', [], '/categories'),
        nav('All Products', '/products'),
        nav('Offers', '/products?s=discount'),
        nav('New Arrivals', '/products?s=newest'),
        nav('About Us', '/about-us'),
      ],
      footers: [
        footerColumn(1, 'Shop', [
          ['All Products', '/products'],
          ['Offers', '/products?s=discount'],
          ['New Arrivals', '/products?s=newest'],
        ]),
        footerColumn(2, 'Company', [
          ['About Us', '/about-us'],
          ['Contact', '/contact'],
          ['Delivery Areas', '/delivery-areas'],
        ]),
        footerColumn(3, 'Help', [
          ['Terms of Service', '/terms'],
          ['Privacy Policy', '/privacy'],
        ]),
      ],
      webSeo: {
        og_title: 'Kirana Fresh: groceries delivered in Bengaluru',
        og_description: 'Order atta, rice, dals, masalas, snacks and daily essentials online. Delivery slots from 7 am to 9 pm.',
        meta_keywords: 'grocery delivery, online kirana, atta, rice, dal, masala, Bengaluru',
        og_image: 'demo/banners/main-hero-1.webp',
      },
      webAddress: { address: '12, 4th Cross, Indiranagar, Bengaluru 560038', phone: '+91 80 4000 1234', email: 'hello@kiranafresh.test' },
      popup: { image: 'demo/popups/main.webp', duration: 5, link: '/products?s=discount', once: false, coupon: 'WELCOME10' },
      webPages: [],
      themes: {
        light: {
          primary: '#0c7a2a',
          'on-primary': '#ffffff',
          accent: '#f8c400',
          background: '#f6f7f8',
          surface: '#ffffff',
          text: '#1b1f23',
          muted: '#5b6470',
          border: '#e2e5e9',
        },
        dark: {
          primary: '#3ecf6a',
          'on-primary': '#0b1a10',
          accent: '#f8c400',
          background: '#101214',
          surface: '#1a1d21',
          text: '#eef1f4',
          muted: '#a3abb5',
          border: '#2c3137',
        },
      },
      delivery,
    },
  },
  {
    key: 'shop2',
    name: 'Chai & Chakna Store',
    host: 'shop2.localhost',
    description: 'Snacks, namkeen, biscuits and the perfect cup of chai: party supplies and tea-time treats.',
    fontFamily: 'Inter',
    theme: 'light',
    color: '#b4410f',
    settings: {
      navSetting: { ...baseNavSetting, footer_name: 'Chai & Chakna', header_template: 2, navbar_template: 2, show_register: true },
      navs: [nav('Shop by Category', '/products', [], '/categories'), nav('Best Sellers', '/products?s=popularity'), nav('Our Story', '/about-us')],
      footers: [
        footerColumn(1, 'Shop', [
          ['Best Sellers', '/products?s=popularity'],
          ['Deals', '/products?s=discount'],
        ]),
        footerColumn(2, 'About', [
          ['Our Story', '/about-us'],
          ['Contact', '/contact'],
        ]),
      ],
      webSeo: {
        og_title: 'Chai & Chakna Store: snacks and tea, delivered',
        og_description: 'Namkeen, biscuits, chai and everything for tea time, delivered the same day.',
        meta_keywords: 'snacks, namkeen, chai, biscuits, tea time',
        og_image: 'demo/banners/shop2-hero-1.webp',
      },
      webAddress: { address: '7, Church Street, Bengaluru 560001', phone: '+91 80 4000 5678', email: 'namaste@chaichakna.test' },
      popup: { image: 'demo/popups/shop2.webp', duration: 8, link: '/products?s=discount', once: true },
      webPages: [],
      themes: {
        light: {
          primary: '#b4410f',
          'on-primary': '#ffffff',
          accent: '#ffb703',
          background: '#fbf6f1',
          surface: '#ffffff',
          text: '#2a1d14',
          muted: '#6d5c50',
          border: '#eadfd5',
        },
      },
      delivery: { chargePaise: 4000, freeAbovePaise: 39900 },
    },
  },
]
