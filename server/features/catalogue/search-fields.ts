import { words } from './search-words'

/**
 * The fields a product's word is found in, as bits of a posting's mask. `mention`: in the name, but only as what another thing is made with or tastes of
 * ('Milk Chocolate Bar' for milk).
 */
export const FIELD = { name: 1, brand: 2, category: 4, keywords: 8, size: 16, mention: 32 } as const
/**
 * A posting's weight by its field mask: the best field it was found in (name 3, brand 2.5, category 2, keywords 1.5,
 * size 1). For a query of one word (or dictionary phrase) a word the name only mentions weighs as a keyword, so the
 * staple itself ranks first (issue 31); asked with the thing it is in ('milk chocolate'), it weighs as the name.
 */
const weights = (staple: boolean) =>
  Float32Array.from({ length: 64 }, (_, mask) =>
    mask & FIELD.name && !(staple && mask & FIELD.mention)
      ? 3
      : mask & FIELD.brand
        ? 2.5
        : mask & FIELD.category
          ? 2
          : mask & (FIELD.keywords | FIELD.name)
            ? 1.5
            : mask & FIELD.size
              ? 1
              : 0,
  )
export const WEIGHT_OF = weights(false)
export const STAPLE_WEIGHT_OF = weights(true)

/** Category words that say the form a thing is sold in, not another thing: 'Ragi Flour', 'Jeera Whole', 'Moong Dal'. */
const FORMS = new Set(['whole', 'powder', 'powdered', 'flour', 'atta', 'dal', 'seed', 'leaf', 'leave'])

/**
 * The words a product's name only mentions (issue 31): those followed by a word of the product's own category, which
 * names what the product is ('Milk Chocolate Bar' in Chocolates: milk; 'Haldi Chandan Body Wash' in Bath & Body:
 * haldi, chandan). A search for such a word ranks the staple itself ('Toned Milk', 'Turmeric Powder') first.
 */
export function mentionedWords(name: string, brandName: string, categoryName: string): string[] {
  const own = name.toLowerCase().startsWith(brandName.toLowerCase()) ? name.slice(brandName.length) : name
  const tokens = words(own)
    .filter((w) => !w.size)
    .map((w) => w.token)
  const category = new Set(
    words(categoryName)
      .map((w) => w.token)
      .filter((t) => !FORMS.has(t)),
  )
  const lastHead = tokens.findLastIndex((t) => category.has(t))
  const mentioned = new Set(tokens.slice(0, Math.max(0, lastHead)).filter((t) => !category.has(t)))
  // a word also said after the thing it names is not only mentioned ('Milk Bar with Milk')
  for (const t of tokens.slice(lastHead + 1)) mentioned.delete(t)
  return [...mentioned]
}
