import { randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { labelTokenHash, labelTokenOf } from '../machines/label-token.ts';
import * as repo from './qr.repository.ts';

/** Letters and digits that cannot be misread on a printed label (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;

export const newCode = (): string =>
  `FP${Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/** The link a label encodes: the API's resolver of the code, which the apps open after a scan. */
export const linkOf = (origin: string, code: string) => `${origin}/api2/qr/Link/${encodeURIComponent(code)}`;

/**
 * The link a machine's label encodes once the code is on a machine (decision 070): the web app's
 * public fault form of its random label token, which names nothing else, under the web app's base
 * (`portal`: PUBLIC_URL and BASE_PATH, as `https://service.example/portal/`).
 */
export const labelLinkOf = (portal: string, labelToken: string) => `${portal}label/${labelToken}`;

/** QR labels: unique new codes, resolving a scanned code, and code images. */
export class QrService {
  private readonly db: Db;
  private readonly labelSecret: string;
  constructor(deps: { db: Db; labelSecret: string }) {
    this.db = deps.db;
    this.labelSecret = deps.labelSecret;
  }

  /** `count` new codes, unique among issued codes and codes on machines. */
  async createList(caller: Caller, count: number, origin: string) {
    const codes: string[] = [];
    for (let attempt = 0; codes.length < count && attempt < 10; attempt++) {
      const wanted = Array.from({ length: count - codes.length }, newCode);
      const onMachines = await repo.codesOnMachines(this.db, wanted);
      codes.push(
        ...(await repo.insertCodes(
          this.db,
          wanted.filter((c) => !onMachines.has(c)),
          caller.user.id,
        )),
      );
    }
    return codes.map((code) => ({ Qrcode: code, Link: linkOf(origin, code) }));
  }

  /**
   * The machine carrying a code, if the caller may see it, with its label's link (the public fault
   * form); an issued unused code has none and links to this resolver. The label token is derived
   * from the label secret and the machine's nonce, its hash kept at the first hand-out (decision 087).
   */
  async resolve(caller: Caller, code: string, origin: string, portal: string) {
    const machine = await repo.machineByCode(this.db, code, caller.user);
    if (machine) {
      const token = labelTokenOf(this.labelSecret, machine.id, machine.labelNonce);
      const hash = labelTokenHash(token);
      if (machine.labelTokenHash !== hash)
        await repo.keepLabelTokenHash(this.db, machine.id, machine.labelNonce, hash);
      return {
        Qrcode: code,
        Link: labelLinkOf(portal, token),
        MachineId: machine.id,
        MachineName: machine.name,
        CustomerId: machine.customerId,
      };
    }
    const onAnyMachine = await repo.machineByCode(this.db, code, null);
    if (onAnyMachine || !(await repo.codeIssued(this.db, code)))
      throw recordNotFound(caller, 'object_qr_code', code);
    return { Qrcode: code, Link: linkOf(origin, code), MachineId: null, MachineName: null, CustomerId: null };
  }

  async image(text: string): Promise<Buffer> {
    // qrcode is loaded with the first image, not at boot (ENGINEERING.md: heavy libraries load when used).
    const { default: QRCode } = await import('qrcode');
    return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  }
}
