import { type Language, type LocalNames, localName } from '@fieldport/contract';

/**
 * A joined record with names per language as a reference `{ Id, Name }`, named in the reader's
 * language (`localName`; decision 089's machine types); null when the join found none.
 */
export const localRef = (
  r: { id: number | null; name: string | null; names: LocalNames | null } | null,
  lang: Language,
) =>
  r && r.id !== null && r.name !== null
    ? { Id: r.id, Name: localName({ name: r.name, names: r.names }, lang) }
    : null;
