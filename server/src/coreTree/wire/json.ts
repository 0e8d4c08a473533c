// Core JSON: the one writer and reader of entities and pages in JSON (reference §4.2).
//   {"Fields":[{"Name":"…","values":[{"value":"…","ReferenceValue":"…"}]}],"Type":"defect"}
//   page: {"entities":[…],"TotalResults":n}
import type { CoreEntity, Envelope, ParsedEntities } from './model';
import { PLAIN_ENVELOPE, badBody, checkType } from './model';

/** The JSON form of one entity, alone (`single`) or as a collection row. */
export function entityJson(entity: CoreEntity, envelope: Envelope = PLAIN_ENVELOPE, as: 'single' | 'row' = 'single'): Record<string, unknown> {
  const out: Record<string, unknown> = {
    Fields: entity.fields.map((f) => ({
      Name: f.name,
      values: f.values.map((v) => (v.referenceValue === undefined || !envelope.referenceValues ? { value: v.value } : { value: v.value, ReferenceValue: v.referenceValue })),
    })),
    Type: entity.type,
  };
  if (envelope.entityStatus) {
    if (as === 'row') Object.assign(out, { ErrorMessage: '', EntityStatus: 'Success' });
    // Always 0 on 26.1, even for folders with children (reference §16.2).
    out['children-count'] = 0;
  }
  return out;
}

/** The JSON form of a collection page. */
export function collectionJson(entities: readonly CoreEntity[], total: number, envelope: Envelope = PLAIN_ENVELOPE): Record<string, unknown> {
  return { entities: entities.map((e) => entityJson(e, envelope, 'row')), TotalResults: total };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A parsed JSON write body: one entity, or `{"entities":[…]}`. */
export function jsonEntities(body: unknown, expectedType: string): ParsedEntities {
  if (!isRecord(body)) throw badBody('The request body is not an entity.');
  if ('entities' in body) {
    if (!Array.isArray(body.entities)) throw badBody('"entities" must be an array.');
    return { bulk: true, entities: body.entities.map((e, i) => jsonEntity(e, expectedType, `entities[${i}]: `)) };
  }
  return { bulk: false, entities: [jsonEntity(body, expectedType, '')] };
}

function jsonEntity(raw: unknown, expectedType: string, where: string): CoreEntity {
  if (!isRecord(raw)) throw badBody(`${where}Expected an entity object.`);
  const type = checkType(raw.Type ?? raw.type, expectedType, where);
  const fields = raw.Fields ?? raw.fields;
  if (!Array.isArray(fields)) throw badBody(`${where}"Fields" must be an array of {"Name","values"}.`);
  return {
    type,
    fields: fields.map((f, i) => {
      if (!isRecord(f) || typeof (f.Name ?? f.name) !== 'string') throw badBody(`${where}Fields[${i}] needs a string "Name".`);
      const values = f.values ?? f.Values ?? [];
      if (!Array.isArray(values)) throw badBody(`${where}Fields[${i}].values must be an array of {"value":"…"}.`);
      return {
        name: String(f.Name ?? f.name),
        values: values
          // `[{}]` is one of the two documented spellings of "no value" (reference §4.2).
          .filter((v) => !(isRecord(v) && Object.keys(v).length === 0))
          .map((v: unknown, j) => {
            const value = isRecord(v) ? v.value : v;
            if (value === null || value === undefined) return { value: '' };
            if (typeof value === 'object') throw badBody(`${where}Fields[${i}].values[${j}].value must be a string.`);
            // A number or boolean reads as JSON writes it.
            return { value: typeof value === 'string' ? value : JSON.stringify(value) };
          }),
      };
    }),
  };
}
