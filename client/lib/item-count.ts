/** The one way the shop names a number of units (issue 18): '1 item', '3 items' — in checkout, the order list and the order pages. */
export const itemCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`
