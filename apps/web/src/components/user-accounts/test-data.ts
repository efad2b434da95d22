import type { UserAccount } from '@fieldport/contract';
import { json } from '../../lib/api/test-fetch.ts';
import type { Req } from '../../test/app-harness.tsx';

/** Test data of the account screens: accounts as User/get sends them, and a server that keeps them. */

export function account(id: number, over: Partial<UserAccount> = {}): UserAccount {
  return {
    Id: id,
    Name: `User ${id}`,
    EmailAdress: `user${id}@fjord.test`,
    UserLogonName: `user${id}@fjord.test`,
    Phone: '',
    UserTypeId: 6,
    DepartmentId: null,
    DepartmentName: null,
    CustomerId: 5,
    CustomerName: 'Fjord Service AS',
    PartnerCompanyId: null,
    PartnerCompanyName: null,
    Uiculture: 'en',
    IsActive: true,
    IsBookable: false,
    IsContactPerson: false,
    CanExport: false,
    EntraTenantId: null,
    EntraObjectId: null,
    CreatedAt: '2026-11-02T09:30:00',
    RowVersion: 1,
    ...over,
  };
}

/** A scripted server of the account calls (User/*) over `initial`; `calls` records what was asked. */
export function accountServer(initial: UserAccount[]) {
  const users = new Map(initial.map((u) => [u.Id, u]));
  const calls: Req[] = [];
  const handler = (req: Req) => {
    calls.push(req);
    if (req.path === 'User/Filtered') {
      const word = req.query.get('SearchWord')?.toLowerCase();
      const list = [...users.values()].filter((u) => !word || u.Name.toLowerCase().includes(word));
      return json(200, { Content: list, TotalCount: list.length });
    }
    const get = /^User\/get\/(\d+)$/.exec(req.path);
    if (get) return json(200, users.get(Number(get[1])));
    if (req.path === 'User/add') {
      const body = req.body as Partial<UserAccount>;
      if (body.EmailAdress === 'taken@fjord.test')
        return json(409, {
          Message: 'taken@fjord.test is already in use on Ola Opptatt.',
          Errors: [{ Field: 'EmailAdress', Message: 'taken@fjord.test is already in use on Ola Opptatt.' }],
        });
      const created = account(99, { ...body, CustomerId: body.CustomerId ?? null });
      users.set(99, created);
      return json(200, created);
    }
    const toggle = /^User\/toggleactive\/(\d+)$/.exec(req.path);
    if (toggle) {
      const u = users.get(Number(toggle[1]))!;
      users.set(u.Id, { ...u, IsActive: !u.IsActive });
      return json(200, { Id: u.Id, IsActive: !u.IsActive });
    }
    const change = /^User\/(\d+)$/.exec(req.path);
    if (change && req.method === 'PATCH') {
      const u = { ...users.get(Number(change[1]))!, ...(req.body as Partial<UserAccount>) };
      users.set(u.Id, u);
      return json(200, u);
    }
    return undefined;
  };
  return { handler, calls, users };
}
