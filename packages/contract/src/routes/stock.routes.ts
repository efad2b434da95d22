import { z } from 'zod';
import { STAFF } from '../domain/user-types.ts';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import {
  ArticleStockInStore,
  InventoryCountInput,
  InventoryCountResult,
  InventoryQueryParams,
  MovementsQuery,
  MoveStockInput,
  MoveStockResult,
  MyCommonPart,
  PickingLine,
  PickingListQuery,
  ReceiveStockInput,
  StockBalance,
  StockMovement,
  Store,
  StoreArticle,
  StoreArticleNumberParams,
  StoreArticlesInput,
  StoreArticlesQuery,
} from '../schemas/stock.ts';

/**
 * Stores, vans and their stock (002 §7.17; issue 14). Staff only: customers and partners never see
 * stock. Everyone of the staff reads every store; a Technician or Subcontractor changes stock only
 * where their own van is one end (the service checks it), the Admin anywhere. Every change is a
 * stock movement (stock.repository.ts moveStock).
 */
const staff = users(STAFF);

export const stockRoutes = {
  storeGetAll: defineRoute({
    method: 'GET',
    path: sp('Store/GetAll'),
    summary: 'Every store and van (StoreType 1 store, 2 van with its driver).',
    access: staff,
    response: json(z.array(Store)),
  }),
  storesWithStock: defineRoute({
    method: 'GET',
    path: sp('Store/GetStoresWithStock/:article'),
    summary: 'The stores holding an article (by number) above zero, the caller’s own van first even at 0.',
    access: staff,
    params: StoreArticleNumberParams,
    response: json(z.array(ArticleStockInStore)),
  }),
  storeArticles: defineRoute({
    method: 'GET',
    path: sp('Store/StoreArticles/:id'),
    summary: 'A page of a store’s assortment with stock, location and minimum, searched in number and name.',
    access: staff,
    params: RecordIdParams,
    query: StoreArticlesQuery,
    response: json(listOf(StoreArticle)),
  }),
  storeArticlesSet: defineRoute({
    method: 'POST',
    path: sp('Store/Articles'),
    summary: 'Put articles in a store’s assortment, or set their location and minimum.',
    access: staff,
    body: StoreArticlesInput,
    response: json(z.array(StoreArticle)),
  }),
  pickingList: defineRoute({
    method: 'GET',
    path: sp('Store/CommontPartsForMyJobs/'),
    summary:
      'The picking list: the common parts of the machines on the caller’s planned jobs of today and the coming Days, less what the caller’s van holds.',
    access: staff,
    query: PickingListQuery,
    response: json(z.array(PickingLine)),
  }),
  storeMoveStock: defineRoute({
    method: 'POST',
    path: sp('Store/MoveStock'),
    summary: 'Move an article from one store to another (two reason-5 movements in one transaction).',
    access: staff,
    body: MoveStockInput,
    response: json(MoveStockResult),
  }),
  storeReceiveStock: defineRoute({
    method: 'POST',
    path: sp('Store/ReceiveStock'),
    summary: 'Book goods received into a store (a reason-1 movement).',
    access: staff,
    body: ReceiveStockInput,
    response: json(StockBalance),
  }),
  inventoryMovements: defineRoute({
    method: 'GET',
    path: sp('Inventory/Movements'),
    summary:
      'A page of stock movements, newest first, with reason, user and job line (onlyLockedLines: booked ones).',
    access: staff,
    query: MovementsQuery,
    response: json(listOf(StockMovement)),
  }),
  inventoryCount: defineRoute({
    method: 'POST',
    path: sp('Inventory/Count'),
    summary:
      'Count a store: the differences to the counted quantities are booked as locked reason-4 movements.',
    access: staff,
    body: InventoryCountInput,
    response: json(InventoryCountResult),
  }),
  inventoryLookup: defineRoute({
    method: 'GET',
    path: sp('Inventory/:query'),
    summary: 'Stock lookup: every store’s balance of the articles matching a number or a part of a name.',
    access: staff,
    params: InventoryQueryParams,
    response: json(z.array(StoreArticle)),
  }),
  myCommonPartsOfModel: defineRoute({
    method: 'GET',
    path: sp('parts/my-common-machinemodel/:id'),
    summary: 'A machine model’s common parts with the caller’s van stock.',
    access: staff,
    params: RecordIdParams,
    response: json(z.array(MyCommonPart)),
  }),
  myCommonPartsOfMachineJob: defineRoute({
    method: 'GET',
    path: sp('parts/my-common-machinejob/:id'),
    summary: 'The common parts of a machine sub-job’s machine model with the caller’s van stock.',
    access: staff,
    params: RecordIdParams,
    response: json(z.array(MyCommonPart)),
  }),
} as const;
