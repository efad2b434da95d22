import {
  lineAmounts,
  OPEN_ORDER_AGES,
  type OpenOrderGroup,
  type OpenOrders,
  sumMoney,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import { decimalsOf } from '../order-lines/order-lines.presenter.ts';
import * as repo from './open-orders.repository.ts';

const DAY_MS = 86_400_000;

/** The age group of an order of `days` days (OPEN_ORDER_AGES). */
export function ageGroup(days: number): (typeof OPEN_ORDER_AGES)[number] {
  if (days <= 7) return '0-7';
  if (days <= 30) return '8-30';
  if (days <= 90) return '31-90';
  return '90+';
}

/**
 * The dashboard's open orders (001 §2.7): the jobs completed or approved, not closed, whose order has
 * lines to invoice; each order's totals exactly (rules/money.ts, like the invoice tab: NoInvoice lines,
 * machine jobs and orders are not counted), and the sums by department and by age.
 */
export class OpenOrdersService {
  private readonly deps: { db: Db; clock: Clock };
  constructor(deps: { db: Db; clock: Clock }) {
    this.deps = deps;
  }

  async list(): Promise<OpenOrders> {
    const orders = await repo.openOrderJobs(this.deps.db);
    const lines = await repo.linesOfOrders(
      this.deps.db,
      orders.map((o) => o.id),
    );
    const now = this.deps.clock.now().getTime();
    const out = orders.flatMap((o) => {
      const counted = o.noInvoice
        ? []
        : lines
            .filter((l) => l.line.parentJobId === o.id && !l.line.noInvoice && !l.subJobNoInvoice)
            .map((l) => lineAmounts(decimalsOf(l.line), o.freeFromVat));
      if (counted.length === 0) return [];
      return [
        {
          JobId: o.id,
          OrderId: o.orderId,
          DisplayName: o.displayName,
          CustomerName: o.customerName,
          StatusId: o.jobStatusId,
          DepartmentId: o.departmentId,
          DepartmentName: o.departmentName,
          AgeDays: Math.max(0, Math.floor((now - o.createdAt.getTime()) / DAY_MS)),
          Lines: counted.length,
          exclVat: sumMoney(counted.map((a) => a.amountExclVat)),
          inclVat: sumMoney(counted.map((a) => a.amountInclVat)),
        },
      ];
    });
    const group = (
      key: (o: (typeof out)[number]) => string,
      name: (o: (typeof out)[number]) => string | null,
    ) => {
      const by = new Map<string, { name: string | null; list: typeof out }>();
      for (const o of out) {
        const k = key(o);
        const g = by.get(k) ?? { name: name(o), list: [] };
        g.list.push(o);
        by.set(k, g);
      }
      return by;
    };
    const summed = (k: string, g: { name: string | null; list: typeof out }): OpenOrderGroup => ({
      Key: k,
      Name: g.name,
      Orders: g.list.length,
      AmountExclVat: Number(sumMoney(g.list.map((o) => o.exclVat))),
    });
    const byDepartment = group(
      (o) => String(o.DepartmentId ?? ''),
      (o) => o.DepartmentName,
    );
    const byAge = group(
      (o) => ageGroup(o.AgeDays),
      () => null,
    );
    return {
      Orders: out
        .map(({ exclVat, inclVat, ...o }) => ({
          ...o,
          AmountExclVat: Number(exclVat),
          AmountInclVat: Number(inclVat),
        }))
        .sort((a, b) => b.AgeDays - a.AgeDays || a.JobId - b.JobId),
      ByDepartment: [...byDepartment.entries()]
        .map(([k, g]) => summed(k, g))
        .sort((a, b) => (a.Name ?? '\uffff').localeCompare(b.Name ?? '\uffff')),
      ByAge: OPEN_ORDER_AGES.map((k) => summed(k, byAge.get(k) ?? { name: null, list: [] })),
      TotalExclVat: Number(sumMoney(out.map((o) => o.exclVat))),
      TotalInclVat: Number(sumMoney(out.map((o) => o.inclVat))),
    };
  }
}
