/** Colour values that become CSS variables (SECURITY XS-07); no zod here, so the storefront's block views can use it. */
export const COLOUR_PATTERN = /^#[0-9a-f]{3,8}$|^rgba?\([\d\s.,%]+\)$/i
