import type { ContractTypeChangeInput, ContractTypeInput, ContractTypeRecord } from '@fieldport/contract';
import { editedNames, type Language, languageOf, localName, serverMessage } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { alreadyInUse, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { assertCurrent } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import * as repo from './contracts.repository.ts';

const present = (r: repo.ContractTypeRow, lang: Language): ContractTypeRecord => ({
  Id: r.id,
  Name: localName(r, lang),
  Names: r.names,
  Icon: r.icon,
  Position: r.position,
  IsActive: r.isActive,
  ContractCount: r.contractCount,
  RowVersion: r.rowVersion,
});

const typeEvent = (caller: Caller, id: number, changeType: 'New' | 'Change' | 'Delete') => ({
  entity: 'contractType',
  entityId: id,
  changeType,
  userId: caller.user.id,
  payload: { ContractTypeId: id },
});

/**
 * Contract types as the Admin keeps them (ours, decision 057; the catalogue has only Contract/TypeMap):
 * every type with its names per language, icon, order and the contracts using it; created, changed
 * with the RowVersion read, and deleted while no contract uses it (else 409 with the count: make it
 * inactive instead). Names are unique whatever their case (the index on lower(name) is the guarantee).
 * Each change raises the `contractType` event, which reads the Agreements menu again.
 */
export class ContractTypeService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async list(caller: Caller) {
    const lang = languageOf(caller.lang);
    return (await repo.listContractTypes(this.db)).map((r) => present(r, lang));
  }

  private async one(caller: Caller, id: number, db: Executor = this.db) {
    const [row] = await repo.listContractTypes(db, id);
    if (!row) throw recordNotFound(caller, 'object_contract_type', id);
    return present(row, languageOf(caller.lang));
  }

  async create(caller: Caller, input: z.output<typeof ContractTypeInput>) {
    const names = editedNames({}, { name: input.Name, names: input.Names, lang: languageOf(caller.lang) });
    const id = await this.unique(caller, input.Name, undefined, (tx, emit) =>
      repo
        .insertContractType(tx, {
          name: input.Name,
          names,
          icon: input.Icon,
          position: input.Position ?? 0,
          isActive: input.IsActive,
        })
        .then((id) => {
          emit(typeEvent(caller, id, 'New'));
          return id;
        }),
    );
    return this.one(caller, id);
  }

  async change(caller: Caller, id: number, input: z.output<typeof ContractTypeChangeInput>) {
    await this.unique(caller, input.Name, id, async (tx, emit) => {
      const before = await repo.lockContractType(tx, id);
      if (!before) throw recordNotFound(caller, 'object_contract_type', id);
      assertCurrent(caller, before, input.RowVersion);
      const names =
        input.Name === undefined && input.Names === undefined
          ? undefined
          : editedNames(before.names, {
              name: input.Name,
              names: input.Names,
              lang: languageOf(caller.lang),
            });
      await repo.updateContractType(tx, id, {
        name: input.Name,
        names,
        icon: input.Icon,
        position: input.Position,
        isActive: input.IsActive,
      });
      emit(typeEvent(caller, id, 'Change'));
      return id;
    });
    return this.one(caller, id);
  }

  async remove(caller: Caller, id: number) {
    await changeWithEvents(this.db, async (tx, emit) => {
      // The type's row locked: no contract can take it up until this ends (its foreign key waits).
      const before = await repo.lockContractType(tx, id);
      if (!before) throw recordNotFound(caller, 'object_contract_type', id);
      const using = await repo.contractsOfType(tx, id);
      if (using > 0)
        throw stillInUse(caller, 'object_contract_type', localName(before, languageOf(caller.lang)), using);
      await repo.deleteContractType(tx, id);
      emit(typeEvent(caller, id, 'Delete'));
    });
    return { Success: true, Message: serverMessage('saved', caller.lang) };
  }

  /** A write under the names' uniqueness: a taken name (or a concurrent twin) answers 409 naming its holder. */
  private async unique(
    caller: Caller,
    name: string | undefined,
    exceptId: number | undefined,
    write: (tx: Executor, emit: Emit) => Promise<number>,
  ) {
    return refuseTwins(
      () =>
        changeWithEvents(this.db, async (tx, emit) => {
          if (name !== undefined) {
            const taken = await repo.contractTypeNamed(tx, name, exceptId);
            if (taken) throw alreadyInUse(caller, 'Name', name, taken.name);
          }
          return write(tx, emit);
        }),
      async (_index, err) =>
        name === undefined
          ? err
          : alreadyInUse(
              caller,
              'Name',
              name,
              (await repo.contractTypeNamed(this.db, name, exceptId))?.name ?? name,
            ),
    );
  }
}
