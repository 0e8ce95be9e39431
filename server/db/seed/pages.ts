import type { PageComponent } from '../../../common/contracts/pages'
import type { Tx } from '../client'
import { pages } from '../schema/pages'
import { keepPublishedAsFirstVersions } from '../../features/pages/queries'
import { suppliersOf } from './data/suppliers'
import { heroSlides } from './images'

const block = (order: number, type: string, name: string, extra: Partial<PageComponent>): PageComponent => ({
  order,
  type,
  name,
  data: null,
  settings: {},
  ...extra,
})

function homeBlocks(site: 'main' | 'shop2'): PageComponent[] {
  const slides = heroSlides(site).map((s, n) => ({
    image: `demo/banners/${site}-hero-${n + 1}.webp`,
    image_sm: `demo/banners/${site}-hero-${n + 1}-sm.webp`,
    link: s.link,
    alt: `${s.title}: ${s.subtitle}`,
  }))
  const hero = block(0, 'hero_banner', 'Hero', {
    data: { slides },
    settings: { aspect: '16/5', bgcolor: '#ffffff', fullpage: false, slidesconfig: { sm: 1, md: 1, columns: 1, autoplayInterval: 2500 } },
  })
  // Issue 31: where the grocery apps show grids (the category tiles, the best sellers), the phone sees rows, not one slide.
  const shared = [
    block(1, 'category_grid', 'Shop by category', { data: { title: 'Shop by category' } }),
    block(2, 'product_grid', 'Best sellers', {
      data: { title: 'Best sellers', link: '/products?s=popularity' },
      logicdata: { s: 'popularity', limit: 12 },
    }),
    block(3, 'product_carousel', 'Top offers', { data: { title: 'Top offers', link: '/products?s=discount' }, logicdata: { s: 'discount', limit: 12 } }),
    block(5, 'category_carousel', 'Snacks by type', { data: { title: 'Snacks & namkeen' }, logicdata: { parent: 'snacks-namkeen' } }),
    block(6, 'brand_carousel', 'Brands we love', { data: { title: 'Brands we love' } }),
    block(7, 'supplier_tiles', 'Our suppliers', {
      data: { title: 'Sourced from people we know', items: suppliersOf(site).map((s) => ({ ...s, border: true })) },
    }),
  ]
  const aisle =
    site === 'main'
      ? block(4, 'product_carousel', 'Masalas & spices', {
          data: { title: 'Masalas & spices', link: '/products?c=masalas-spices' },
          logicdata: { c: ['masalas-spices'], limit: 12 },
        })
      : block(4, 'product_carousel', 'Tea-time favourites', {
          data: { title: 'Tea-time favourites', link: '/products?c=beverages' },
          logicdata: { c: ['beverages'], limit: 12 },
        })
  return [hero, ...shared, aisle]
}

const text = (html: string) => [block(0, 'rich_text', 'Content', { data: { html } })]

export async function seedPages(tx: Tx, websiteId: number, site: 'main' | 'shop2', siteName: string) {
  await tx.insert(pages).values([
    { websiteId, url: '/', components: homeBlocks(site), seoTitle: null, seoDescription: null },
    { websiteId, url: '/products', components: [] },
    {
      websiteId,
      url: '/about-us',
      components: text(
        `<h1>About ${siteName}</h1><p>We are a neighbourhood store that went online. We stock the brands our customers ask for, keep prices fair, and deliver in two-hour slots.</p><h2>What we promise</h2><ul><li>Fresh stock, checked every morning</li><li>Honest prices, the same online and in store</li><li>Free delivery on larger orders</li></ul>`,
      ),
      seoTitle: `About us | ${siteName}`,
      seoDescription: `Who we are and how ${siteName} delivers your groceries.`,
      schemaScript: JSON.stringify({ '@context': 'https://schema.org', '@type': 'GroceryStore', name: siteName }),
    },
    {
      websiteId,
      url: '/contact',
      components: text(`<h1>Contact us</h1><p>Write to us or call between 8 am and 8 pm, every day. We answer within one working day.</p>`),
      seoTitle: `Contact | ${siteName}`,
    },
    {
      websiteId,
      url: '/delivery-areas',
      components: text(
        `<h1>Delivery areas</h1><p>We deliver to Bengaluru pincodes 560001 to 560100. Enter your pincode at the top of any page to check delivery times.</p>`,
      ),
    },
    {
      websiteId,
      url: '/terms',
      components: text(
        `<h1>Terms of Service</h1><p>Prices include GST. Orders can be cancelled until they are packed. Refunds go back to the original payment method within 5–7 working days.</p>`,
      ),
      showSubNavbar: false,
    },
    {
      websiteId,
      url: '/privacy',
      components: text(`<h1>Privacy Policy</h1><p>We keep your name, phone number and addresses only to deliver your orders. We never sell your data.</p>`),
      showSubNavbar: false,
    },
  ])
  // the seeded pages are each page's version 1, so the first publish can be rolled back (issue 29)
  await keepPublishedAsFirstVersions(tx, websiteId)
}
