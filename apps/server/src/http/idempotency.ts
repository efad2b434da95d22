import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../infra/clock.ts';
import { refusal } from '../modules/common/errors.ts';
import {
  deleteExpiredKeys,
  findKey,
  type KeyScope,
  releaseKey,
  reserveKey,
  saveAnswer,
} from '../modules/common/idempotency.repository.ts';
import { type KeyClaim, replayOf } from '../modules/common/idempotency-context.ts';

/**
 * The calls that create something and honour an `Idempotency-Key` header (decision 026): the same key
 * from the same caller on the same call with the same input answers the first answer again and creates
 * nothing twice. The multipart ones' bodies are read by their handler, which claims the key once it has
 * read them (`claimIdempotencyKey`, idempotency-context.ts), before it writes anything.
 */
export const MULTIPART_CREATION_CALLS: ReadonlySet<string> = new Set([
  'articleCreate',
  'customerGroupCreate',
  'entityDocumentsUpload',
  'jobDocumentsUpload',
  'labelReport',
  'machineModelCreate',
]);

export const CREATION_CALLS: ReadonlySet<string> = new Set([
  ...MULTIPART_CREATION_CALLS,
  'appointmentCreate',
  'addressSave',
  'assetTypeCreate',
  // Not creations: a phone's queued checklist answer and line changes (decision 095), sent again after a
  // lost answer; without the key the repeat would meet its own new RowVersion and answer 409.
  'checklistFieldChange',
  'checklistFollowUpCreate',
  'checklistStart',
  'checklistTemplateCreate',
  'commonPartsAdd',
  'contactAdd',
  'contractCreate',
  'contractTypeCreate',
  'counterCreate',
  'counterReadingAdd',
  'customerCreate',
  'departmentCreate',
  'faultReportCreate',
  'exportMachines',
  'failureCodeAdd',
  'jobCategoryArticlesAdd',
  'jobCategoryCreate',
  'jobCreate',
  // Not a creation: a phone's queued comment of the job (decision 102), sent again after a lost answer.
  'jobChangeDetails',
  // Not a creation: a phone's queued status change (decision 075) is sent again after a lost answer.
  'jobChangeStatus',
  // Not a creation either: a phone's queued signature (decision 090), one per job.
  'jobSignatureSave',
  'jobSubStatusCreate',
  'leadCreate',
  'leadTypeCreate',
  'machineCreate',
  'machineJobAddToParent',
  'machineJobBulkAdd',
  // Not a creation: a phone's queued sub-job comment (decision 099), sent again after a lost answer.
  'machineJobChange',
  'machineTypeCreate',
  'nextOrderJobCreate',
  'nextOrderJobsCreate',
  'orderLineAdd',
  'partAdd',
  'partUpdate',
  'partnerCompanyCreate',
  'projectCreate',
  'repairCodeAdd',
  'repairPlaceAdd',
  'serviceAgreementCreate',
  'supplierCreate',
  'supportLogAdd',
  'supportTicket',
  'timeAdd',
  'timeReportAddRow',
  'timeUpdate',
  'userAdd',
  'warrantyTypeAdd',
]);

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is kept: a repeat within it answers the first answer. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request with its key to answer before it gets 409. */
const WAIT_FOR_FIRST_MS = 10_000;
/**
 * A reservation this old without an answer belongs to a request whose process died: taken over when it
 * wrote nothing, answered 409 (`idempotency_key_unanswered`) when it did.
 */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const POLL_MS = 25;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The header's description in the OpenAPI document. */
export const IDEMPOTENCY_DOC =
  'Optional. A key the caller chooses (1 to 200 visible ASCII characters, e.g. a UUID) to make a retry safe: ' +
  'the same key with the same input within 24 hours answers the first answer again (same status and body) ' +
  'and creates nothing twice; the same key with other input answers 422; a repeat while the first request ' +
  'still runs waits for its answer (409 after 10 s). A refused or failed request frees its key.';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: KeyScope | null;
    /** The key the handler runs under, claimed before it (JSON) or by it once the body is read (multipart). */
    idempotencyClaim: KeyClaim | null;
  }
}

const hashOf = (req: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify({ params: req.params ?? null, query: req.query ?? null, body: req.body ?? null }))
    .digest('base64url');

/**
 * Installs the Idempotency-Key handling: before the handler a key is reserved in the database (the
 * primary key lets one of two concurrent requests hold it; the other waits for the first answer), and
 * the answer is kept when it is sent. Installed before the routes, so its hooks come first.
 */
export function installIdempotency(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotencyClaim', null);

  /**
   * Reserves the key for this request: the primary key lets one of two concurrent requests hold it;
   * the other waits for the first answer, which it gets as its own ('answered', the answer's status,
   * body and type in `replay`).
   */
  async function reserve(req: FastifyRequest, scope: KeyScope, requestHash: string) {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + KEY_LIFETIME_MS);
      const abandonedBefore = new Date(now.getTime() - ABANDONED_AFTER_MS);
      if (await reserveKey(db, { ...scope, requestHash, now, expiresAt, abandonedBefore })) {
        req.idempotency = scope;
        return null;
      }
      const held = await findKey(db, scope);
      if (!held) continue; // released or expired in between: reserve again
      if (held.requestHash !== requestHash) throw refusal(422, 'idempotency_key_reused');
      if (held.statusCode !== null)
        return { statusCode: held.statusCode, body: held.body ?? '', contentType: held.contentType };
      if (held.written && held.createdAt <= abandonedBefore) throw refusal(409, 'idempotency_key_unanswered');
      if (Date.now() > deadline) throw refusal(409, 'idempotency_key_in_progress');
      await sleep(POLL_MS);
    }
  }

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const name = req.routeOptions.schema?.operationId;
    if (!name || !CREATION_CALLS.has(name)) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header))
      throw refusal(400, 'idempotency_key_invalid');
    const scope: KeyScope = {
      userId: req.authUser?.id ?? 0,
      route: `${req.method} ${req.routeOptions.url}`,
      key: header,
    };
    if (MULTIPART_CREATION_CALLS.has(name)) {
      const claim: KeyClaim = {
        scope: null,
        claim: async (bodyHash) => {
          const answered = await reserve(req, scope, `${hashOf(req)}.${bodyHash}`);
          if (answered) throw replayOf(answered);
          claim.scope = scope;
        },
      };
      req.idempotencyClaim = claim;
      return;
    }
    const answered = await reserve(req, scope, hashOf(req));
    if (!answered) {
      req.idempotencyClaim = { scope };
      return;
    }
    reply.code(answered.statusCode).header('idempotent-replayed', 'true');
    if (answered.contentType) reply.header('content-type', answered.contentType);
    return reply.send(answered.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const scope = req.idempotency;
    if (!scope) return payload;
    req.idempotency = null;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (reply.statusCode < 400 && body !== null) {
        const type = reply.getHeader('content-type');
        await saveAnswer(db, scope, {
          statusCode: reply.statusCode,
          body,
          contentType: typeof type === 'string' ? type : null,
        });
      } else await releaseKey(db, scope);
    } catch (err) {
      // The answer still goes out; the key stays reserved (a repeat gets 409) rather than run twice.
      req.log.error({ err }, 'idempotency key not saved');
    }
    return payload;
  });

  // Expired keys are taken over by a new reservation; the rest are swept once an hour.
  const sweep = setInterval(
    () => void deleteExpiredKeys(db, clock.now()).catch((err) => app.log.warn({ err }, 'idempotency sweep')),
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
