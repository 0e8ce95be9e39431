/** An expected refusal of a checkout step (STYLE error model): rolls the transaction back, then becomes a 409/422. */
export class CheckoutRefusal extends Error {
  constructor(
    readonly kind: 'conflict' | 'invalid' | 'not_found',
    message: string,
  ) {
    super(message)
  }
}

export const refuse = (kind: CheckoutRefusal['kind'], message: string): never => {
  throw new CheckoutRefusal(kind, message)
}
