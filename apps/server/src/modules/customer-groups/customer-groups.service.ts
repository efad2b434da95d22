import type { CustomerGroupChangeInput, CustomerGroupInput } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { alreadyInUse, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { savedAt } from '../common/row-version.ts';
import { refuseTwins, retryTwins } from '../common/unique.ts';
import type { FileStore } from '../resources/file-store.ts';
import type { UploadedFile } from '../resources/multipart.ts';
import * as repo from './customer-groups.repository.ts';

const present = (r: { group: repo.GroupRow; customerCount: number }) => ({
  Id: r.group.id,
  Name: r.group.name,
  ImagePath: r.group.imagePath,
  CustomerCount: Number(r.customerCount),
  RowVersion: r.group.rowVersion,
});

/** Customer groups with an optional image; the id is the company's own and unique (001 §5). */
export class CustomerGroupService {
  private readonly deps: { db: Db; files: FileStore };
  constructor(deps: { db: Db; files: FileStore }) {
    this.deps = deps;
  }

  async filtered(q: { Page: number; ItemsPerPage: number; SearchWord?: string | undefined }) {
    const { rows, total } = await repo.listGroups(this.deps.db, q.Page, q.ItemsPerPage, q.SearchWord);
    return { Content: rows.map(present), TotalCount: total };
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findGroup(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_customer_group', id);
    return present(row);
  }

  async create(caller: Caller, input: z.output<typeof CustomerGroupInput>, image: UploadedFile | null) {
    if (input.Id) await this.checkIdFree(caller, input.Id);
    const imagePath = image
      ? await this.deps.files.saveImage('customer-groups', image.data, 'ImageFile', caller.lang)
      : null;
    const write = () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        const id = input.Id ?? (await repo.nextGroupId(tx));
        await repo.insertGroup(tx, { id, name: input.Name, imagePath });
        emit({
          entity: 'customerGroup',
          entityId: id,
          changeType: 'New',
          userId: caller.user.id,
        });
        return id;
      });
    let id: number;
    try {
      // The primary key is the guarantee: an id typed in that a concurrent create took answers the
      // check's 409; an automatic one a concurrent create chose by hand is drawn again.
      id = await refuseTwins(
        () => retryTwins(write, () => !input.Id),
        async (_index, err) => (input.Id ? this.idTaken(caller, input.Id) : err),
      );
    } catch (err) {
      await this.deps.files.remove(imagePath);
      throw err;
    }
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof CustomerGroupChangeInput>, image: UploadedFile | null) {
    const current = await repo.findGroup(this.deps.db, input.Id);
    if (!current) throw recordNotFound(caller, 'object_customer_group', input.Id);
    const imagePath = image
      ? await this.deps.files.saveImage('customer-groups', image.data, 'ImageFile', caller.lang)
      : null;
    const old = current.group.imagePath;
    const nextImage = imagePath ?? (input.RemoveImage ? null : old);
    try {
      await changeWithEvents(this.deps.db, async (tx, emit) => {
        const values = { name: input.Name, imagePath: nextImage };
        savedAt(caller, await repo.updateGroup(tx, input.Id, values, input.RowVersion));
        emit({
          entity: 'customerGroup',
          entityId: input.Id,
          changeType: 'Change',
          userId: caller.user.id,
        });
      });
    } catch (err) {
      await this.deps.files.remove(imagePath);
      throw err;
    }
    if (old && old !== nextImage) await this.deps.files.remove(old);
    return this.get(caller, input.Id);
  }

  async delete(caller: Caller, id: number) {
    const current = await repo.findGroup(this.deps.db, id);
    if (!current) throw recordNotFound(caller, 'object_customer_group', id);
    if (Number(current.customerCount) > 0)
      throw stillInUse(caller, 'object_customer_group', current.group.name, Number(current.customerCount));
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.deleteGroup(tx, id);
      emit({
        entity: 'customerGroup',
        entityId: id,
        changeType: 'Delete',
        userId: caller.user.id,
      });
    });
    await this.deps.files.remove(current.group.imagePath);
    return { Id: id };
  }

  private async checkIdFree(caller: Caller, id: number) {
    const holder = await repo.findGroup(this.deps.db, id);
    if (holder) throw alreadyInUse(caller, 'Id', id, holder.group.name);
  }

  private async idTaken(caller: Caller, id: number) {
    const holder = await repo.findGroup(this.deps.db, id);
    return alreadyInUse(caller, 'Id', id, holder?.group.name ?? String(id));
  }
}
