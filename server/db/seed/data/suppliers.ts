/** Supplier tiles on the main demo store's home page: the farms and mills it buys from. */
export const suppliers = [
  { name: 'Mandya Farmers Collective', link: '/about-us', avatar: 'demo/suppliers/mandya.webp', title: 'Rice & jaggery' },
  { name: 'Guntur Spice Growers', link: '/about-us', avatar: 'demo/suppliers/guntur.webp', title: 'Chillies & turmeric' },
  { name: 'Nilgiri Tea Estates', link: '/about-us', avatar: 'demo/suppliers/nilgiri.webp', title: 'Tea & coffee' },
  { name: 'Indore Flour Mills', link: '/about-us', avatar: 'demo/suppliers/indore.webp', title: 'Atta & besan' },
]

/** The tea-and-snacks demo store's own suppliers (issue 18: not the grocery store's mills). */
export const shop2Suppliers = [
  { name: 'Nilgiri Tea Estates', link: '/about-us', avatar: 'demo/suppliers/nilgiri.webp', title: 'Tea & coffee' },
  { name: 'Assam Valley Gardens', link: '/about-us', avatar: 'demo/suppliers/assam.webp', title: 'CTC & leaf tea' },
  { name: 'Bikaner Namkeen Works', link: '/about-us', avatar: 'demo/suppliers/bikaner.webp', title: 'Bhujia & namkeen' },
  { name: 'Kolkata Biscuit Bakers', link: '/about-us', avatar: 'demo/suppliers/kolkata.webp', title: 'Cookies & rusks' },
]

export const suppliersOf = (site: 'main' | 'shop2') => (site === 'main' ? suppliers : shop2Suppliers)
