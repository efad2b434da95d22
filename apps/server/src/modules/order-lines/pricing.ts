import { lineAmounts } from '@fieldport/contract';
import type { Executor } from '../common/db.ts';
import { type ArticleRow, customerPrices } from './order-lines.repository.ts';

/** What a customer pays for an article, as decimal strings. */
export interface ArticlePrice {
  /** The unit price a new line takes: the customer's own price, else the sales price. */
  lineUnitPrice: string;
  /** The discount a new line takes: the customer's discount when it has no own price. */
  lineDiscountPercent: string;
  /** The price per unit after that discount, to the cent (customer-price). */
  netUnitPrice: string;
  salesPrice: string;
}

/** A customer's row of customer_article_prices: an own unit price, or a discount on the sales price. */
export interface OwnPrice {
  unitPrice: string | null;
  discountPercent: string;
}

/**
 * The customer's price of an article from its customer_article_prices row (`own`): its own unit
 * price, or the sales price less its discount; without a row the sales price.
 */
export function priceOf(
  article: Pick<ArticleRow, 'salesPrice'>,
  own: OwnPrice | null | undefined,
): ArticlePrice {
  const lineUnitPrice = own?.unitPrice ?? article.salesPrice;
  const lineDiscountPercent = own && own.unitPrice === null ? own.discountPercent : '0';
  const net = lineAmounts({
    quantity: '1',
    unitPrice: lineUnitPrice,
    discountPercent: lineDiscountPercent,
    vatPercent: '0',
  }).amountExclVat;
  return { lineUnitPrice, lineDiscountPercent, netUnitPrice: net, salesPrice: article.salesPrice };
}

/** The customer's price of an article, read (no customer: the sales price). */
export async function priceFor(
  db: Executor,
  customerId: number | null,
  article: ArticleRow,
): Promise<ArticlePrice> {
  const [own] = customerId ? await customerPrices(db, customerId, [article.id]) : [];
  return priceOf(article, own);
}
