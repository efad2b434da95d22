import {
  type Language,
  type LocalNames,
  localName,
  type MyCommonPart,
  type StockMovement,
  type StoreArticle,
} from '@fieldport/contract';
import type { movementsPage } from './movements.repository.ts';
import type { commonPartsOfModel } from './picking.repository.ts';
import type { StoreArticleRow } from './stores.repository.ts';

/** Quantities are exact text inside the server and JSON numbers on the wire (at most three decimals). */
export const num = (text: string): number => Number(text);

/**
 * A store's name in the reader's language: the built-in main store's from reference.json (decision
 * 078), a store of the company's own as it named it.
 */
export const storeName = (r: { storeName: string; storeNames: LocalNames | null }, lang: Language): string =>
  localName({ name: r.storeName, names: r.storeNames }, lang);

export const presentStoreArticle = (r: StoreArticleRow, lang: Language): StoreArticle => ({
  StoreId: r.storeId,
  StoreName: storeName(r, lang),
  ArticleId: r.articleId,
  ArticleNumber: r.articleNumber,
  ArticleName: r.articleName,
  Unit: r.unit,
  Quantity: num(r.quantity),
  Location: r.location,
  MinQuantity: num(r.minQuantity),
});

type MovementRow = Awaited<ReturnType<typeof movementsPage>>['rows'][number];
export const presentMovement = (r: MovementRow, lang: Language): StockMovement => ({
  Id: r.id,
  StoreId: r.storeId,
  StoreName: storeName(r, lang),
  ArticleId: r.articleId,
  ArticleNumber: r.articleNumber,
  ArticleName: r.articleName,
  Quantity: num(r.quantity),
  Reason: r.reason,
  IsLocked: r.isLocked,
  Comment: r.comment,
  UserId: r.userId,
  UserName: r.userName,
  OrderLineId: r.orderLineId,
  JobId: r.jobId,
  ParentJobId: r.parentJobId,
  CreatedAt: r.createdAt,
});

type CommonPartRow = Awaited<ReturnType<typeof commonPartsOfModel>>[number];
export const presentCommonPart = (r: CommonPartRow): MyCommonPart => ({
  ArticleId: r.articleId,
  ArticleNumber: r.articleNumber,
  ArticleName: r.articleName,
  Unit: r.unit,
  Quantity: num(r.quantity),
  Position: r.position,
  InVan: num(r.inVan),
  Location: r.location,
});
