import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import { OrderLine } from '../schemas/order-lines.ts';
import {
  DeletedLine,
  Invoice,
  InvoiceArticle,
  InvoiceArticleQuery,
  InvoiceDeleteInput,
  InvoiceLinkInput,
  InvoiceMoveInput,
  InvoiceUpdateInput,
  JobIdParams,
  OrderJob,
  OrderOptions,
  OrderOptionsQuery,
  OrderTotal,
} from '../schemas/orders.ts';

/**
 * Orders and invoice preparation (002 §7.16). Read like the job (customer and partner users their
 * own, CostPrice null); the order options and the invoice's changes are the office's (Admin,
 * Technician); an approved, closed or deleted job's lines stay as they are (409).
 */
const readers = users(ALL_USER_TYPES, { permission: 'Module.Jobs' });
const staff = users(STAFF, { permission: 'Module.Jobs' });
const office = users([1, 2], { permission: 'Job.Edit' });

export const orderRoutes = {
  orderJobs: defineRoute({
    method: 'GET',
    path: sp('Order/AllJobOrders/:id'),
    summary: 'The order’s jobs: the parent and its machine sub-jobs with NoInvoice and their line totals.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(OrderJob)),
  }),
  orderTotal: defineRoute({
    method: 'GET',
    path: sp('Order/GetTotal/:id'),
    summary: 'The order’s lines and totals; NoInvoice lines and sub-jobs are not counted.',
    access: readers,
    params: RecordIdParams,
    response: json(OrderTotal),
  }),
  orderOfJob: defineRoute({
    method: 'GET',
    path: sp('order/job/:id'),
    summary: 'The order options of the job’s order.',
    access: readers,
    params: RecordIdParams,
    response: json(OrderOptions),
  }),
  orderOptionsChange: defineRoute({
    method: 'PATCH',
    path: sp('Order/OrderOptions/:jobId'),
    summary:
      'Change the order options sent; NoInvoice applies to the job in the path (the parent or a sub-job).',
    access: office,
    params: JobIdParams,
    query: OrderOptionsQuery,
    response: json(OrderOptions),
  }),
  invoiceGet: defineRoute({
    method: 'GET',
    path: sp('invoice/:jobId'),
    summary: 'The pre-invoice: the invoice customer, the lines per sub-job with VAT, and the totals.',
    access: readers,
    params: JobIdParams,
    response: json(Invoice),
  }),
  invoiceArticle: defineRoute({
    method: 'GET',
    path: sp('invoice/article/detail'),
    summary:
      'An article as an invoice line takes it, priced for the sub-job’s customer; null without an article number.',
    access: staff,
    query: InvoiceArticleQuery,
    response: json(InvoiceArticle.nullable()),
  }),
  invoiceMove: defineRoute({
    method: 'POST',
    path: sp('invoice/detail/move'),
    summary: 'Move a line to another machine sub-job of the same order.',
    access: office,
    body: InvoiceMoveInput,
    response: json(OrderLine),
  }),
  invoiceLink: defineRoute({
    method: 'POST',
    path: sp('invoice/link'),
    summary: 'Link a line under another line of the same order, or unlink it with null.',
    access: office,
    body: InvoiceLinkInput,
    response: json(OrderLine),
  }),
  invoiceUpdate: defineRoute({
    method: 'POST',
    path: sp('invoice/update'),
    summary: 'Change a line’s description, quantity, unit price, discount or NoInvoice.',
    access: office,
    body: InvoiceUpdateInput,
    response: json(OrderLine),
  }),
  invoiceDelete: defineRoute({
    method: 'POST',
    path: sp('invoice/delete'),
    summary: 'Delete a line; a part taken from a store gives its stock back.',
    access: office,
    body: InvoiceDeleteInput,
    response: json(DeletedLine),
  }),
} as const;
