import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import {
  CustomerPrice,
  CustomerPriceParams,
  CustomerPriceQuery,
  JobIdQuery,
  JobTime,
  PartAddInput,
  PartLookup,
  PartLookupQuery,
  PartUpdateInput,
  SubJobLines,
  TimeAddInput,
  TimeArticle,
  TimeUpdateInput,
} from '../schemas/job-parts.ts';
import { OrderLine } from '../schemas/order-lines.ts';
import {
  DeletedLine,
  JobIdParams,
  OrderJobView,
  OrderLineAddInput,
  OrderLineChangeInput,
  OrderLineChangeParams,
} from '../schemas/orders.ts';

/**
 * A job's parts, hours and order lines (002 §7.16 orderdetail, §7.17 parts, §7.20 time). Lines are
 * read like their job (customer users their company's, partners their customers'; another's answers
 * 404) and CostPrice is null for customer and partner users. The lookups show stock and purchase
 * prices: staff only. Parts and hours are written by the staff who may change the job (Job.Edit), on
 * a machine sub-job of a job with an order; an approved, closed or deleted job's lines stay (409).
 */
const readers = users(ALL_USER_TYPES, { permission: 'Module.Jobs' });
const staff = users(STAFF, { permission: 'Module.Jobs' });
const lineEditors = users(STAFF, { permission: 'Job.Edit' });

export const orderLineRoutes = {
  partLookup: defineRoute({
    method: 'GET',
    path: sp('parts/'),
    summary:
      'The part lookup: the article, the customer’s price (of the job, else customerNumber, else the machine’s owner), its common-part quantity for the machine (machineId, else the sub-job’s) and its stock per store; null without an article number.',
    access: staff,
    query: PartLookupQuery,
    response: json(PartLookup.nullable()),
  }),
  jobParts: defineRoute({
    method: 'GET',
    path: sp('job-parts/:id'),
    summary: 'A job’s part lines (not hours) per machine sub-job; a sub-job’s id answers its own group.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(SubJobLines)),
  }),
  jobPart: defineRoute({
    method: 'GET',
    path: sp('job-part/:id'),
    summary: 'One part line.',
    access: readers,
    params: RecordIdParams,
    response: json(OrderLine),
  }),
  customerPrice: defineRoute({
    method: 'GET',
    path: sp('customer-price/:customerId'),
    summary:
      'The customer’s unit price of an article: its own price, else the sales price less its discount. Customer 0 takes the customer of childJobId, else the owner of machineId; 0 without customer or article.',
    access: staff,
    params: CustomerPriceParams,
    query: CustomerPriceQuery,
    response: json(CustomerPrice),
  }),
  partAdd: defineRoute({
    method: 'POST',
    path: sp('parts/add-part'),
    summary:
      'Add a part to a machine sub-job, taken from a store in the same transaction; 409 stock_short when the store lacks it.',
    access: lineEditors,
    body: PartAddInput,
    response: json(OrderLine),
  }),
  partUpdate: defineRoute({
    method: 'POST',
    path: sp('parts/update-part'),
    summary:
      'Change a part line: a new quantity or store moves the stock with it; 409 stock_short when the store lacks it.',
    access: lineEditors,
    body: PartUpdateInput,
    response: json(OrderLine),
  }),
  jobTime: defineRoute({
    method: 'GET',
    path: sp('time/:jobId'),
    summary: 'The order’s time lines, with the hours per technician and sub-job.',
    access: readers,
    params: JobIdParams,
    response: json(JobTime),
  }),
  jobTimeLine: defineRoute({
    method: 'GET',
    path: sp('time/job-time/:id'),
    summary: 'One time line.',
    access: readers,
    params: RecordIdParams,
    response: json(OrderLine),
  }),
  timeReportArticles: defineRoute({
    method: 'GET',
    path: sp('time/time-report-articles'),
    summary: 'The active time articles hours may be reported with on the job, at the customer’s price.',
    access: staff,
    query: JobIdQuery,
    response: json(z.array(TimeArticle)),
  }),
  timeAdd: defineRoute({
    method: 'POST',
    path: sp('time/add'),
    summary: 'Report hours on a machine sub-job as a time-article line; UserId defaults to the caller.',
    access: lineEditors,
    body: TimeAddInput,
    response: json(OrderLine),
  }),
  timeUpdate: defineRoute({
    method: 'POST',
    path: sp('time/detail/update'),
    summary: 'Change a time line’s hours, day, technician, article or texts.',
    access: lineEditors,
    body: TimeUpdateInput,
    response: json(OrderLine),
  }),
  orderLineGet: defineRoute({
    method: 'GET',
    path: sp('orderdetail/get/:id'),
    summary: 'One order line.',
    access: readers,
    params: RecordIdParams,
    response: json(OrderLine),
  }),
  orderLinesOfJob: defineRoute({
    method: 'GET',
    path: sp('orderdetail/jobview/:jobId'),
    summary: 'Every line of the job’s order (parts and hours), per machine sub-job.',
    access: readers,
    params: JobIdParams,
    response: json(OrderJobView),
  }),
  orderLineAdd: defineRoute({
    method: 'PUT',
    path: sp('orderdetail/add/job/:jobId'),
    summary:
      'Add a line to the machine sub-job in the path; with a StoreId the stock is taken in the same transaction.',
    access: lineEditors,
    params: JobIdParams,
    body: OrderLineAddInput,
    response: json(OrderLine),
  }),
  orderLineChange: defineRoute({
    method: 'PATCH',
    path: sp('orderdetail/job/:jobId/change/:id'),
    summary: 'Change a line of the job’s order; the stock follows its quantity and store.',
    access: lineEditors,
    params: OrderLineChangeParams,
    body: OrderLineChangeInput,
    response: json(OrderLine),
  }),
  orderLineRemove: defineRoute({
    method: 'DELETE',
    path: sp('orderdetail/remove/:id'),
    summary: 'Delete a line; a part taken from a store gives its stock back in the same transaction.',
    access: lineEditors,
    params: RecordIdParams,
    response: json(DeletedLine),
  }),
} as const;
