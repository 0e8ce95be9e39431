import { brands as seedBrands, categories as seedCategories, products as seedProducts } from '../../db/seed/data/catalogue'
import type { SearchDoc, SearchIndex } from './search-index'
import type { RecoveryTaxon } from './search-recovery'

/**
 * The judged query set over the demo catalogue (issue 15, docs/decisions/0035-search.md): each query with the
 * products that should come first. Hand-written: Hinglish and regional names, Devanagari, misspellings, brand +
 * product, sizes, two words. Derived from every demo product: its name without the brand, a typo in its longest
 * word, a prefix as typed. `npm run bench` and search.test.ts report success@3 and nDCG@10 over it.
 */
export interface Judged {
  query: string
  kind: 'hinglish' | 'devanagari' | 'typo' | 'prefix' | 'brand' | 'size' | 'two-words' | 'name'
  /** product names (of the demo catalogue) that are right answers */
  expect: string[]
}

const h = (kind: Judged['kind'], query: string, ...expect: string[]): Judged => ({ query, kind, expect })

const HAND: Judged[] = [
  h('hinglish', 'aata', 'Kesar Valley Chakki Fresh Atta', 'Sona Khet Whole Wheat Atta', 'Kesar Valley Multigrain Atta', 'Kesar Valley Jowar Atta'),
  h('hinglish', 'atta', 'Kesar Valley Chakki Fresh Atta', 'Sona Khet Whole Wheat Atta', 'Kesar Valley Multigrain Atta', 'Kesar Valley Jowar Atta'),
  h('hinglish', 'gehun atta', 'Sona Khet Whole Wheat Atta', 'Kesar Valley Chakki Fresh Atta'),
  h(
    'hinglish',
    'chawal',
    'Kesar Valley Basmati Rice',
    'Kesar Valley Royal Basmati Rice',
    'Sona Khet Sona Masoori Rice',
    'Sona Khet Kolam Rice',
    'Sona Khet Idli Rice',
    'Nutri Nest Brown Basmati Rice',
    'Kesar Valley Ponni Boiled Rice',
    'Kesar Valley Jeera Samba Rice',
  ),
  h('hinglish', 'basmati chawal', 'Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice', 'Nutri Nest Brown Basmati Rice'),
  h('typo', 'basmatti chawal', 'Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice', 'Nutri Nest Brown Basmati Rice'),
  h('hinglish', 'doodh', 'Dhavala Dairy Toned Milk UHT', 'Dhavala Dairy Skimmed Milk Powder'),
  h('hinglish', 'dudh powder', 'Dhavala Dairy Skimmed Milk Powder'),
  h('hinglish', 'dahi', 'Dhavala Dairy Fresh Dahi'),
  h('hinglish', 'curd', 'Dhavala Dairy Fresh Dahi'),
  h('hinglish', 'haldi powder', 'Desi Tadka Turmeric Powder'),
  h('hinglish', 'haldi', 'Desi Tadka Turmeric Powder', 'Chandan Care Haldi Chandan Body Wash'),
  h('hinglish', 'jeera', 'Masala Mandi Jeera Whole', 'Desi Tadka Jeera Powder'),
  h('hinglish', 'cumin', 'Masala Mandi Jeera Whole', 'Desi Tadka Jeera Powder'),
  h('hinglish', 'sooji', 'Kesar Valley Bombay Sooji Rava'),
  h('hinglish', 'suji', 'Kesar Valley Bombay Sooji Rava', 'Tiffin Time Suji Toast Rusk'),
  h('hinglish', 'rava', 'Kesar Valley Bombay Sooji Rava', 'Jhatpat Foods Rava Idli Mix'),
  h('hinglish', 'semolina', 'Kesar Valley Bombay Sooji Rava', 'Jhatpat Foods Rava Idli Mix', 'Tiffin Time Suji Toast Rusk'),
  h('hinglish', 'besan', 'Sona Khet Besan'),
  h('hinglish', 'gram flour', 'Sona Khet Besan'),
  h('hinglish', 'maida', 'Sona Khet Maida'),
  h('hinglish', 'refined flour', 'Sona Khet Maida'),
  h('hinglish', 'poha', 'Sona Khet Thick Poha'),
  h('hinglish', 'pohe', 'Sona Khet Thick Poha'),
  h('hinglish', 'aval', 'Sona Khet Thick Poha'),
  h(
    'hinglish',
    'tel',
    'Kolhu Fresh Cold Pressed Mustard Oil',
    'Kolhu Fresh Cold Pressed Groundnut Oil',
    'Kolhu Fresh Cold Pressed Coconut Oil',
    'Prabhat Refined Sunflower Oil',
    'Prabhat Rice Bran Oil',
    'Prabhat Soyabean Oil',
    'Prabhat Filtered Groundnut Oil',
    'Prabhat Kachi Ghani Mustard Oil',
    'Kolhu Fresh Wood Pressed Sesame Oil',
    'Kolhu Fresh Extra Light Olive Oil',
    'Herbal Aangan Amla Hair Oil',
    'Chandan Care Pure Coconut Hair Oil',
    'Herbal Aangan Bhringraj Hair Oil',
  ),
  h('hinglish', 'sarson tel', 'Kolhu Fresh Cold Pressed Mustard Oil', 'Prabhat Kachi Ghani Mustard Oil'),
  h('hinglish', 'sarson ka tel', 'Kolhu Fresh Cold Pressed Mustard Oil', 'Prabhat Kachi Ghani Mustard Oil'),
  h('hinglish', 'moongphali tel', 'Kolhu Fresh Cold Pressed Groundnut Oil', 'Prabhat Filtered Groundnut Oil'),
  h('hinglish', 'nariyal tel', 'Kolhu Fresh Cold Pressed Coconut Oil', 'Chandan Care Pure Coconut Hair Oil'),
  h('hinglish', 'til oil', 'Kolhu Fresh Wood Pressed Sesame Oil'),
  h(
    'hinglish',
    'ghee',
    'Dhavala Dairy Pure Cow Ghee',
    'Dhavala Dairy Desi Ghee',
    'Kolhu Fresh A2 Bilona Ghee',
    'Dhavala Dairy Buffalo Ghee',
    'Prabhat Danedar Ghee',
  ),
  h(
    'hinglish',
    'ghi',
    'Dhavala Dairy Pure Cow Ghee',
    'Dhavala Dairy Desi Ghee',
    'Kolhu Fresh A2 Bilona Ghee',
    'Dhavala Dairy Buffalo Ghee',
    'Prabhat Danedar Ghee',
  ),
  h('hinglish', 'desi ghee', 'Dhavala Dairy Desi Ghee', 'Dhavala Dairy Pure Cow Ghee'),
  h('hinglish', 'paneer', 'Dhavala Dairy Fresh Paneer'),
  h('hinglish', 'panir', 'Dhavala Dairy Fresh Paneer'),
  h('hinglish', 'makhan', 'Dhavala Dairy Salted Butter'),
  h('hinglish', 'malai', 'Dhavala Dairy Fresh Cream'),
  h('hinglish', 'toor', 'Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'),
  h('hinglish', 'toor dal', 'Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'),
  h('hinglish', 'arhar dal', 'Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'),
  h('hinglish', 'tuvar dal', 'Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'),
  h('hinglish', 'masoor', 'Sona Khet Masoor Dal'),
  h('hinglish', 'red lentil', 'Sona Khet Masoor Dal'),
  h('hinglish', 'moong', 'Kesar Valley Moong Dal', 'Sona Khet Green Moong Whole', 'Chatpata Junction Moong Dal Namkeen'),
  h('hinglish', 'mung dal', 'Kesar Valley Moong Dal'),
  h('hinglish', 'urad', 'Kesar Valley Urad Dal'),
  h('hinglish', 'udad dal', 'Kesar Valley Urad Dal'),
  h('hinglish', 'chana dal', 'Sona Khet Chana Dal'),
  h('hinglish', 'chole', 'Kesar Valley Kabuli Chana', 'Masala Mandi Chole Masala'),
  h('hinglish', 'kabuli chana', 'Kesar Valley Kabuli Chana'),
  h('hinglish', 'kala chana', 'Sona Khet Kala Chana'),
  h('hinglish', 'rajma', 'Sona Khet Rajma Chitra', 'Jhatpat Foods Rajma Masala'),
  h('hinglish', 'kidney beans', 'Sona Khet Rajma Chitra'),
  h('hinglish', 'dhania powder', 'Masala Mandi Coriander Powder'),
  h('hinglish', 'dhaniya', 'Masala Mandi Coriander Powder'),
  h('hinglish', 'lal mirch', 'Masala Mandi Red Chilli Powder', 'Desi Tadka Kashmiri Chilli Powder'),
  h('hinglish', 'mirchi powder', 'Masala Mandi Red Chilli Powder', 'Desi Tadka Kashmiri Chilli Powder'),
  h('hinglish', 'kali mirch', 'Masala Mandi Black Pepper Powder', 'Masala Mandi Black Pepper Whole'),
  h('hinglish', 'saunth', 'Masala Mandi Dry Ginger Powder'),
  h('hinglish', 'amchoor', 'Desi Tadka Amchur Powder'),
  h('hinglish', 'lahsun powder', 'Desi Tadka Garlic Powder'),
  h('hinglish', 'elaichi', 'Masala Mandi Green Cardamom', 'Chai Bagaan Elaichi Chai', 'Tiffin Time Elaichi Rusk'),
  h('hinglish', 'ilaichi', 'Masala Mandi Green Cardamom', 'Chai Bagaan Elaichi Chai', 'Tiffin Time Elaichi Rusk'),
  h('hinglish', 'laung', 'Desi Tadka Cloves', 'Chandan Care Laung Gel Toothpaste'),
  h('hinglish', 'lavang', 'Desi Tadka Cloves'),
  h('hinglish', 'rai', 'Desi Tadka Mustard Seeds'),
  h('hinglish', 'dalchini', 'Masala Mandi Cinnamon Sticks'),
  h('hinglish', 'methi', 'Desi Tadka Kasuri Methi'),
  h('hinglish', 'hing', 'Desi Tadka Hing Powder'),
  h('hinglish', 'asafoetida', 'Desi Tadka Hing Powder'),
  h('hinglish', 'chai patti', 'Chai Bagaan Assam CTC Tea', 'Chai Bagaan Masala Chai', 'Chai Bagaan Elaichi Chai', 'Chai Bagaan Darjeeling Leaf Tea'),
  h('hinglish', 'chai', 'Chai Bagaan Masala Chai', 'Chai Bagaan Elaichi Chai', 'Chai Bagaan Assam CTC Tea'),
  h('hinglish', 'kaapi', 'Coorg Crest Filter Coffee', 'Coorg Crest Instant Coffee', 'Coorg Crest Chicory Blend Coffee'),
  h('hinglish', 'shahad', 'Subah Foods Wild Forest Honey'),
  h(
    'hinglish',
    'achaar',
    'Achaar Ghar Mango Pickle',
    'Achaar Ghar Mixed Pickle',
    'Achaar Ghar Lime Pickle',
    'Achaar Ghar Garlic Pickle',
    'Achaar Ghar Green Chilli Pickle',
    'Achaar Ghar Andhra Avakaya Pickle',
    'Achaar Ghar Red Chilli Pickle',
  ),
  h('hinglish', 'aam ka achar', 'Achaar Ghar Mango Pickle'),
  h('hinglish', 'nimbu achar', 'Achaar Ghar Lime Pickle'),
  h('hinglish', 'imli chutney', 'Achaar Ghar Imli Chutney'),
  h('hinglish', 'tamarind', 'Achaar Ghar Imli Chutney'),
  h(
    'hinglish',
    'maggi',
    'Jhatpat Foods Masala Instant Noodles',
    'Jhatpat Foods Atta Noodles',
    'Jhatpat Foods Schezwan Noodles',
    'Jhatpat Foods Chilli Garlic Cup Noodles',
    'Jhatpat Foods Hakka Noodles',
  ),
  h(
    'hinglish',
    'chowmein',
    'Jhatpat Foods Hakka Noodles',
    'Jhatpat Foods Masala Instant Noodles',
    'Jhatpat Foods Schezwan Noodles',
    'Jhatpat Foods Atta Noodles',
    'Jhatpat Foods Chilli Garlic Cup Noodles',
  ),
  h('hinglish', 'seviyan', 'Sona Khet Roasted Vermicelli'),
  h(
    'hinglish',
    'biskut',
    'Tiffin Time Marie Biscuits',
    'Tiffin Time Glucose Biscuits',
    'Nutri Nest Digestive Biscuits',
    'Tiffin Time Milk Biscuits',
    'Tiffin Time Jeera Biscuits',
    'Tiffin Time Orange Cream Biscuits',
    'Tiffin Time Coconut Crunch Biscuits',
  ),
  h(
    'hinglish',
    'namkeen',
    'Chatpata Junction Aloo Bhujia',
    'Chatpata Junction Khatta Meetha',
    'Chatpata Junction Moong Dal Namkeen',
    'Chatpata Junction Navratan Mix',
    'Chatpata Junction Bhujia Sev',
    'Chatpata Junction Ratlami Sev',
    'Chatpata Junction Cornflakes Chivda',
    'Chatpata Junction Mini Bhakarwadi',
    'Chatpata Junction Chana Jor Garam',
    'Crunchwala Masala Peanuts',
  ),
  h('hinglish', 'bhujiya', 'Chatpata Junction Aloo Bhujia', 'Chatpata Junction Bhujia Sev'),
  h('hinglish', 'aloo chips', 'Crunchwala Classic Salted Potato Chips', 'Chatpata Junction Peri Peri Potato Wafers', 'Crunchwala Magic Masala Chips'),
  h('hinglish', 'kele ke chips', 'Crunchwala Kerala Banana Chips'),
  h('hinglish', 'makhana', 'Nutri Nest Peri Peri Roasted Makhana', 'Nutri Nest Pudina Roasted Makhana'),
  h('hinglish', 'fox nut', 'Nutri Nest Peri Peri Roasted Makhana', 'Nutri Nest Pudina Roasted Makhana'),
  h('hinglish', 'badam', 'Nutri Nest California Almonds', 'Urja Plus Kesar Badam Drink Mix'),
  h('hinglish', 'kaju', 'Nutri Nest Jumbo Cashews', 'Mithas Cocoa Kaju Katli', 'Tiffin Time Kaju Pista Cookies'),
  h('hinglish', 'cashew', 'Nutri Nest Jumbo Cashews', 'Mithas Cocoa Kaju Katli', 'Tiffin Time Kaju Pista Cookies'),
  h('hinglish', 'almonds', 'Nutri Nest California Almonds', 'Urja Plus Kesar Badam Drink Mix'),
  h(
    'hinglish',
    'mithai',
    'Mithas Cocoa Kaju Katli',
    'Mithas Cocoa Soan Papdi',
    'Mithas Cocoa Gulab Jamun Tin',
    'Mithas Cocoa Rasgulla Tin',
    'Mithas Cocoa Besan Ladoo',
  ),
  h('hinglish', 'laddu', 'Mithas Cocoa Besan Ladoo'),
  h('hinglish', 'rasagola', 'Mithas Cocoa Rasgulla Tin'),
  h('hinglish', 'son papdi', 'Mithas Cocoa Soan Papdi'),
  h('hinglish', 'nariyal pani', 'Phal Ras Tender Coconut Water'),
  h('hinglish', 'aam panna', 'Phal Ras Aam Panna'),
  h('hinglish', 'mango juice', 'Phal Ras Alphonso Mango Drink'),
  h('hinglish', 'jal jeera', 'Phal Ras Masala Jaljeera'),
  h('hinglish', 'nimbu soda', 'Phal Ras Nimbu Soda'),
  h('hinglish', 'lemon soda', 'Phal Ras Nimbu Soda'),
  h('hinglish', 'sabun', 'Chandan Care Sandalwood Soap', 'Herbal Aangan Neem Tulsi Soap', 'Chandan Care Glycerine Soap'),
  h('hinglish', 'chandan sabun', 'Chandan Care Sandalwood Soap'),
  h('hinglish', 'mehndi', 'Herbal Aangan Natural Mehendi'),
  h('hinglish', 'henna', 'Herbal Aangan Natural Mehendi'),
  h('hinglish', 'amla tel', 'Herbal Aangan Amla Hair Oil'),
  h(
    'hinglish',
    'dant manjan',
    'Herbal Aangan Ayurvedic Tooth Powder',
    'Herbal Aangan Herbal Toothpaste',
    'Chandan Care Laung Gel Toothpaste',
    'Chandan Care Whitening Toothpaste',
    'Herbal Aangan Kids Strawberry Toothpaste',
  ),
  h(
    'hinglish',
    'colgate',
    'Herbal Aangan Herbal Toothpaste',
    'Chandan Care Laung Gel Toothpaste',
    'Chandan Care Whitening Toothpaste',
    'Herbal Aangan Kids Strawberry Toothpaste',
  ),
  h(
    'hinglish',
    'surf',
    'Chamak Home Detergent Powder',
    'Swachh Ghar Top Load Matic Powder',
    'Chamak Home Front Load Liquid Detergent',
    'Chamak Home Top Load Liquid Detergent',
    'Swachh Ghar Detergent Bar',
  ),
  h('hinglish', 'washing powder', 'Chamak Home Detergent Powder', 'Swachh Ghar Top Load Matic Powder'),
  h('hinglish', 'vim bar', 'Chamak Home Lemon Dishwash Bar'),
  h('hinglish', 'bartan soap', 'Chamak Home Lemon Dishwash Bar', 'Chamak Home Lemon Dishwash Gel', 'Swachh Ghar Pudina Dishwash Gel'),
  h('hinglish', 'phenyl', 'Swachh Ghar White Phenyl'),
  h('hinglish', 'harpic', 'Chamak Home Toilet Cleaner'),
  h('hinglish', 'kachra bag', 'Swachh Ghar Garbage Bags Medium'),
  h('hinglish', 'dosa mix', 'Sona Khet Dosa Mix'),
  h('hinglish', 'idly rava', 'Jhatpat Foods Rava Idli Mix'),
  h('hinglish', 'biriyani masala', 'Desi Tadka Biryani Masala'),
  h('hinglish', 'chhole masala', 'Masala Mandi Chole Masala'),
  h('hinglish', 'palak paneer', 'Jhatpat Foods Palak Paneer'),
  h('hinglish', 'ragi atta', 'Nutri Nest Ragi Flour'),
  h('hinglish', 'nachni', 'Nutri Nest Ragi Flour', 'Nutri Nest Ragi Malt', 'Nutri Nest Ragi Chips'),
  h('hinglish', 'jowar', 'Kesar Valley Jowar Atta'),
  h('hinglish', 'oats', 'Subah Foods Rolled Oats', 'Subah Foods Masala Oats'),
  h('devanagari', 'आटा', 'Kesar Valley Chakki Fresh Atta', 'Sona Khet Whole Wheat Atta', 'Kesar Valley Multigrain Atta', 'Kesar Valley Jowar Atta'),
  h(
    'devanagari',
    'चावल',
    'Kesar Valley Basmati Rice',
    'Kesar Valley Royal Basmati Rice',
    'Sona Khet Sona Masoori Rice',
    'Sona Khet Kolam Rice',
    'Sona Khet Idli Rice',
    'Nutri Nest Brown Basmati Rice',
    'Kesar Valley Ponni Boiled Rice',
    'Kesar Valley Jeera Samba Rice',
  ),
  h('devanagari', 'बासमती चावल', 'Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice', 'Nutri Nest Brown Basmati Rice'),
  h('devanagari', 'दूध', 'Dhavala Dairy Toned Milk UHT', 'Dhavala Dairy Skimmed Milk Powder'),
  h('devanagari', 'दही', 'Dhavala Dairy Fresh Dahi'),
  h('devanagari', 'हल्दी', 'Desi Tadka Turmeric Powder', 'Chandan Care Haldi Chandan Body Wash'),
  h('devanagari', 'जीरा', 'Masala Mandi Jeera Whole', 'Desi Tadka Jeera Powder'),
  h('devanagari', 'सूजी', 'Kesar Valley Bombay Sooji Rava', 'Tiffin Time Suji Toast Rusk'),
  h('devanagari', 'बेसन', 'Sona Khet Besan'),
  h('devanagari', 'मैदा', 'Sona Khet Maida'),
  h('devanagari', 'पोहा', 'Sona Khet Thick Poha'),
  h(
    'devanagari',
    'घी',
    'Dhavala Dairy Pure Cow Ghee',
    'Dhavala Dairy Desi Ghee',
    'Kolhu Fresh A2 Bilona Ghee',
    'Dhavala Dairy Buffalo Ghee',
    'Prabhat Danedar Ghee',
  ),
  h('devanagari', 'पनीर', 'Dhavala Dairy Fresh Paneer'),
  h(
    'devanagari',
    'तेल',
    'Kolhu Fresh Cold Pressed Mustard Oil',
    'Prabhat Refined Sunflower Oil',
    'Kolhu Fresh Cold Pressed Groundnut Oil',
    'Kolhu Fresh Cold Pressed Coconut Oil',
    'Prabhat Rice Bran Oil',
    'Prabhat Soyabean Oil',
    'Prabhat Filtered Groundnut Oil',
    'Prabhat Kachi Ghani Mustard Oil',
    'Herbal Aangan Amla Hair Oil',
    'Chandan Care Pure Coconut Hair Oil',
  ),
  h('devanagari', 'सरसों तेल', 'Kolhu Fresh Cold Pressed Mustard Oil', 'Prabhat Kachi Ghani Mustard Oil'),
  h('devanagari', 'अरहर दाल', 'Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'),
  h('devanagari', 'मूंग दाल', 'Kesar Valley Moong Dal'),
  h('devanagari', 'राजमा', 'Sona Khet Rajma Chitra', 'Jhatpat Foods Rajma Masala'),
  h('devanagari', 'चाय', 'Chai Bagaan Masala Chai', 'Chai Bagaan Elaichi Chai', 'Chai Bagaan Assam CTC Tea'),
  h('devanagari', 'इलायची', 'Masala Mandi Green Cardamom', 'Chai Bagaan Elaichi Chai', 'Tiffin Time Elaichi Rusk'),
  h('devanagari', 'मखाना', 'Nutri Nest Peri Peri Roasted Makhana', 'Nutri Nest Pudina Roasted Makhana'),
  h(
    'devanagari',
    'अचार',
    'Achaar Ghar Mango Pickle',
    'Achaar Ghar Mixed Pickle',
    'Achaar Ghar Lime Pickle',
    'Achaar Ghar Garlic Pickle',
    'Achaar Ghar Green Chilli Pickle',
    'Achaar Ghar Andhra Avakaya Pickle',
    'Achaar Ghar Red Chilli Pickle',
  ),
  h('devanagari', 'साबुन', 'Chandan Care Sandalwood Soap', 'Herbal Aangan Neem Tulsi Soap', 'Chandan Care Glycerine Soap'),
  h('devanagari', 'शहद', 'Subah Foods Wild Forest Honey'),
  h('brand', 'sona khet atta', 'Sona Khet Whole Wheat Atta'),
  h('brand', 'kesar valley basmati', 'Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice'),
  h('brand', 'dhavala ghee', 'Dhavala Dairy Pure Cow Ghee', 'Dhavala Dairy Desi Ghee', 'Dhavala Dairy Buffalo Ghee'),
  h('brand', 'prabhat mustard oil', 'Prabhat Kachi Ghani Mustard Oil'),
  h('brand', 'chai bagaan green tea', 'Chai Bagaan Green Tea', 'Chai Bagaan Tulsi Green Tea', 'Chai Bagaan Lemon Green Tea', 'Chai Bagaan Kahwa Green Tea'),
  h(
    'brand',
    'jhatpat noodles',
    'Jhatpat Foods Masala Instant Noodles',
    'Jhatpat Foods Atta Noodles',
    'Jhatpat Foods Hakka Noodles',
    'Jhatpat Foods Schezwan Noodles',
    'Jhatpat Foods Chilli Garlic Cup Noodles',
  ),
  h('brand', 'tiffin time rusk', 'Tiffin Time Elaichi Rusk', 'Tiffin Time Suji Toast Rusk'),
  h('brand', 'achaar ghar ketchup', 'Achaar Ghar Tomato Ketchup'),
  h('brand', 'tata salt'),
  h('size', 'atta 5kg', 'Kesar Valley Chakki Fresh Atta', 'Sona Khet Whole Wheat Atta', 'Kesar Valley Multigrain Atta'),
  h('size', 'atta 10 kg', 'Kesar Valley Chakki Fresh Atta', 'Sona Khet Whole Wheat Atta'),
  h('size', 'basmati rice 1kg', 'Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice', 'Nutri Nest Brown Basmati Rice'),
  h('size', 'mustard oil 1 litre', 'Kolhu Fresh Cold Pressed Mustard Oil', 'Prabhat Kachi Ghani Mustard Oil'),
  h('size', 'ghee 500ml', 'Dhavala Dairy Pure Cow Ghee', 'Kolhu Fresh A2 Bilona Ghee', 'Dhavala Dairy Buffalo Ghee', 'Prabhat Danedar Ghee'),
  h('size', 'ghee 1 ltr', 'Dhavala Dairy Pure Cow Ghee', 'Dhavala Dairy Desi Ghee', 'Prabhat Danedar Ghee'),
  h('size', 'sunflower oil 5l', 'Prabhat Refined Sunflower Oil'),
  h('size', 'toor dal 1 kg', 'Sona Khet Toor Dal', 'Kesar Valley Unpolished Toor Dal'),
  h('size', 'haldi 100g', 'Desi Tadka Turmeric Powder'),
  h('size', 'turmeric 500 gm', 'Desi Tadka Turmeric Powder'),
  h('size', 'dark chocolate 70', 'Mithas Cocoa Dark Chocolate 70%'),
  h('size', 'a2 ghee', 'Kolhu Fresh A2 Bilona Ghee'),
  h('two-words', 'green tea', 'Chai Bagaan Green Tea', 'Chai Bagaan Tulsi Green Tea', 'Chai Bagaan Lemon Green Tea', 'Chai Bagaan Kahwa Green Tea'),
  h('two-words', 'peanut butter', 'Nutri Nest Creamy Peanut Butter', 'Nutri Nest Crunchy Peanut Butter'),
  h('two-words', 'hair oil', 'Herbal Aangan Amla Hair Oil', 'Chandan Care Pure Coconut Hair Oil', 'Herbal Aangan Bhringraj Hair Oil'),
  h('two-words', 'floor cleaner', 'Chamak Home Lavender Floor Cleaner'),
  h('two-words', 'mango pickle', 'Achaar Ghar Mango Pickle'),
  h('two-words', 'instant coffee', 'Coorg Crest Instant Coffee', 'Coorg Crest Hazelnut Instant Coffee'),
  h('two-words', 'corn flakes', 'Subah Foods Corn Flakes', 'Chatpata Junction Cornflakes Chivda'),
  h('two-words', 'cornflakes', 'Subah Foods Corn Flakes', 'Chatpata Junction Cornflakes Chivda'),
  h('two-words', 'liquid detergent', 'Chamak Home Front Load Liquid Detergent', 'Chamak Home Top Load Liquid Detergent'),
  h('two-words', 'soya sauce', 'Jhatpat Foods Dark Soy Sauce'),
  h('typo', 'tumeric', 'Desi Tadka Turmeric Powder'),
  h(
    'typo',
    'biscuts',
    'Tiffin Time Marie Biscuits',
    'Tiffin Time Glucose Biscuits',
    'Nutri Nest Digestive Biscuits',
    'Tiffin Time Milk Biscuits',
    'Tiffin Time Jeera Biscuits',
    'Tiffin Time Orange Cream Biscuits',
    'Tiffin Time Coconut Crunch Biscuits',
  ),
  h(
    'typo',
    'chocolat',
    'Mithas Cocoa Milk Chocolate Bar',
    'Mithas Cocoa Dark Chocolate 70%',
    'Mithas Cocoa Fruit & Nut Chocolate',
    'Mithas Cocoa Assorted Chocolate Gift Box',
    'Urja Plus Chocolate Health Drink',
    'Nutri Nest Dark Chocolate Granola',
    'Subah Foods Chocolate Wheat Flakes',
    'Mithas Cocoa Chocolate Hazelnut Spread',
    'Tiffin Time Bourbon Chocolate Cream',
  ),
  h('typo', 'shampo', 'Herbal Aangan Onion & Bhringraj Shampoo', 'Chandan Care Anti-Dandruff Shampoo', 'Herbal Aangan Shikakai Reetha Shampoo'),
  h(
    'typo',
    'detergant',
    'Chamak Home Detergent Powder',
    'Chamak Home Front Load Liquid Detergent',
    'Swachh Ghar Detergent Bar',
    'Chamak Home Top Load Liquid Detergent',
  ),
  h('typo', 'mayonese', 'Subah Foods Eggless Mayonnaise'),
  h('typo', 'ketchap', 'Achaar Ghar Tomato Ketchup'),
  h('typo', 'vermicelli', 'Sona Khet Roasted Vermicelli'),
  h('typo', 'cardamon', 'Masala Mandi Green Cardamom'),
  h('typo', 'coriandar powder', 'Masala Mandi Coriander Powder'),
  h('prefix', 'bas', 'Kesar Valley Basmati Rice', 'Kesar Valley Royal Basmati Rice', 'Nutri Nest Brown Basmati Rice'),
  h(
    'prefix',
    'pan',
    'Dhavala Dairy Fresh Paneer',
    'Jhatpat Foods Paneer Butter Masala',
    'Jhatpat Foods Palak Paneer',
    'Masala Mandi Pav Bhaji Masala',
    'Subah Foods Wild Forest Honey',
  ),
  h(
    'prefix',
    'tooth',
    'Herbal Aangan Herbal Toothpaste',
    'Chandan Care Laung Gel Toothpaste',
    'Chandan Care Charcoal Toothbrush',
    'Herbal Aangan Kids Strawberry Toothpaste',
    'Herbal Aangan Ayurvedic Tooth Powder',
    'Chandan Care Whitening Toothpaste',
  ),
  h('prefix', 'chak', 'Kesar Valley Chakki Fresh Atta'),
  h('prefix', 'garam', 'Desi Tadka Garam Masala'),
]

const brandNames = new Map(seedBrands.map((b) => [b.slug, b.name]))

/** A typo a shopper makes: two neighbouring letters swapped in the longest word (only words of 5+ letters). */
function swapTypo(word: string): string {
  const i = Math.floor(word.length / 2)
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1)
}

/** From every demo product: its name without the brand, a typo of it, and its first word(s) as typed. */
function derived(): Judged[] {
  const out: Judged[] = []
  for (const p of seedProducts) {
    const brand = brandNames.get(p.brandSlug) ?? ''
    const base = p.name.slice(brand.length).trim().toLowerCase()
    out.push(h('name', base, p.name))
    const parts = base.split(' ')
    const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '')
    if (longest.length >= 6 && /^[a-z]+$/.test(longest)) out.push(h('typo', base.replace(longest, swapTypo(longest)), p.name))
  }
  return out
}

export const JUDGED: Judged[] = [...HAND, ...derived()]

/** The demo catalogue as search documents (no database): what the judged set is measured on. */
export function seedDocs(): SearchDoc[] {
  const catName = new Map(seedCategories.flatMap((c) => c.children.map((s) => [s.slug, `${s.name} ${c.name}`] as const)))
  const brandIds = new Map(seedBrands.map((b, i) => [b.slug, i + 1]))
  const categoryIds = new Map(seedTaxa().flatMap((t) => (t.kind === 'category' ? [[t.slug, t.id] as const] : [])))
  return seedProducts.map((p, i) => ({
    id: i + 1,
    name: p.name,
    slug: p.slug,
    brandId: brandIds.get(p.brandSlug) ?? 0,
    brandName: brandNames.get(p.brandSlug) ?? '',
    categoryIds: [categoryIds.get(p.categorySlug) ?? 0],
    categoryName: catName.get(p.categorySlug) ?? '',
    keywords: '',
    packNames: p.packs.map((k) => k.name).join(' '),
    popularity: p.popularity,
    minPricePaise: Math.min(...p.packs.map((k) => k.pricePaise)),
    maxDiscount: 0,
    createdAt: 0,
    image: '',
  }))
}

/** The demo catalogue's categories (numbered top, then its children) and brands, as seedDocs numbers them. */
export function seedTaxa(): RecoveryTaxon[] {
  const out: RecoveryTaxon[] = []
  for (const top of seedCategories) {
    const parentId = out.length + 1
    out.push({ kind: 'category', id: parentId, name: top.name, slug: top.slug, parentId: null })
    for (const c of top.children) out.push({ kind: 'category', id: out.length + 1, name: c.name, slug: c.slug, parentId })
  }
  return [...out, ...seedBrands.map((b, i): RecoveryTaxon => ({ kind: 'brand', id: i + 1, name: b.name, slug: b.slug, parentId: null }))]
}

export interface Relevance {
  queries: number
  successAt3: number
  ndcgAt10: number
  /** queries without a right product among the first three */
  misses: { query: string; got: string[] }[]
  byKind: Record<string, { queries: number; successAt3: number }>
}

/** success@3 (a right product among the first three; no product when none is right) and nDCG@10 (binary gains). */
export function measureRelevance(index: SearchIndex, judged: Judged[] = JUDGED): Relevance {
  let success = 0
  let ndcg = 0
  const misses: Relevance['misses'] = []
  const byKind: Relevance['byKind'] = {}
  for (const j of judged) {
    const got = index.search(j.query).map((hit) => hit.doc.name)
    const right = new Set(j.expect)
    const ok = right.size === 0 ? got.length === 0 : got.slice(0, 3).some((n) => right.has(n))
    let dcg = 0
    let ideal = 0
    got.slice(0, 10).forEach((n, i) => {
      if (right.has(n)) dcg += 1 / Math.log2(i + 2)
    })
    for (let i = 0; i < Math.min(10, right.size); i++) ideal += 1 / Math.log2(i + 2)
    ndcg += right.size === 0 ? (ok ? 1 : 0) : dcg / ideal
    if (ok) success++
    else misses.push({ query: j.query, got: got.slice(0, 3) })
    const k = (byKind[j.kind] ??= { queries: 0, successAt3: 0 })
    k.queries++
    if (ok) k.successAt3++
  }
  for (const k of Object.values(byKind)) k.successAt3 /= k.queries
  return { queries: judged.length, successAt3: success / judged.length, ndcgAt10: ndcg / judged.length, misses, byKind }
}
