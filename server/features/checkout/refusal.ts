/** An expected refusal of a checkout step (STYLE error model): rolls the transaction back, then becomes a 409/422. */
export class CheckoutRefusal extends Error {
  constructor(
    readonly kind: 'conflict' | 'invalid' | 'not_found' | 'forbidden',
    message: string,
    /** per-field messages of a 422 */
    readonly errors?: Record<string, string>,
  ) {
    super(message)
  }
}

export const refuse = (kind: CheckoutRefusal['kind'], message: string, errors?: Record<string, string>): never => {
  throw new CheckoutRefusal(kind, message, errors)
}
