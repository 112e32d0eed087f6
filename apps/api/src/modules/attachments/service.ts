import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { allows, ATTACHMENT_MESSAGES, notFoundMessage, MAX_ATTACHMENTS_PER_RECORD, MAX_DESCRIPTION_LENGTH, type Attachment, type AttachmentTarget, type AttachableResource } from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import { attachmentContents, attachments, employees, users } from '../../db/schema';
import { detailChange, recordAudit } from '../../lib/audit';
import { writeEvent } from '../../lib/events/outbox';
import type { NewDomainEvent } from '../../lib/events/types';
import { userDisplayColumns } from '../../lib/crud/people';
import { readPermission } from '../../lib/crud/service';
import type { ResourceService } from '../../lib/crud/service';
import type { Entity } from '../../lib/crud/source';
import type { Actor } from '../../lib/crud/types';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Attachable } from '../../lib/attachable';
import type { ReceivedFile } from './receive';
import type { StoredContent } from './store';

/*
 * Documents of records, with the record's own rules: reads need the record within the caller's
 * views (a 404 outside them, as for the record itself), writes the right to change it (attachable.ts).
 */

/** The audit trail keeps a document's event on its record, so the record's history shows it. */
const AUDIT_CREATE = 'attachment.create';
const AUDIT_DELETE = 'attachment.delete';

const listColumns = {
  id: attachments.id,
  resource: attachments.resource,
  recordId: attachments.recordId,
  fileName: attachments.fileName,
  contentType: attachments.contentType,
  size: attachments.size,
  sha256: attachments.sha256,
  description: attachments.description,
  createdAt: attachments.createdAt,
  createdById: attachments.createdById,
  hasThumbnail: sql<boolean>`${attachments.thumbnail} IS NOT NULL`,
  ...userDisplayColumns,
};

const selectRows = (executor: Executor) =>
  executor.select(listColumns).from(attachments).leftJoin(users, eq(users.id, attachments.createdById)).leftJoin(employees, eq(employees.id, users.employeeId));

type ListRow = Awaited<ReturnType<typeof selectRows>>[number];

/** A record as the documents' rules see it. */
interface Parent {
  target: AttachmentTarget;
  service: ResourceService;
  record: Entity;
}

/** The domain event of a document added to or removed from a record, on the record (as its audit row). */
function attachmentEvent(type: 'attachment.added' | 'attachment.removed', actor: Actor, parent: Parent, attachment: { id: number; fileName: string }): NewDomainEvent {
  return {
    type,
    resource: parent.service.resource.key,
    recordId: parent.target.recordId,
    actorId: actor.userId,
    metadata: { attachmentId: attachment.id, fileName: attachment.fileName },
  };
}

export interface NewAttachment {
  target: AttachmentTarget;
  file: ReceivedFile;
  description: string | null;
}

/**
 * The documents of the records the app's modules declare attachable (`attachables` in their
 * manifests); a `resource` none declares is refused as bad input.
 */
export function createAttachmentService(db: Db, services: ReadonlyMap<string, ResourceService>, declared: readonly Attachable[]) {
  const attachables = new Map(declared.map((a) => [a.name, a]));
  const attachableOf = (resource: AttachableResource): Attachable => {
    const attachable = attachables.get(resource);
    if (!attachable) throw new ValidationError({ resource: ATTACHMENT_MESSAGES.resource });
    return attachable;
  };

  function serviceOf(resource: AttachableResource): ResourceService {
    const { key } = attachableOf(resource);
    const service = services.get(key);
    if (!service) throw new Error(`attachments: no resource service ${key}`);
    return service;
  }

  /**
   * The record within the actor's views. Without the record's read permission: 403, as its own
   * routes answer; outside the views: the record's 404 (or `notFound` for a document's routes).
   */
  async function parentOf(executor: Executor, actor: Actor, target: AttachmentTarget, notFound?: string): Promise<Parent> {
    const service = serviceOf(target.resource);
    if (!allows(actor, readPermission(service.resource, service.binding))) throw notFound ? new NotFoundError(notFound) : new ForbiddenError();
    const record = await service.find(executor, actor, target.recordId);
    if (!record) throw new NotFoundError(notFound ?? notFoundMessage(service.resource.nouns));
    return { target, service, record };
  }

  /**
   * The record's row lock, as every write to it takes: the attachment's event then gets its id in
   * commit order among the record's events (the order subscribers receive them in).
   */
  async function lockRecord(tx: Executor, target: AttachmentTarget): Promise<void> {
    await tx.execute(sql`select 1 from ${serviceOf(target.resource).binding.table} where id = ${target.recordId} for update`);
  }

  const mayChange = (actor: Actor, parent: Parent) => attachableOf(parent.target.resource).change(actor, parent.record, parent.service.resource);
  const mayDelete = (actor: Actor, parent: Parent, createdById: number | null) =>
    attachableOf(parent.target.resource).manage(actor, parent.record, parent.service.resource) || (createdById === actor.userId && mayChange(actor, parent));

  function toAttachment(row: ListRow, actor: Actor, parent: Parent): Attachment {
    return {
      id: row.id,
      // The rows are those of the parent's record.
      resource: parent.target.resource,
      recordId: row.recordId,
      fileName: row.fileName,
      contentType: row.contentType,
      size: Number(row.size),
      sha256: row.sha256,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdById === null || row.username === null ? null : { id: row.createdById, name: row.name ?? row.username },
      hasThumbnail: row.hasThumbnail === true,
      canDelete: mayDelete(actor, parent, row.createdById),
    };
  }

  async function countOf(executor: Executor, target: AttachmentTarget): Promise<number> {
    const [row] = await executor
      .select({ n: count() })
      .from(attachments)
      .where(and(eq(attachments.resource, target.resource), eq(attachments.recordId, target.recordId)));
    return row?.n ?? 0;
  }

  /** Before the body is read: the record is reachable, the caller may change it and it has room. */
  async function checkUpload(actor: Actor, target: AttachmentTarget): Promise<void> {
    const parent = await parentOf(db, actor, target);
    if (!mayChange(actor, parent)) throw new ForbiddenError();
    if ((await countOf(db, target)) >= MAX_ATTACHMENTS_PER_RECORD) throw new AppError(413, ATTACHMENT_MESSAGES.tooMany(MAX_ATTACHMENTS_PER_RECORD));
  }

  /** The stored file becomes the record's document, or is removed: rights, room and duplicates re-checked under the record's lock. */
  async function create(actor: Actor, input: NewAttachment): Promise<Attachment> {
    const { target, file } = input;
    if (input.description !== null && input.description.length > MAX_DESCRIPTION_LENGTH) {
      await file.discard();
      throw new ValidationError({ description: ATTACHMENT_MESSAGES.description });
    }
    try {
      return await db.transaction(async (tx) => {
        // Concurrent uploads to one record take turns here, so the count and the duplicate check hold.
        await lockRecord(tx, target);
        const parent = await parentOf(tx, actor, target);
        if (!mayChange(actor, parent)) throw new ForbiddenError();
        if ((await countOf(tx, target)) >= MAX_ATTACHMENTS_PER_RECORD) throw new AppError(413, ATTACHMENT_MESSAGES.tooMany(MAX_ATTACHMENTS_PER_RECORD));
        const [twin] = await tx
          .select({ fileName: attachments.fileName })
          .from(attachments)
          .where(and(eq(attachments.resource, target.resource), eq(attachments.recordId, target.recordId), eq(attachments.sha256, file.sha256)));
        if (twin) throw new ConflictError(ATTACHMENT_MESSAGES.duplicate(twin.fileName));
        const { fileName } = file;
        const [inserted] = await tx
          .insert(attachments)
          .values({
            resource: target.resource,
            recordId: target.recordId,
            contentId: file.contentId,
            fileName,
            contentType: file.contentType,
            size: file.size,
            sha256: file.sha256,
            description: input.description,
            thumbnail: file.thumbnail?.data ?? null,
            thumbnailType: file.thumbnail?.type ?? null,
            createdById: actor.userId,
          })
          .returning({ id: attachments.id });
        if (!inserted) throw new Error('attachments: insert returned no row');
        await recordAudit(tx, {
          userId: actor.userId,
          action: AUDIT_CREATE,
          entity: parent.service.resource.key,
          entityId: target.recordId,
          changes: detailChange('attachment', null, { id: inserted.id, fileName, contentType: file.contentType, size: file.size, sha256: file.sha256 }),
          ip: actor.ip,
        });
        await writeEvent(tx, attachmentEvent('attachment.added', actor, parent, { id: inserted.id, fileName }));
        const [row] = await selectRows(tx).where(eq(attachments.id, inserted.id));
        if (!row) throw new Error(`attachments: ${inserted.id} vanished inside its transaction`);
        return toAttachment(row, actor, parent);
      });
    } catch (error) {
      await file.discard();
      throw error;
    }
  }

  async function list(actor: Actor, target: AttachmentTarget): Promise<{ items: Attachment[]; canUpload: boolean }> {
    const parent = await parentOf(db, actor, target);
    const rows = await selectRows(db)
      .where(and(eq(attachments.resource, target.resource), eq(attachments.recordId, target.recordId)))
      .orderBy(desc(attachments.createdAt), desc(attachments.id));
    return { items: rows.map((r) => toAttachment(r, actor, parent)), canUpload: mayChange(actor, parent) };
  }

  /** One document whose record the actor may read; any other answer is the same 404. */
  async function find(actor: Actor, id: number) {
    const [row] = await db
      .select({
        resource: attachments.resource,
        recordId: attachments.recordId,
        fileName: attachments.fileName,
        contentType: attachments.contentType,
        size: attachments.size,
        sha256: attachments.sha256,
        createdById: attachments.createdById,
        content: { id: attachmentContents.id, store: attachmentContents.store, key: attachmentContents.key, chunkSize: attachmentContents.chunkSize },
      })
      .from(attachments)
      .innerJoin(attachmentContents, eq(attachmentContents.id, attachments.contentId))
      .where(eq(attachments.id, id));
    if (!row || !attachables.has(row.resource)) throw new NotFoundError(ATTACHMENT_MESSAGES.notFound);
    const target = { resource: row.resource, recordId: row.recordId };
    const parent = await parentOf(db, actor, target, ATTACHMENT_MESSAGES.notFound);
    return { ...row, size: Number(row.size), content: row.content as StoredContent, parent };
  }

  async function thumbnail(actor: Actor, id: number): Promise<{ data: Buffer; type: string; sha256: string }> {
    const found = await find(actor, id);
    const [row] = await db.select({ data: attachments.thumbnail, type: attachments.thumbnailType }).from(attachments).where(eq(attachments.id, id));
    if (!row?.data || !row.type) throw new NotFoundError(ATTACHMENT_MESSAGES.noPreview);
    return { data: row.data, type: row.type, sha256: found.sha256 };
  }

  /** Deletes a document (its bytes go in the same transaction, or are released to the sweeper for an object store). */
  async function remove(actor: Actor, id: number): Promise<'db' | 's3'> {
    const found = await find(actor, id);
    return db.transaction(async (tx) => {
      await lockRecord(tx, found.parent.target);
      const parent = await parentOf(tx, actor, found.parent.target, ATTACHMENT_MESSAGES.notFound);
      if (!mayDelete(actor, parent, found.createdById)) throw new ForbiddenError();
      const deleted = await tx.delete(attachments).where(eq(attachments.id, id)).returning({ id: attachments.id });
      if (deleted.length === 0) throw new NotFoundError(ATTACHMENT_MESSAGES.notFound);
      await recordAudit(tx, {
        userId: actor.userId,
        action: AUDIT_DELETE,
        entity: parent.service.resource.key,
        entityId: found.recordId,
        changes: detailChange('attachment', { id, fileName: found.fileName, contentType: found.contentType, size: found.size, sha256: found.sha256 }, null),
        ip: actor.ip,
      });
      await writeEvent(tx, attachmentEvent('attachment.removed', actor, parent, { id, fileName: found.fileName }));
      return found.content.store;
    });
  }

  /** Documents per record of one list page, for the records the actor may read (others are left out). */
  async function counts(actor: Actor, resource: AttachableResource, ids: readonly number[]): Promise<Record<string, number>> {
    const service = serviceOf(resource);
    if (!allows(actor, readPermission(service.resource, service.binding))) throw new ForbiddenError();
    const { source } = service;
    const visible = (await source.list.from(db, { id: source.idColumn }).where(and(inArray(source.idColumn, [...ids]), service.scopeOf(actor)))).map((row) => Number(row.id));
    if (visible.length === 0) return {};
    const rows = await db
      .select({ recordId: attachments.recordId, n: count() })
      .from(attachments)
      .where(and(eq(attachments.resource, resource), inArray(attachments.recordId, visible)))
      .groupBy(attachments.recordId);
    return Object.fromEntries(rows.map((r) => [String(r.recordId), r.n]));
  }

  return { checkUpload, create, list, find, thumbnail, remove, counts };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
