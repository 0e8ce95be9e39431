/**
 * Demo catalogue: a realistic Indian packaged-grocery range with invented brands.
 * Pure data, fully deterministic (the only "randomness" is a fixed-seed PRNG below),
 * so every seed run produces the same products, prices and discounts.
 */

export interface SeedCategory {
  name: string
  slug: string
  children: { name: string; slug: string }[]
}
/** `color` is the brand hex colour used by the generated images. */
export interface SeedBrand {
  name: string
  slug: string
  color: string
}
/** Prices are integer paise; `mrpPaise >= pricePaise`. */
export interface SeedPack {
  name: string
  pricePaise: number
  mrpPaise: number
}
export type PackageShape = 'bag' | 'bottle' | 'box' | 'jar' | 'can' | 'packet'
export interface SeedProduct {
  name: string
  slug: string
  brandSlug: string
  /** slug of a subcategory (a child of a top-level category) */
  categorySlug: string
  description: string
  info: string
  packs: SeedPack[]
  popularity: number
  shape: PackageShape
}

export const brands: SeedBrand[] = [
  { name: 'Kesar Valley', slug: 'kesar-valley', color: '#E07A1F' },
  { name: 'Sona Khet', slug: 'sona-khet', color: '#B8860B' },
  { name: 'Desi Tadka', slug: 'desi-tadka', color: '#C62828' },
  { name: 'Masala Mandi', slug: 'masala-mandi', color: '#8E3B2F' },
  { name: 'Dhavala Dairy', slug: 'dhavala-dairy', color: '#1E88E5' },
  { name: 'Kolhu Fresh', slug: 'kolhu-fresh', color: '#6B8E23' },
  { name: 'Prabhat', slug: 'prabhat-oils', color: '#F2A900' },
  { name: 'Chatpata Junction', slug: 'chatpata-junction', color: '#E4572E' },
  { name: 'Crunchwala', slug: 'crunchwala', color: '#7B1FA2' },
  { name: 'Nutri Nest', slug: 'nutri-nest', color: '#2E7D32' },
  { name: 'Chai Bagaan', slug: 'chai-bagaan', color: '#1B5E20' },
  { name: 'Coorg Crest', slug: 'coorg-crest', color: '#6D4C41' },
  { name: 'Phal Ras', slug: 'phal-ras', color: '#F57C00' },
  { name: 'Urja Plus', slug: 'urja-plus', color: '#1565C0' },
  { name: 'Tiffin Time', slug: 'tiffin-time', color: '#D84315' },
  { name: 'Mithas Cocoa', slug: 'mithas-cocoa', color: '#5D4037' },
  { name: 'Jhatpat Foods', slug: 'jhatpat-foods', color: '#F9A825' },
  { name: 'Achaar Ghar', slug: 'achaar-ghar', color: '#B71C1C' },
  { name: 'Subah Foods', slug: 'subah-foods', color: '#EF6C00' },
  { name: 'Herbal Aangan', slug: 'herbal-aangan', color: '#00897B' },
  { name: 'Chandan Care', slug: 'chandan-care', color: '#AD1457' },
  { name: 'Chamak Home', slug: 'chamak-home', color: '#0277BD' },
  { name: 'Swachh Ghar', slug: 'swachh-ghar', color: '#00838F' },
]

/** [base name (brand is prefixed), brand slug, packs 'name:mrp rupees|…', options] */
type Row = [base: string, brand: string, packs: string, opts?: { shape?: PackageShape; ing?: string; d?: string; life?: string; kind?: Kind }]
type Kind = 'dry' | 'oil' | 'chilled' | 'drink' | 'care' | 'clean'
interface SubDef {
  name: string
  slug: string
  shape: PackageShape
  kind: Kind
  /** shelf life in months */
  life: number
  desc: [(b: string) => string, (b: string) => string]
  rows: Row[]
}
interface TopDef {
  name: string
  slug: string
  subs: SubDef[]
}

const tree: TopDef[] = [
  {
    name: 'Atta, Rice & Dals',
    slug: 'atta-rice-dals',
    subs: [
      {
        name: 'Atta & Flours',
        slug: 'atta-flours',
        shape: 'bag',
        kind: 'dry',
        life: 4,
        desc: [
          (b) => `Stone-ground ${b} milled in small batches for soft, fluffy results every time.`,
          (b) => `Fine, fresh ${b} from carefully cleaned grain. Perfect for everyday rotis, parathas and snacks.`,
        ],
        rows: [
          ['Chakki Fresh Atta', 'kesar-valley', '5 kg:285|10 kg:545', { ing: 'Whole wheat (100%)' }],
          ['Whole Wheat Atta', 'sona-khet', '1 kg:62|2 kg:120|5 kg:289|10 kg:560', { ing: 'Whole wheat (100%)' }],
          ['Multigrain Atta', 'kesar-valley', '1 kg:89|5 kg:415', { ing: 'Whole wheat, soya, chana, oats, maize, psyllium husk' }],
          ['Besan', 'sona-khet', '500 g:64|1 kg:122', { shape: 'packet', ing: 'Bengal gram (chana dal) flour (100%)' }],
          ['Maida', 'sona-khet', '500 g:34|1 kg:62', { shape: 'packet', ing: 'Refined wheat flour (100%)' }],
          ['Bombay Sooji Rava', 'kesar-valley', '500 g:40|1 kg:74', { shape: 'packet', ing: 'Wheat semolina (100%)' }],
          ['Ragi Flour', 'nutri-nest', '500 g:68|1 kg:125', { shape: 'packet', ing: 'Finger millet (100%)' }],
          ['Rice Flour', 'sona-khet', '500 g:42|1 kg:78', { shape: 'packet', ing: 'Rice (100%)' }],
          ['Jowar Atta', 'kesar-valley', '1 kg:98', { ing: 'Sorghum (100%)' }],
        ],
      },
      {
        name: 'Rice',
        slug: 'rice',
        shape: 'bag',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Aged ${b} with long, separate grains and a delicate aroma once cooked.`,
          (b) => `Hand-sorted ${b}, cleaned and packed at source. Cooks evenly for daily meals and festive dishes alike.`,
        ],
        rows: [
          ['Basmati Rice', 'kesar-valley', '1 kg:195|5 kg:925', { ing: 'Basmati rice (100%)' }],
          ['Royal Basmati Rice', 'kesar-valley', '1 kg:249|5 kg:1199', { ing: 'Extra-long aged basmati rice (100%)' }],
          ['Sona Masoori Rice', 'sona-khet', '1 kg:82|5 kg:375|10 kg:720', { ing: 'Sona masoori rice (100%)' }],
          ['Kolam Rice', 'sona-khet', '5 kg:430', { ing: 'Kolam rice (100%)' }],
          ['Idli Rice', 'sona-khet', '1 kg:64|5 kg:299', { ing: 'Parboiled idli rice (100%)' }],
          ['Brown Basmati Rice', 'nutri-nest', '1 kg:215', { ing: 'Unpolished brown basmati rice (100%)' }],
          ['Ponni Boiled Rice', 'kesar-valley', '5 kg:385|10 kg:745', { ing: 'Parboiled ponni rice (100%)' }],
          ['Jeera Samba Rice', 'kesar-valley', '1 kg:148|5 kg:715', { ing: 'Jeera samba rice (100%)' }],
          ['Thick Poha', 'sona-khet', '500 g:44|1 kg:82', { shape: 'packet', ing: 'Flattened rice (100%)' }],
        ],
      },
      {
        name: 'Dals & Pulses',
        slug: 'dals-pulses',
        shape: 'packet',
        kind: 'dry',
        life: 9,
        desc: [
          (b) => `Cleaned, sorted and double-polished ${b} that cooks quickly to a rich, creamy texture.`,
          (b) => `Protein-rich ${b} sourced from trusted farms and packed without any added colour.`,
        ],
        rows: [
          ['Toor Dal', 'sona-khet', '500 g:89|1 kg:172', { ing: 'Split pigeon peas (100%)' }],
          ['Unpolished Toor Dal', 'kesar-valley', '1 kg:195|2 kg:379', { ing: 'Unpolished split pigeon peas (100%)' }],
          ['Masoor Dal', 'sona-khet', '500 g:64|1 kg:122', { ing: 'Split red lentils (100%)' }],
          ['Moong Dal', 'kesar-valley', '500 g:82|1 kg:156', { ing: 'Split yellow moong (100%)' }],
          ['Chana Dal', 'sona-khet', '500 g:60|1 kg:114', { ing: 'Split Bengal gram (100%)' }],
          ['Urad Dal', 'kesar-valley', '500 g:86|1 kg:164', { ing: 'Split black gram, dehusked (100%)' }],
          ['Rajma Chitra', 'sona-khet', '500 g:96|1 kg:185', { ing: 'Chitra kidney beans (100%)' }],
          ['Kabuli Chana', 'kesar-valley', '500 g:92|1 kg:176', { ing: 'White chickpeas (100%)' }],
          ['Green Moong Whole', 'sona-khet', '500 g:78', { ing: 'Whole green gram (100%)' }],
          ['Kala Chana', 'sona-khet', '500 g:62|1 kg:118', { ing: 'Black chickpeas (100%)' }],
        ],
      },
    ],
  },
  {
    name: 'Masalas & Spices',
    slug: 'masalas-spices',
    subs: [
      {
        name: 'Powdered Spices',
        slug: 'powdered-spices',
        shape: 'packet',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Pure ${b}, cold-ground to lock in natural oils, colour and aroma.`,
          (b) => `Everyday ${b} made from sun-dried, hand-picked spices. No added colour or preservatives.`,
        ],
        rows: [
          ['Turmeric Powder', 'desi-tadka', '50 g:18|100 g:34|200 g:62|500 g:145', { ing: 'Turmeric (100%)' }],
          ['Kashmiri Chilli Powder', 'desi-tadka', '100 g:58|200 g:110', { ing: 'Kashmiri red chillies (100%)' }],
          ['Coriander Powder', 'masala-mandi', '100 g:30|200 g:55|500 g:125', { ing: 'Coriander seeds (100%)' }],
          ['Red Chilli Powder', 'masala-mandi', '100 g:40|200 g:75|500 g:175', { ing: 'Red chillies (100%)' }],
          ['Jeera Powder', 'desi-tadka', '100 g:60', { ing: 'Cumin seeds (100%)' }],
          ['Black Pepper Powder', 'masala-mandi', '100 g:130', { shape: 'jar', ing: 'Black pepper (100%)' }],
          ['Dry Ginger Powder', 'masala-mandi', '50 g:50', { ing: 'Dried ginger (100%)' }],
          ['Amchur Powder', 'desi-tadka', '100 g:48', { ing: 'Dried raw mango (100%)' }],
          ['Garlic Powder', 'desi-tadka', '100 g:85', { shape: 'jar', ing: 'Dehydrated garlic (100%)' }],
        ],
      },
      {
        name: 'Blended Masalas',
        slug: 'blended-masalas',
        shape: 'box',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `A balanced ${b} blend roasted and ground to a traditional family recipe.`,
          (b) => `Authentic ${b} that brings restaurant-style flavour to home cooking in minutes.`,
        ],
        rows: [
          ['Garam Masala', 'desi-tadka', '50 g:44|100 g:84', { ing: 'Coriander, cumin, black pepper, cardamom, cinnamon, cloves, bay leaf, nutmeg' }],
          ['Chicken Masala', 'desi-tadka', '100 g:75', { ing: 'Coriander, chilli, turmeric, cumin, ginger, garlic, cloves, salt' }],
          ['Chole Masala', 'masala-mandi', '100 g:70', { ing: 'Coriander, pomegranate seeds, chilli, dried mango, cumin, black salt' }],
          ['Pav Bhaji Masala', 'masala-mandi', '100 g:68', { ing: 'Coriander, chilli, cumin, fennel, dried mango, black pepper, cloves' }],
          ['Sambar Masala', 'desi-tadka', '100 g:65|200 g:122', { ing: 'Coriander, chilli, toor dal, chana dal, fenugreek, curry leaves, asafoetida' }],
          ['Kitchen King Masala', 'masala-mandi', '100 g:82', { ing: 'Coriander, chilli, cumin, turmeric, fenugreek leaves, ginger, black pepper' }],
          ['Biryani Masala', 'desi-tadka', '50 g:58|100 g:104', { ing: 'Coriander, star anise, cardamom, mace, cinnamon, bay leaf, cloves, rose petals' }],
          ['Chaat Masala', 'masala-mandi', '100 g:60', { ing: 'Black salt, dried mango, cumin, mint, coriander, black pepper, asafoetida' }],
          ['Meat Masala', 'masala-mandi', '100 g:78', { ing: 'Coriander, chilli, cumin, black pepper, cardamom, cinnamon, salt' }],
        ],
      },
      {
        name: 'Whole Spices',
        slug: 'whole-spices',
        shape: 'packet',
        kind: 'dry',
        life: 18,
        desc: [
          (b) => `Bold, aromatic ${b}, hand-cleaned and packed to stay fresh for longer.`,
          (b) => `Premium-grade ${b} for tempering, biryanis and homemade masalas.`,
        ],
        rows: [
          ['Jeera Whole', 'masala-mandi', '100 g:64|200 g:122', { ing: 'Cumin seeds (100%)' }],
          ['Green Cardamom', 'masala-mandi', '50 g:255|100 g:495', { shape: 'jar', ing: 'Green cardamom, 7 mm bold (100%)' }],
          ['Cloves', 'desi-tadka', '50 g:102', { ing: 'Cloves (100%)' }],
          ['Black Pepper Whole', 'masala-mandi', '100 g:140', { ing: 'Black peppercorns (100%)' }],
          ['Mustard Seeds', 'desi-tadka', '100 g:24|200 g:44', { ing: 'Black mustard seeds (100%)' }],
          ['Cinnamon Sticks', 'masala-mandi', '50 g:68', { ing: 'Cinnamon bark (100%)' }],
          ['Kasuri Methi', 'desi-tadka', '25 g:38|50 g:65', { shape: 'box', ing: 'Dried fenugreek leaves (100%)' }],
          ['Hing Powder', 'desi-tadka', '25 g:78|50 g:145', { shape: 'jar', ing: 'Asafoetida, wheat flour, gum arabic' }],
        ],
      },
    ],
  },
  {
    name: 'Oils & Ghee',
    slug: 'oils-ghee',
    subs: [
      {
        name: 'Cooking Oils',
        slug: 'cooking-oils',
        shape: 'bottle',
        kind: 'oil',
        life: 9,
        desc: [
          (b) => `${cap(b)} with a clean taste and high smoke point, ideal for everyday frying and tadka.`,
          (b) => `Traditionally extracted ${b} that keeps its natural aroma, colour and nutrients.`,
        ],
        rows: [
          ['Cold Pressed Mustard Oil', 'kolhu-fresh', '1 L:249|5 L:1175', { ing: 'Cold-pressed mustard oil (100%)' }],
          ['Cold Pressed Groundnut Oil', 'kolhu-fresh', '1 L:329', { ing: 'Cold-pressed groundnut oil (100%)' }],
          ['Cold Pressed Coconut Oil', 'kolhu-fresh', '500 ml:189|1 L:365', { ing: 'Cold-pressed coconut oil (100%)' }],
          ['Wood Pressed Sesame Oil', 'kolhu-fresh', '500 ml:215|1 L:409', { ing: 'Wood-pressed sesame oil (100%)' }],
          ['Refined Sunflower Oil', 'prabhat-oils', '500 ml:82|1 L:159|2 L:310|5 L:765', { ing: 'Refined sunflower oil, vitamins A and D' }],
          ['Rice Bran Oil', 'prabhat-oils', '1 L:169|5 L:815', { shape: 'can', ing: 'Physically refined rice bran oil, vitamins A and D' }],
          ['Soyabean Oil', 'prabhat-oils', '1 L:146|5 L:705', { ing: 'Refined soyabean oil, vitamins A and D' }],
          ['Filtered Groundnut Oil', 'prabhat-oils', '1 L:199|5 L:960', { shape: 'can', ing: 'Filtered groundnut oil (100%)' }],
          ['Kachi Ghani Mustard Oil', 'prabhat-oils', '1 L:189|2 L:369', { ing: 'Kachi ghani mustard oil (100%)' }],
          ['Extra Light Olive Oil', 'kolhu-fresh', '500 ml:525|1 L:975', { shape: 'can', ing: 'Refined olive oil, virgin olive oil' }],
        ],
      },
      {
        name: 'Ghee & Vanaspati',
        slug: 'ghee-vanaspati',
        shape: 'jar',
        kind: 'oil',
        life: 9,
        desc: [
          (b) => `Rich, granular ${b} slow-cooked for its unmistakable aroma.`,
          (b) => `${cap(b)} made the traditional way, perfect for dal tadka, halwa and hot rotis.`,
        ],
        rows: [
          ['Pure Cow Ghee', 'dhavala-dairy', '100 ml:82|200 ml:155|500 ml:355|1 L:685', { ing: 'Milk fat from cow milk' }],
          ['Desi Ghee', 'dhavala-dairy', '1 L:625', { shape: 'can', ing: 'Milk fat' }],
          ['A2 Bilona Ghee', 'kolhu-fresh', '250 ml:485|500 ml:925', { ing: 'Milk fat from A2 cow milk, hand-churned curd' }],
          ['Buffalo Ghee', 'dhavala-dairy', '500 ml:329', { ing: 'Milk fat from buffalo milk' }],
          ['Vanaspati', 'prabhat-oils', '500 ml:82|1 L:155', { shape: 'can', ing: 'Hydrogenated vegetable oils, vitamins A and D' }],
          ['Danedar Ghee', 'prabhat-oils', '500 ml:335|1 L:655', { ing: 'Milk fat' }],
        ],
      },
    ],
  },
  {
    name: 'Snacks & Namkeen',
    slug: 'snacks-namkeen',
    subs: [
      {
        name: 'Namkeen',
        slug: 'namkeen',
        shape: 'packet',
        kind: 'dry',
        life: 5,
        desc: [
          (b) => `Crunchy ${b} made in small batches with besan and a secret spice mix. Great with evening chai.`,
          (b) => `Classic ${b} the way it is made in the lanes of Indore and Bikaner: crisp, spicy and addictive.`,
        ],
        rows: [
          ['Aloo Bhujia', 'chatpata-junction', '200 g:55|400 g:105|1 kg:245', { ing: 'Potato, gram flour, edible vegetable oil, spices, salt' }],
          ['Khatta Meetha', 'chatpata-junction', '200 g:50|400 g:96', { ing: 'Gram flour, peanuts, raisins, sugar, edible oil, spices' }],
          ['Moong Dal Namkeen', 'chatpata-junction', '200 g:50|400 g:95', { ing: 'Moong dal, edible vegetable oil, salt' }],
          ['Navratan Mix', 'chatpata-junction', '200 g:58|400 g:108', { ing: 'Gram flour, peanuts, lentils, cornflakes, edible oil, spices' }],
          ['Bhujia Sev', 'chatpata-junction', '200 g:52', { ing: 'Moth bean flour, gram flour, edible oil, spices, salt' }],
          ['Masala Peanuts', 'crunchwala', '150 g:40|400 g:98', { ing: 'Peanuts, gram flour, rice flour, edible oil, spices' }],
          ['Cornflakes Chivda', 'chatpata-junction', '200 g:52', { ing: 'Corn flakes, peanuts, curry leaves, edible oil, sugar, spices' }],
          ['Ratlami Sev', 'chatpata-junction', '200 g:60', { ing: 'Gram flour, edible oil, cloves, black pepper, salt' }],
          ['Mini Bhakarwadi', 'chatpata-junction', '250 g:78', { ing: 'Wheat flour, gram flour, coconut, sesame, sugar, edible oil, spices' }],
          ['Chana Jor Garam', 'chatpata-junction', '150 g:45', { ing: 'Flattened black chickpeas, edible oil, lemon, chilli, black salt' }],
        ],
      },
      {
        name: 'Chips & Crisps',
        slug: 'chips-crisps',
        shape: 'packet',
        kind: 'dry',
        life: 4,
        desc: [
          (b) => `Thin, crunchy ${b} seasoned generously for a bold snack-time hit.`,
          (b) => `Irresistible ${b}, perfect for movie nights, travel and tiffin boxes.`,
        ],
        rows: [
          ['Classic Salted Potato Chips', 'crunchwala', '30 g:10|52 g:20|90 g:40|Pack of 6:115', { ing: 'Potato, edible vegetable oil, salt' }],
          ['Magic Masala Chips', 'crunchwala', '52 g:20|90 g:40', { ing: 'Potato, edible vegetable oil, spices and condiments, salt' }],
          ['Cream & Onion Chips', 'crunchwala', '52 g:20|90 g:40', { ing: 'Potato, edible vegetable oil, milk solids, onion powder, herbs' }],
          ['Kerala Banana Chips', 'crunchwala', '200 g:85', { ing: 'Raw banana, coconut oil, salt' }],
          ['Tangy Tomato Nachos', 'crunchwala', '150 g:60', { ing: 'Corn grits, edible oil, tomato powder, sugar, spices' }],
          ['Masala Corn Puffs', 'crunchwala', '60 g:20|Pack of 4:75', { ing: 'Corn grits, rice grits, edible oil, spices, salt' }],
          ['Peri Peri Potato Wafers', 'chatpata-junction', '90 g:45', { ing: 'Potato, edible vegetable oil, chilli, garlic, lemon, salt' }],
        ],
      },
      {
        name: 'Healthy Snacks',
        slug: 'healthy-snacks',
        shape: 'packet',
        kind: 'dry',
        life: 6,
        desc: [
          (b) => `Wholesome ${b}, roasted not fried, for guilt-free snacking between meals.`,
          (b) => `Nutritious ${b} packed with fibre and protein. A smart choice for work and school.`,
        ],
        rows: [
          ['Peri Peri Roasted Makhana', 'nutri-nest', '80 g:125', { ing: 'Fox nuts, rice bran oil, peri peri seasoning' }],
          ['Pudina Roasted Makhana', 'nutri-nest', '80 g:125', { ing: 'Fox nuts, rice bran oil, mint, black salt' }],
          ['Trail Mix', 'nutri-nest', '200 g:210', { shape: 'jar', ing: 'Almonds, cashews, cranberries, pumpkin seeds, raisins, sunflower seeds' }],
          ['Ragi Chips', 'nutri-nest', '90 g:48|Pack of 4:175', { ing: 'Finger millet flour, rice bran oil, spices' }],
          ['Roasted Chana', 'nutri-nest', '200 g:62|500 g:145', { ing: 'Bengal gram, salt, turmeric' }],
          ['Quinoa Puffs', 'nutri-nest', '100 g:90', { ing: 'Quinoa, rice, edible oil, cheese seasoning' }],
          ['California Almonds', 'nutri-nest', '250 g:310|500 g:599', { shape: 'jar', ing: 'Almonds (100%)' }],
          ['Jumbo Cashews', 'nutri-nest', '250 g:345|500 g:675', { shape: 'jar', ing: 'Cashew nuts W240 (100%)' }],
          ['Peanut Protein Bars', 'nutri-nest', 'Pack of 6:420', { shape: 'box', ing: 'Peanuts, dates, whey protein, oats, honey' }],
        ],
      },
    ],
  },
  {
    name: 'Beverages',
    slug: 'beverages',
    subs: [
      {
        name: 'Tea',
        slug: 'tea',
        shape: 'box',
        kind: 'dry',
        life: 18,
        desc: [
          (b) => `Robust ${b} from hand-picked leaves for a strong, refreshing cup.`,
          (b) => `Fragrant ${b} blended by expert tasters. Brews a bright, flavourful cup every time.`,
        ],
        rows: [
          ['Masala Chai', 'chai-bagaan', '250 g:155|500 g:295', { ing: 'Black tea, ginger, cardamom, cinnamon, black pepper, cloves' }],
          ['Assam CTC Tea', 'chai-bagaan', '250 g:135|500 g:259|1 kg:499', { ing: 'Assam black tea (100%)' }],
          ['Green Tea', 'chai-bagaan', '25 Tea Bags:150|100 Tea Bags:499', { ing: 'Green tea leaves (100%)' }],
          ['Darjeeling Leaf Tea', 'chai-bagaan', '100 g:335', { shape: 'jar', ing: 'Darjeeling black tea leaves (100%)' }],
          ['Tulsi Green Tea', 'chai-bagaan', '25 Tea Bags:165', { ing: 'Green tea, tulsi leaves' }],
          ['Lemon Green Tea', 'chai-bagaan', '25 Tea Bags:150', { ing: 'Green tea, lemon peel, natural lemon flavour' }],
          ['Elaichi Chai', 'chai-bagaan', '250 g:160', { shape: 'packet', ing: 'Black tea, cardamom' }],
          ['Kahwa Green Tea', 'chai-bagaan', '100 g:245', { shape: 'can', ing: 'Green tea, saffron, almond, cinnamon, cardamom' }],
        ],
      },
      {
        name: 'Coffee',
        slug: 'coffee',
        shape: 'jar',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Smooth ${b} from the estates of Coorg, roasted to bring out rich chocolatey notes.`,
          (b) => `Aromatic ${b} for a perfect morning cup, South Indian style.`,
        ],
        rows: [
          ['Filter Coffee', 'coorg-crest', '200 g:140|500 g:330', { shape: 'packet', ing: 'Coffee (80%), chicory (20%)' }],
          ['Instant Coffee', 'coorg-crest', '50 g:165|100 g:319', { ing: 'Coffee (100%)' }],
          ['Pure Arabica Beans', 'coorg-crest', '250 g:435', { shape: 'bag', ing: 'Roasted arabica coffee beans (100%)' }],
          ['Chicory Blend Coffee', 'coorg-crest', '200 g:125', { shape: 'packet', ing: 'Coffee (60%), chicory (40%)' }],
          ['Cold Brew Coffee Bags', 'coorg-crest', 'Pack of 5:299', { shape: 'box', ing: 'Medium-roast ground coffee (100%)' }],
          ['Hazelnut Instant Coffee', 'coorg-crest', '50 g:205', { ing: 'Coffee, natural hazelnut flavour' }],
        ],
      },
      {
        name: 'Juices & Drinks',
        slug: 'juices-drinks',
        shape: 'box',
        kind: 'drink',
        life: 6,
        desc: [(b) => `Refreshing ${b} with no added preservatives. Serve chilled.`, (b) => `Real-fruit ${b}, a taste of Indian summers in every sip.`],
        rows: [
          ['Mixed Fruit Juice', 'phal-ras', '200 ml:25|1 L:118', { ing: 'Water, mixed fruit pulp and concentrates, sugar, acidity regulator' }],
          ['Alphonso Mango Drink', 'phal-ras', '600 ml:40|1.2 L:78', { shape: 'bottle', ing: 'Water, Alphonso mango pulp (19%), sugar, acidity regulator' }],
          ['Guava Nectar', 'phal-ras', '1 L:112', { ing: 'Water, guava pulp (25%), sugar, acidity regulator' }],
          ['Litchi Juice', 'phal-ras', '1 L:122', { ing: 'Water, litchi juice concentrate, sugar, acidity regulator' }],
          ['Masala Jaljeera', 'phal-ras', '250 ml:30|Pack of 6:170', { shape: 'can', ing: 'Carbonated water, sugar, cumin, black salt, mint, lemon' }],
          ['Aam Panna', 'phal-ras', '750 ml:98', { shape: 'bottle', ing: 'Water, raw mango pulp, sugar, black salt, cumin, mint' }],
          ['Nimbu Soda', 'phal-ras', '300 ml:30|Pack of 6:172', { shape: 'can', ing: 'Carbonated water, sugar, lemon juice, black salt' }],
          ['Tender Coconut Water', 'phal-ras', '200 ml:45|1 L:185', { ing: 'Tender coconut water (100%)' }],
        ],
      },
      {
        name: 'Health Drinks',
        slug: 'health-drinks',
        shape: 'jar',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Nutritious ${b} with essential vitamins and minerals for growing kids and active adults.`,
          (b) => `Delicious ${b} that turns a glass of milk into a wholesome, energising treat.`,
        ],
        rows: [
          ['Chocolate Health Drink', 'urja-plus', '500 g:249|1 kg:475', { ing: 'Malted barley, cocoa, milk solids, sugar, vitamins, minerals' }],
          ['Kesar Badam Drink Mix', 'urja-plus', '200 g:170', { ing: 'Sugar, almonds (10%), milk solids, saffron, cardamom' }],
          ['Classic Malt Drink', 'urja-plus', '500 g:235|1 kg:450', { ing: 'Malted wheat and barley, milk solids, sugar, vitamins' }],
          ['Protein Plus Vanilla', 'urja-plus', '400 g:525', { ing: 'Milk protein, whey protein, soy protein, maltodextrin, vitamins' }],
          ['Ragi Malt', 'nutri-nest', '500 g:190', { ing: 'Sprouted ragi (70%), jaggery, cardamom' }],
          ['Strawberry Health Drink', 'urja-plus', '500 g:259', { ing: 'Malted barley, milk solids, sugar, strawberry flavour, vitamins' }],
          ['Orange Glucose Powder', 'urja-plus', '500 g:98|1 kg:185', { shape: 'box', ing: 'Dextrose, orange flavour, vitamin C, calcium' }],
        ],
      },
    ],
  },
  {
    name: 'Dairy & Breakfast',
    slug: 'dairy-breakfast',
    subs: [
      {
        name: 'Breakfast Cereals',
        slug: 'breakfast-cereals',
        shape: 'box',
        kind: 'dry',
        life: 9,
        desc: [
          (b) => `Crunchy ${b}, a wholesome start to busy mornings. Enjoy with milk, curd or fruit.`,
          (b) => `Delicious ${b} made with whole grains and baked for a golden crunch.`,
        ],
        rows: [
          ['Corn Flakes', 'subah-foods', '250 g:110|475 g:195|875 g:340', { ing: 'Corn grits, sugar, malt extract, iodised salt, vitamins, iron' }],
          ['Fruit & Nut Muesli', 'subah-foods', '500 g:335', { ing: 'Rolled oats, wheat flakes, raisins, almonds, papaya, honey' }],
          ['Rolled Oats', 'subah-foods', '500 g:112|1 kg:205', { shape: 'jar', ing: 'Rolled oats (100%)' }],
          ['Masala Oats', 'subah-foods', '38 g:15|500 g:185', { shape: 'packet', ing: 'Rolled oats, dehydrated vegetables, spices, salt' }],
          ['Chocolate Wheat Flakes', 'subah-foods', '375 g:190', { ing: 'Whole wheat, sugar, cocoa solids, malt extract, vitamins' }],
          ['Dark Chocolate Granola', 'nutri-nest', '450 g:410', { shape: 'bag', ing: 'Oats, dark chocolate, almonds, honey, seeds' }],
          ['Multigrain Flakes', 'subah-foods', '500 g:215', { ing: 'Wheat, corn, rice, oats, barley, sugar, vitamins' }],
        ],
      },
      {
        name: 'Spreads & Jams',
        slug: 'spreads-jams',
        shape: 'jar',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Luscious ${b} made with real ingredients. Perfect on toast, parathas and pancakes.`,
          (b) => `Smooth, rich ${b} that kids and grown-ups love at breakfast.`,
        ],
        rows: [
          ['Mixed Fruit Jam', 'subah-foods', '200 g:92|500 g:189', { ing: 'Sugar, mixed fruit pulp (45%), pectin, acidity regulator' }],
          ['Creamy Peanut Butter', 'nutri-nest', '340 g:205|1 kg:515', { ing: 'Roasted peanuts, sugar, vegetable oil, salt' }],
          ['Crunchy Peanut Butter', 'nutri-nest', '340 g:205', { ing: 'Roasted peanuts, peanut chunks, sugar, vegetable oil, salt' }],
          ['Wild Forest Honey', 'subah-foods', '250 g:140|500 g:260|1 kg:480', { ing: 'Honey (100%)' }],
          ['Chocolate Hazelnut Spread', 'mithas-cocoa', '350 g:310', { ing: 'Sugar, vegetable oil, hazelnuts (13%), cocoa, milk solids' }],
          ['Alphonso Mango Jam', 'subah-foods', '200 g:98', { ing: 'Sugar, Alphonso mango pulp (45%), pectin' }],
        ],
      },
      {
        name: 'Dairy',
        slug: 'dairy',
        shape: 'box',
        kind: 'chilled',
        life: 3,
        desc: [(b) => `Fresh ${b} from the farms of Karnataka, made from pure, tested milk.`, (b) => `Creamy ${b} for everyday cooking, baking and snacking.`],
        rows: [
          ['Salted Butter', 'dhavala-dairy', '100 g:60|500 g:285', { ing: 'Milk fat, common salt', life: '6 months' }],
          ['Fresh Paneer', 'dhavala-dairy', '200 g:95|500 g:225', { shape: 'packet', ing: 'Milk solids, citric acid', life: '15 days' }],
          ['Cheese Slices', 'dhavala-dairy', '200 g:145|750 g:495', { shape: 'packet', ing: 'Cheese, emulsifiers, salt, preservative', life: '6 months' }],
          ['Mozzarella Cheese', 'dhavala-dairy', '200 g:130|1 kg:575', { shape: 'packet', ing: 'Pasteurised milk, salt, microbial rennet', life: '4 months' }],
          ['Skimmed Milk Powder', 'dhavala-dairy', '500 g:249|1 kg:475', { shape: 'bag', ing: 'Skimmed milk solids (100%)', life: '12 months', kind: 'dry' }],
          ['Toned Milk UHT', 'dhavala-dairy', '1 L:74|Pack of 6:435', { ing: 'Toned milk, fat 3%, SNF 8.5%', life: '6 months', kind: 'drink' }],
          ['Fresh Dahi', 'dhavala-dairy', '400 g:42|1 kg:95', { shape: 'jar', ing: 'Pasteurised toned milk, active cultures', life: '15 days' }],
          ['Fresh Cream', 'dhavala-dairy', '200 ml:68', { ing: 'Milk fat 25%, milk solids', life: '4 months' }],
          ['Sweet Lassi', 'dhavala-dairy', '200 ml:25|1 L:110', { ing: 'Toned milk curd, sugar, cardamom', life: '1 month' }],
        ],
      },
    ],
  },
  {
    name: 'Biscuits & Chocolates',
    slug: 'biscuits-chocolates',
    subs: [
      {
        name: 'Biscuits',
        slug: 'biscuits',
        shape: 'packet',
        kind: 'dry',
        life: 9,
        desc: [
          (b) => `Crisp, golden ${b}, baked fresh and made for dunking in hot chai.`,
          (b) => `Everyone's favourite ${b}, a tea-time classic for the whole family.`,
        ],
        rows: [
          ['Marie Biscuits', 'tiffin-time', '250 g:35|Pack of 4:135', { ing: 'Wheat flour, sugar, edible vegetable oil, milk solids, raising agents' }],
          ['Glucose Biscuits', 'tiffin-time', '100 g:10|800 g:95', { ing: 'Wheat flour, sugar, edible vegetable oil, invert syrup, milk solids' }],
          ['Cream Crackers', 'tiffin-time', '200 g:38', { ing: 'Wheat flour, edible vegetable oil, yeast, salt' }],
          ['Bourbon Chocolate Cream', 'tiffin-time', '120 g:30|Pack of 6:175', { ing: 'Wheat flour, sugar, cocoa solids, edible vegetable oil' }],
          ['Digestive Biscuits', 'nutri-nest', '250 g:85|1 kg:299', { ing: 'Whole wheat flour, wheat bran, edible oil, sugar, oats' }],
          ['Orange Cream Biscuits', 'tiffin-time', '120 g:30', { ing: 'Wheat flour, sugar, edible vegetable oil, orange flavour' }],
          ['Jeera Biscuits', 'tiffin-time', '200 g:32', { ing: 'Wheat flour, edible oil, cumin seeds, sugar, salt' }],
          ['Milk Biscuits', 'tiffin-time', '150 g:20|Pack of 4:78', { ing: 'Wheat flour, sugar, milk solids (5%), edible oil' }],
          ['Coconut Crunch Biscuits', 'tiffin-time', '150 g:25|300 g:48', { ing: 'Wheat flour, desiccated coconut (9%), sugar, edible oil' }],
        ],
      },
      {
        name: 'Cookies & Rusks',
        slug: 'cookies-rusks',
        shape: 'box',
        kind: 'dry',
        life: 6,
        desc: [
          (b) => `Melt-in-the-mouth ${b}, baked with pure butter and a hint of cardamom.`,
          (b) => `Crunchy ${b}, double-baked to perfection. Best enjoyed with a cup of chai.`,
        ],
        rows: [
          ['Butter Cookies', 'tiffin-time', '400 g:165', { shape: 'can', ing: 'Wheat flour, butter (18%), sugar, milk solids' }],
          ['Choco Chip Cookies', 'mithas-cocoa', '150 g:50|300 g:98', { shape: 'packet', ing: 'Wheat flour, choco chips (16%), sugar, butter, edible oil' }],
          ['Elaichi Rusk', 'tiffin-time', '300 g:60|600 g:112', { shape: 'packet', ing: 'Wheat flour, sugar, edible oil, cardamom, yeast' }],
          ['Suji Toast Rusk', 'tiffin-time', '300 g:58', { shape: 'packet', ing: 'Wheat flour, semolina, sugar, edible oil, yeast' }],
          ['Atta Nankhatai', 'tiffin-time', '200 g:78', { ing: 'Whole wheat flour, ghee, sugar, cardamom' }],
          ['Oatmeal Cookies', 'nutri-nest', '150 g:70', { shape: 'packet', ing: 'Oats, whole wheat flour, jaggery, butter, raisins' }],
          ['Kaju Pista Cookies', 'tiffin-time', '200 g:95', { ing: 'Wheat flour, butter, sugar, cashew (8%), pistachio (4%)' }],
          ['Multigrain Rusk', 'nutri-nest', '300 g:80', { shape: 'packet', ing: 'Whole wheat, oats, ragi, jowar, sugar, edible oil' }],
        ],
      },
      {
        name: 'Chocolates & Sweets',
        slug: 'chocolates-sweets',
        shape: 'box',
        kind: 'dry',
        life: 9,
        desc: [
          (b) => `Indulgent ${b}, perfect for celebrations, gifting and sweet cravings.`,
          (b) => `Traditional ${b} made with pure ingredients for that festive feeling.`,
        ],
        rows: [
          [
            'Milk Chocolate Bar',
            'mithas-cocoa',
            '50 g:45|Pack of 5:215',
            { shape: 'packet', ing: 'Sugar, milk solids, cocoa butter, cocoa solids, emulsifier' },
          ],
          ['Dark Chocolate 70%', 'mithas-cocoa', '80 g:145', { shape: 'packet', ing: 'Cocoa solids (70%), sugar, cocoa butter' }],
          ['Fruit & Nut Chocolate', 'mithas-cocoa', '80 g:115', { shape: 'packet', ing: 'Sugar, milk solids, cocoa, raisins (9%), almonds (6%)' }],
          ['Kaju Katli', 'mithas-cocoa', '250 g:330|500 g:640', { ing: 'Cashew nuts (55%), sugar, ghee, silver leaf' }],
          ['Soan Papdi', 'mithas-cocoa', '250 g:92|500 g:175', { ing: 'Sugar, gram flour, wheat flour, ghee, cardamom, pistachio' }],
          ['Gulab Jamun Tin', 'mithas-cocoa', '1 kg:245', { shape: 'can', ing: 'Sugar syrup, khoya, refined wheat flour, ghee, cardamom' }],
          ['Rasgulla Tin', 'mithas-cocoa', '1 kg:225', { shape: 'can', ing: 'Sugar syrup, chhena (cottage cheese), semolina' }],
          ['Besan Ladoo', 'mithas-cocoa', '400 g:265', { ing: 'Gram flour, ghee, sugar, cardamom, almonds' }],
          ['Assorted Chocolate Gift Box', 'mithas-cocoa', '250 g:499', { ing: 'Milk chocolate, dark chocolate, almonds, caramel, hazelnut praline' }],
        ],
      },
    ],
  },
  {
    name: 'Instant Food',
    slug: 'instant-food',
    subs: [
      {
        name: 'Noodles & Pasta',
        slug: 'noodles-pasta',
        shape: 'packet',
        kind: 'dry',
        life: 9,
        desc: [
          (b) => `Quick-cooking ${b}, ready in minutes for a hot, satisfying snack.`,
          (b) => `Tasty ${b} made from quality wheat. Add your favourite veggies for a complete meal.`,
        ],
        rows: [
          [
            'Masala Instant Noodles',
            'jhatpat-foods',
            '70 g:14|Pack of 4:56|Pack of 8:110|Pack of 12:168',
            { ing: 'Wheat flour, palm oil, salt, masala tastemaker' },
          ],
          ['Atta Noodles', 'jhatpat-foods', '75 g:25|Pack of 4:98', { ing: 'Whole wheat flour (65%), palm oil, salt, masala tastemaker' }],
          ['Hakka Noodles', 'jhatpat-foods', '150 g:42', { ing: 'Refined wheat flour, salt' }],
          ['Penne Pasta', 'jhatpat-foods', '500 g:99', { ing: 'Durum wheat semolina (100%)' }],
          [
            'Chilli Garlic Cup Noodles',
            'jhatpat-foods',
            '70 g:50',
            { shape: 'can', ing: 'Wheat flour, palm oil, dehydrated garlic, chilli, soy sauce powder' },
          ],
          ['Macaroni', 'jhatpat-foods', '500 g:88', { ing: 'Durum wheat semolina (100%)' }],
          ['Roasted Vermicelli', 'sona-khet', '450 g:58', { ing: 'Wheat semolina (100%)' }],
          ['Schezwan Noodles', 'jhatpat-foods', '70 g:25|Pack of 4:96', { ing: 'Wheat flour, palm oil, schezwan seasoning' }],
        ],
      },
      {
        name: 'Ready to Eat',
        slug: 'ready-to-eat',
        shape: 'box',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Home-style ${b}, ready in 2 minutes. Just heat and eat with rice or rotis.`,
          (b) => `Slow-cooked ${b} with no preservatives, sealed in a retort pouch for freshness.`,
        ],
        rows: [
          ['Dal Makhani', 'jhatpat-foods', '300 g:125', { ing: 'Black gram, kidney beans, butter, cream, tomato, spices' }],
          ['Paneer Butter Masala', 'jhatpat-foods', '285 g:155', { ing: 'Paneer, tomato, butter, cream, cashew, spices' }],
          ['Rajma Masala', 'jhatpat-foods', '300 g:118', { ing: 'Kidney beans, onion, tomato, edible oil, spices' }],
          ['Veg Biryani', 'jhatpat-foods', '250 g:135', { ing: 'Basmati rice, mixed vegetables, ghee, biryani spices' }],
          ['Palak Paneer', 'jhatpat-foods', '285 g:150', { ing: 'Spinach, paneer, onion, cream, spices' }],
          ['Chana Masala', 'jhatpat-foods', '300 g:115', { ing: 'Chickpeas, onion, tomato, edible oil, spices' }],
        ],
      },
      {
        name: 'Instant Mixes',
        slug: 'instant-mixes',
        shape: 'box',
        kind: 'dry',
        life: 9,
        desc: [
          (b) => `Easy ${b}: just add water or curd for perfect results every time.`,
          (b) => `Convenient ${b} with authentic taste, made for quick breakfasts and festive treats.`,
        ],
        rows: [
          ['Rava Idli Mix', 'jhatpat-foods', '200 g:72|500 g:165', { ing: 'Semolina, dal, edible oil, cashew, curry leaves, spices' }],
          ['Gulab Jamun Mix', 'jhatpat-foods', '200 g:98', { ing: 'Milk solids, refined wheat flour, ghee, raising agent' }],
          ['Dosa Mix', 'sona-khet', '500 g:125', { ing: 'Rice flour, black gram flour, salt, raising agent' }],
          ['Tomato Soup', 'jhatpat-foods', '53 g:55', { shape: 'packet', ing: 'Tomato powder, sugar, corn starch, salt, herbs' }],
          ['Sweet Corn Soup', 'jhatpat-foods', '44 g:55', { shape: 'packet', ing: 'Sweet corn, corn starch, sugar, salt, vegetables' }],
          ['Khaman Dhokla Mix', 'jhatpat-foods', '200 g:70', { ing: 'Gram flour, sugar, citric acid, raising agent, salt' }],
          ['Custard Powder', 'subah-foods', '100 g:42|500 g:175', { ing: 'Corn starch, salt, vanilla flavour, colour' }],
          ['Instant Upma Mix', 'subah-foods', '200 g:65', { shape: 'packet', ing: 'Semolina, edible oil, mustard seeds, urad dal, curry leaves' }],
        ],
      },
    ],
  },
  {
    name: 'Sauces & Pickles',
    slug: 'sauces-pickles',
    subs: [
      {
        name: 'Pickles',
        slug: 'pickles',
        shape: 'jar',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Tangy, spicy ${b} made to a grandmother's recipe with cold-pressed oil.`,
          (b) => `Sun-cured ${b} packed with bold flavour. A spoonful lifts any meal.`,
        ],
        rows: [
          ['Mango Pickle', 'achaar-ghar', '400 g:130|1 kg:289', { ing: 'Raw mango, mustard oil, salt, chilli, fenugreek, fennel' }],
          ['Mixed Pickle', 'achaar-ghar', '400 g:125', { ing: 'Mango, lime, carrot, green chilli, mustard oil, salt, spices' }],
          ['Lime Pickle', 'achaar-ghar', '300 g:102', { ing: 'Lime, salt, chilli, turmeric, sesame oil' }],
          ['Garlic Pickle', 'achaar-ghar', '300 g:145', { ing: 'Garlic, mustard oil, chilli, vinegar, salt, spices' }],
          ['Green Chilli Pickle', 'achaar-ghar', '300 g:108', { ing: 'Green chilli, mustard oil, lemon juice, salt, spices' }],
          ['Andhra Avakaya Pickle', 'achaar-ghar', '500 g:215', { ing: 'Raw mango, gingelly oil, red chilli, mustard, garlic, salt' }],
          ['Red Chilli Pickle', 'achaar-ghar', '300 g:112', { ing: 'Stuffed red chillies, mustard oil, fennel, salt, spices' }],
        ],
      },
      {
        name: 'Sauces & Ketchup',
        slug: 'sauces-ketchup',
        shape: 'bottle',
        kind: 'dry',
        life: 12,
        desc: [
          (b) => `Thick, flavourful ${b} for snacks, sandwiches and Indo-Chinese dishes.`,
          (b) => `Zesty ${b} that adds a punch to pakoras, fries and rolls.`,
        ],
        rows: [
          ['Tomato Ketchup', 'achaar-ghar', '500 g:115|1 kg:180', { ing: 'Tomato paste (28%), sugar, water, vinegar, salt, spices' }],
          ['Green Chilli Sauce', 'achaar-ghar', '200 g:62', { ing: 'Water, green chilli (22%), sugar, vinegar, salt' }],
          ['Schezwan Chutney', 'achaar-ghar', '250 g:108', { shape: 'jar', ing: 'Red chilli, garlic, onion, vegetable oil, vinegar, soy sauce' }],
          ['Dark Soy Sauce', 'jhatpat-foods', '200 ml:58', { ing: 'Water, soybean, salt, caramel colour, wheat flour' }],
          ['Imli Chutney', 'achaar-ghar', '250 g:85', { ing: 'Tamarind, jaggery, dates, cumin, black salt, chilli' }],
          ['Eggless Mayonnaise', 'subah-foods', '250 g:99|875 g:245', { shape: 'jar', ing: 'Vegetable oil, water, milk solids, sugar, vinegar, salt' }],
          ['Hot & Sweet Tomato Chilli Sauce', 'achaar-ghar', '500 g:125', { ing: 'Tomato paste, sugar, chilli, vinegar, salt, garlic' }],
        ],
      },
    ],
  },
  {
    name: 'Personal Care',
    slug: 'personal-care',
    subs: [
      {
        name: 'Bath & Body',
        slug: 'bath-body',
        shape: 'box',
        kind: 'care',
        life: 36,
        desc: [
          (b) => `Gentle ${b} with natural extracts that cleanses without drying your skin.`,
          (b) => `Refreshing ${b} with a long-lasting fragrance, suitable for the whole family.`,
        ],
        rows: [
          ['Sandalwood Soap', 'chandan-care', '75 g:38|Pack of 4:155', { ing: 'Soap noodles, sandalwood oil, glycerine, fragrance' }],
          ['Neem Tulsi Soap', 'herbal-aangan', '100 g:42|Pack of 4:155', { ing: 'Soap noodles, neem extract, tulsi extract, glycerine' }],
          ['Haldi Chandan Body Wash', 'chandan-care', '250 ml:205', { shape: 'bottle', ing: 'Aqua, mild surfactants, turmeric, sandalwood, glycerine' }],
          ['Aloe Vera Shower Gel', 'herbal-aangan', '250 ml:189', { shape: 'bottle', ing: 'Aqua, aloe vera juice, mild surfactants, vitamin E' }],
          ['Glycerine Soap', 'chandan-care', '125 g:55', { ing: 'Glycerine (18%), soap base, honey, fragrance' }],
          ['Prickly Heat Powder', 'chandan-care', '100 g:88|300 g:220', { shape: 'can', ing: 'Talc, menthol, zinc oxide, camphor, boric acid' }],
          ['Coconut Body Lotion', 'herbal-aangan', '400 ml:310', { shape: 'bottle', ing: 'Aqua, virgin coconut oil, shea butter, glycerine' }],
          ['Neem Hand Wash', 'herbal-aangan', '200 ml:99|750 ml:185', { shape: 'bottle', ing: 'Aqua, neem extract, mild surfactants, glycerine' }],
        ],
      },
      {
        name: 'Hair Care',
        slug: 'hair-care',
        shape: 'bottle',
        kind: 'care',
        life: 24,
        desc: [
          (b) => `Nourishing ${b} enriched with Ayurvedic herbs for stronger, shinier hair.`,
          (b) => `Everyday ${b} that cares for your scalp and tames frizz naturally.`,
        ],
        rows: [
          ['Amla Hair Oil', 'herbal-aangan', '200 ml:130|500 ml:295', { ing: 'Sesame oil, amla extract, bhringraj, brahmi' }],
          ['Pure Coconut Hair Oil', 'chandan-care', '250 ml:115|500 ml:210|1 L:399', { ing: 'Coconut oil (100%)' }],
          ['Onion & Bhringraj Shampoo', 'herbal-aangan', '180 ml:205|340 ml:359', { ing: 'Aqua, onion extract, bhringraj, mild surfactants' }],
          ['Anti-Dandruff Shampoo', 'chandan-care', '180 ml:220', { ing: 'Aqua, zinc pyrithione, tea tree oil, menthol' }],
          ['Shikakai Reetha Shampoo', 'herbal-aangan', '200 ml:165', { ing: 'Aqua, shikakai, reetha, amla, mild surfactants' }],
          ['Natural Mehendi', 'herbal-aangan', '100 g:62', { shape: 'packet', ing: 'Henna leaf powder (100%)' }],
          ['Almond Conditioner', 'chandan-care', '180 ml:240', { ing: 'Aqua, almond oil, cetearyl alcohol, vitamin E' }],
          ['Bhringraj Hair Oil', 'herbal-aangan', '100 ml:145|200 ml:275', { ing: 'Sesame oil, bhringraj, amla, coconut oil' }],
        ],
      },
      {
        name: 'Oral Care',
        slug: 'oral-care',
        shape: 'box',
        kind: 'care',
        life: 24,
        desc: [
          (b) => `Effective ${b} for strong teeth, healthy gums and long-lasting freshness.`,
          (b) => `${cap(b)} inspired by Ayurveda, dentist-tested for daily use.`,
        ],
        rows: [
          ['Herbal Toothpaste', 'herbal-aangan', '150 g:98|Pack of 2:185', { ing: 'Calcium carbonate, neem, babool, clove oil, sorbitol' }],
          ['Laung Gel Toothpaste', 'chandan-care', '150 g:105', { ing: 'Silica, sorbitol, clove oil, menthol' }],
          ['Charcoal Toothbrush', 'chandan-care', 'Pack of 4:125', { shape: 'packet', ing: 'Charcoal-infused soft bristles, polypropylene handle' }],
          [
            'Mint Mouthwash',
            'chandan-care',
            '250 ml:149|500 ml:269',
            { shape: 'bottle', ing: 'Aqua, sorbitol, cetylpyridinium chloride, menthol, eucalyptol' },
          ],
          ['Kids Strawberry Toothpaste', 'herbal-aangan', '80 g:75', { ing: 'Calcium carbonate, xylitol, strawberry flavour' }],
          ['Ayurvedic Tooth Powder', 'herbal-aangan', '100 g:62', { shape: 'can', ing: 'Clove, neem, black pepper, camphor, rock salt' }],
          ['Whitening Toothpaste', 'chandan-care', '150 g:115', { ing: 'Hydrated silica, sorbitol, sodium bicarbonate, mint' }],
        ],
      },
    ],
  },
  {
    name: 'Cleaning Essentials',
    slug: 'cleaning-essentials',
    subs: [
      {
        name: 'Detergents',
        slug: 'detergents',
        shape: 'bottle',
        kind: 'clean',
        life: 24,
        desc: [
          (b) => `Powerful ${b} that lifts tough stains and keeps colours bright, wash after wash.`,
          (b) => `${cap(b)} with a fresh fragrance, gentle on fabrics and hands.`,
        ],
        rows: [
          [
            'Detergent Powder',
            'chamak-home',
            '500 g:60|1 kg:115|2 kg:222|4 kg:415',
            { shape: 'bag', ing: 'Anionic surfactants, builders, enzymes, optical brightener' },
          ],
          ['Front Load Liquid Detergent', 'chamak-home', '1 L:235|2 L:445', { ing: 'Surfactants, enzymes, stain-release polymers, fragrance' }],
          ['Detergent Bar', 'swachh-ghar', '250 g:22|Pack of 4:85', { shape: 'packet', ing: 'Soap, surfactants, builders, fragrance' }],
          ['Fabric Conditioner', 'swachh-ghar', '860 ml:240', { ing: 'Cationic softener, fragrance, preservative' }],
          ['Fabric Whitener', 'chamak-home', '250 ml:62', { ing: 'Ultramarine blue, water' }],
          ['Top Load Matic Powder', 'swachh-ghar', '2 kg:375', { shape: 'bag', ing: 'Surfactants, low-foam builders, enzymes' }],
          ['Collar Stain Remover', 'chamak-home', '500 ml:165', { ing: 'Non-ionic surfactants, enzymes, water' }],
          ['Top Load Liquid Detergent', 'chamak-home', '1 L:215|2 L:405', { ing: 'Surfactants, enzymes, fabric-care polymers, fragrance' }],
        ],
      },
      {
        name: 'Dishwash',
        slug: 'dishwash',
        shape: 'bottle',
        kind: 'clean',
        life: 24,
        desc: [
          (b) => `Grease-cutting ${b} that leaves utensils sparkling clean with just a little.`,
          (b) => `Tough-on-grease ${b} with the freshness of lemon and pudina.`,
        ],
        rows: [
          ['Lemon Dishwash Bar', 'chamak-home', '300 g:30|Pack of 3:88', { shape: 'packet', ing: 'Surfactants, calcite, lemon extract' }],
          ['Lemon Dishwash Gel', 'chamak-home', '500 ml:115|1 L:205', { ing: 'Surfactants, lemon extract, salt, fragrance' }],
          ['Pudina Dishwash Gel', 'swachh-ghar', '750 ml:160', { ing: 'Surfactants, mint extract, salt, fragrance' }],
          ['Scrub Pads', 'swachh-ghar', 'Pack of 3:45|Pack of 6:88', { shape: 'packet', ing: 'Nylon abrasive fibre, polyurethane sponge' }],
          ['Steel Wool Scrubber', 'swachh-ghar', 'Pack of 4:42', { shape: 'packet', ing: 'Stainless steel wire' }],
          ['Dishwasher Tablets', 'chamak-home', 'Pack of 30:625', { shape: 'box', ing: 'Builders, enzymes, oxygen bleach, rinse aid' }],
        ],
      },
      {
        name: 'Floor & Surface Cleaners',
        slug: 'surface-cleaners',
        shape: 'bottle',
        kind: 'clean',
        life: 24,
        desc: [
          (b) => `${cap(b)} that kills 99.9% of germs and leaves a long-lasting fragrance.`,
          (b) => `Easy-to-use ${b} for spotless, shining surfaces at home.`,
        ],
        rows: [
          ['White Phenyl', 'swachh-ghar', '1 L:88', { ing: 'Pine oil, emulsifiers, water' }],
          ['Lavender Floor Cleaner', 'chamak-home', '975 ml:205|2 L:389', { ing: 'Benzalkonium chloride, surfactants, lavender fragrance' }],
          ['Toilet Cleaner', 'chamak-home', '500 ml:102|1 L:189', { ing: 'Hydrochloric acid (10%), surfactants, thickener' }],
          ['Glass Cleaner', 'swachh-ghar', '500 ml:110', { ing: 'Isopropyl alcohol, surfactants, water' }],
          ['Kitchen Cleaner Spray', 'chamak-home', '450 ml:149', { ing: 'Surfactants, degreasers, lemon fragrance' }],
          ['Bathroom Cleaner', 'swachh-ghar', '500 ml:128', { ing: 'Surfactants, mild acid, fragrance' }],
          ['Garbage Bags Medium', 'swachh-ghar', 'Pack of 30:99|Pack of 90:275', { shape: 'box', ing: 'Oxo-biodegradable polyethylene, 19 x 21 inch' }],
        ],
      },
    ],
  },
]

/** Top-level slugs sold by the second demo website (a snacks & beverages shop). */
export const shop2Categories: string[] = ['snacks-namkeen', 'beverages', 'biscuits-chocolates', 'instant-food', 'dairy-breakfast']

// ---------------------------------------------------------------------------

/** mulberry32: tiny deterministic PRNG, so the "random" discounts never change between runs. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/%/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const storage: Record<Kind, string> = {
  dry: 'Store in a cool, dry place. Transfer to an airtight container after opening.',
  oil: 'Store in a cool, dry place away from direct sunlight. Close the lid tightly after use.',
  chilled: 'Keep refrigerated at 2–4 °C. Consume within 2 days of opening.',
  drink: 'Store in a cool, dry place. Refrigerate after opening and consume within 2 days.',
  care: 'Store below 30 °C away from direct sunlight. For external use only.',
  clean: 'Keep out of reach of children. Store in a cool, dry place; avoid contact with eyes.',
}

function info(ing: string, sub: SubDef, life?: string, kind: Kind = sub.kind): string {
  const label = kind === 'care' || kind === 'clean' ? 'Key ingredients' : 'Ingredients'
  return `${label}: ${ing}. Shelf life: ${life ?? `${sub.life} months`} from packaging. Storage: ${storage[kind]}`
}

function parsePacks(spec: string, rand: () => number, discounted: boolean): SeedPack[] {
  const off = 0.05 + rand() * 0.18 // 5–23 % off MRP, so MRP is 5–30 % above price
  return spec.split('|').map((part) => {
    const i = part.lastIndexOf(':')
    const mrpPaise = Math.round(Number(part.slice(i + 1)) * 100)
    let pricePaise = mrpPaise
    if (discounted && mrpPaise * (1 - off) >= 1000) {
      // whole rupees where that keeps the discount within 5–30 %, else exact paise
      const rupees = Math.round((mrpPaise * (1 - off)) / 100) * 100
      const over = (mrpPaise - rupees) / rupees
      pricePaise = over >= 0.05 && over <= 0.3 ? rupees : Math.round(mrpPaise * (1 - off))
    }
    return { name: part.slice(0, i), pricePaise, mrpPaise }
  })
}

function build(): { categories: SeedCategory[]; products: SeedProduct[] } {
  const rand = prng(0x5eed2024)
  const brandName = new Map(brands.map((b) => [b.slug, b.name]))
  const cats: SeedCategory[] = []
  const out: SeedProduct[] = []
  for (const top of tree) {
    cats.push({ name: top.name, slug: top.slug, children: top.subs.map((s) => ({ name: s.name, slug: s.slug })) })
    for (const sub of top.subs) {
      sub.rows.forEach(([base, brandSlug, packSpec, opts], i) => {
        const brand = brandName.get(brandSlug)
        if (!brand) throw new Error(`catalogue: unknown brand ${brandSlug}`)
        const name = `${brand} ${base}`
        const discounted = rand() < 0.4
        out.push({
          name,
          slug: slugify(name),
          brandSlug,
          categorySlug: sub.slug,
          description: opts?.d ?? sub.desc[i % 2](base),
          info: info(opts?.ing ?? `${base} (100%)`, sub, opts?.life, opts?.kind),
          packs: parsePacks(packSpec, rand, discounted),
          // best sellers first in each aisle, then a deterministic spread
          popularity: Math.round((i === 0 ? 600 : i === 1 ? 350 : 0) + rand() * 400),
          shape: opts?.shape ?? sub.shape,
        })
      })
    }
  }
  return { categories: cats, products: out }
}

const built = build()
export const categories: SeedCategory[] = built.categories
export const products: SeedProduct[] = built.products
