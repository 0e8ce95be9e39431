/** Supplier tiles on the home pages: the farms and mills the demo shops buy from. */
export const suppliers = [
  { name: 'Mandya Farmers Collective', link: '/about-us', avatar: 'demo/suppliers/mandya.webp', title: 'Rice & jaggery' },
  { name: 'Guntur Spice Growers', link: '/about-us', avatar: 'demo/suppliers/guntur.webp', title: 'Chillies & turmeric' },
  { name: 'Nilgiri Tea Estates', link: '/about-us', avatar: 'demo/suppliers/nilgiri.webp', title: 'Tea & coffee' },
  { name: 'Indore Flour Mills', link: '/about-us', avatar: 'demo/suppliers/indore.webp', title: 'Atta & besan' },
]
