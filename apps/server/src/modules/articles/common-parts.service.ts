import type { CommonPart } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { offsetOf } from '../common/paging.ts';
import { articlesOfNumbers } from './article-refs.ts';
import { existingIds } from './articles.repository.ts';
import * as repo from './common-parts.repository.ts';

export const presentCommonPart = (r: repo.CommonPartRow): CommonPart => ({
  MachineModelId: r.machineModelId,
  ArticleId: r.articleId,
  ArticleNumber: r.articleNumber,
  Name: r.name,
  Unit: r.unit,
  Quantity: Number(r.quantity),
  Position: r.position,
  IsActive: r.isActive,
});

/** Where `articleId` lands when moved to `position` (from 1, past the end last), the others closing up. */
export function movedOrder(ids: number[], articleId: number, position: number): number[] {
  const rest = ids.filter((id) => id !== articleId);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), articleId, ...rest.slice(at)];
}

type AddLine = { ArticleNumber?: string | undefined; ArticleId?: number | undefined; Quantity: string };

/** A machine model's common parts (002 §7.13), in the Admin's order; each change is a machine model change event. */
export class CommonPartService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async filtered(q: {
    Page: number;
    ItemsPerPage: number;
    SearchWord?: string | undefined;
    MachineModelId?: number | undefined;
  }) {
    const { rows, total } = await repo.listCommonParts(
      this.db,
      { modelId: q.MachineModelId, word: q.SearchWord },
      { limit: q.ItemsPerPage, offset: offsetOf(q.Page, q.ItemsPerPage) },
    );
    return { Content: rows.map(presentCommonPart), TotalCount: total };
  }

  async ofModel(caller: Caller, modelId: number) {
    if (!(await repo.findModel(this.db, modelId)))
      throw recordNotFound(caller, 'object_machine_model', modelId);
    return (await repo.partsOfModel(this.db, modelId)).map(presentCommonPart);
  }

  /** Adds by number or id, all or none: an unknown article is a 400 and nothing is written. */
  async add(caller: Caller, modelId: number, lines: AddLine[]) {
    return this.change(caller, modelId, async (tx) => {
      const ids = await this.articleIds(caller, tx, lines);
      await repo.upsertParts(
        tx,
        modelId,
        lines.map((l, i) => ({ articleId: ids[i]!, quantity: l.Quantity })),
      );
    });
  }

  async move(caller: Caller, modelId: number, articleId: number, position: number) {
    return this.change(caller, modelId, async (tx) => {
      const ids = (await repo.partsOfModel(tx, modelId)).map((p) => p.articleId);
      if (!ids.includes(articleId)) throw recordNotFound(caller, 'object_article', articleId);
      await repo.renumber(tx, modelId, movedOrder(ids, articleId, position));
    });
  }

  async remove(caller: Caller, modelId: number, articleId: number) {
    return this.change(caller, modelId, async (tx) => {
      if (!(await repo.removePart(tx, modelId, articleId)))
        throw recordNotFound(caller, 'object_article', articleId);
      await repo.renumber(
        tx,
        modelId,
        (await repo.partsOfModel(tx, modelId)).map((p) => p.articleId),
      );
    });
  }

  /** One change of a model's list: the model locked, the change, the event; answers the list. */
  private change(caller: Caller, modelId: number, work: (tx: Executor) => Promise<void>) {
    return changeWithEvents(this.db, async (tx, emit) => {
      if (!(await repo.findModel(tx, modelId, true)))
        throw recordNotFound(caller, 'object_machine_model', modelId);
      await work(tx);
      emit({ entity: 'machineModel', entityId: modelId, changeType: 'Change', userId: caller.user.id });
      return (await repo.partsOfModel(tx, modelId)).map(presentCommonPart);
    });
  }

  private async articleIds(caller: Caller, tx: Executor, lines: AddLine[]): Promise<number[]> {
    const byNumber = lines.filter((l) => l.ArticleNumber).map((l) => l.ArticleNumber!);
    const numbered = await articlesOfNumbers(caller, tx, byNumber);
    const known = new Set(
      (
        await existingIds(
          tx,
          lines.flatMap((l) => (l.ArticleNumber ? [] : [l.ArticleId!])),
        )
      ).map((a) => a.id),
    );
    let n = 0;
    return lines.map((l, i) => {
      if (l.ArticleNumber) return numbered[n++]!;
      if (!known.has(l.ArticleId!))
        throw fieldRefusal(caller, `[${i}].ArticleId`, 'article_unknown', { number: String(l.ArticleId) });
      return l.ArticleId!;
    });
  }
}
