// Core bulk writes (reference §5.1, §8.1): each element is applied on its own (non-transactional);
// all succeeded → 200 with the entities; some failed → 409, all failed → 500, both with the
// `qccore.bulk-operation-failed` body whose `BulkEntries` say, per element, what happened.
import { AlmError } from '../../errors';
import type { CoreEntity } from '../wire/entity';
import { entityJson } from '../wire/json';
import { entityNode } from '../wire/xml';

type BulkEntry = { succeeded: true; entityId: number; entity: CoreEntity } | { succeeded: false; entityId: number | null; error: AlmError };

class BulkOperationError extends AlmError {
  constructor(
    readonly entityType: string,
    readonly entries: readonly BulkEntry[],
  ) {
    const failed = entries.filter((e) => !e.succeeded).length;
    super(
      failed === entries.length ? 500 : 409,
      'qccore.bulk-operation-failed',
      `bulk operation failed. see exception properties for more info. ${failed} of ${entries.length} ${entityType} entities failed; the others were applied.`,
    );
  }

  override toBody() {
    const BulkEntries = this.entries.map((e) =>
      e.succeeded
        ? { Entity: entityJson(e.entity), Succeeded: true, EntityType: this.entityType, EntityId: e.entityId }
        : { Exception: e.error.toBody(), Succeeded: false, EntityType: this.entityType, EntityId: e.entityId },
    );
    return { ...super.toBody(), ExceptionProperties: [{ Name: 'qccore.bulk-operation-failed', BulkValue: { BulkEntries } }] };
  }

  /**
   * The XML twin of the JSON body: one `<BulkEntry>` per element, in the order sent, with
   * `Succeeded`, `EntityType` and `EntityId` as attributes, as the vendor's schema has them (issue 40).
   */
  override propertiesXml(): unknown {
    const BulkEntry = this.entries.map((e) => ({
      '@_Succeeded': String(e.succeeded),
      '@_EntityType': this.entityType,
      '@_EntityId': e.entityId === null ? '' : String(e.entityId),
      ...(e.succeeded ? { Entity: entityNode(e.entity) } : { Exception: { Id: e.error.id, Title: e.error.title, ExceptionProperties: '', StackTrace: '' } }),
    }));
    return { ExceptionProperty: { '@_Name': 'qccore.bulk-operation-failed', BulkValue: { BulkEntries: { BulkEntry } } } };
  }
}

/**
 * Runs `apply` per element, each in its own transaction via the caller; returns the entities when
 * all succeeded and throws BulkOperationError otherwise. Errors other than AlmError are real bugs and propagate.
 */
export function runBulk<T>(entityType: string, items: readonly T[], idOf: (item: T) => number | null, apply: (item: T) => CoreEntity): CoreEntity[] {
  const entries: BulkEntry[] = items.map((item) => {
    let entityId: number | null = null;
    try {
      entityId = idOf(item);
      const entity = apply(item);
      const id = Number(entity.fields.find((f) => f.name === 'id')?.values[0]?.value);
      return { succeeded: true, entityId: Number.isFinite(id) ? id : (entityId as number), entity };
    } catch (err) {
      if (!(err instanceof AlmError)) throw err;
      return { succeeded: false, entityId, error: err };
    }
  });
  if (entries.every((e) => e.succeeded)) return entries.map((e) => e.entity);
  throw new BulkOperationError(entityType, entries);
}
