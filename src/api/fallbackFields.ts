// The field metadata used when a server's answer has a shape the client does not know (or the
// server refuses it): the defect fields every ALM version has, from the seed's defect table, so the
// editor and the pickers still work. List fields are plain text here: list ids differ between
// servers (26.1's status list is 237, the seed's 222), and a wrong list would refuse good values.
import { Fields } from './metadata';
import type { DataTypeName, FieldMeta, FieldValidationRule } from './types';

type FieldDef = [name: string, label: string, type: DataTypeName, maxLength?: number, required?: boolean];

const DEFECT_FIELDS: readonly FieldDef[] = [
  ['id', 'Defect ID', 'Integer', 10],
  ['name', 'Summary', 'String', 255, true],
  ['status', 'Status', 'String', 70],
  ['severity', 'Severity', 'String', 70, true],
  ['priority', 'Priority', 'String', 70],
  ['detected-by', 'Detected By', 'String', 60, true],
  ['owner', 'Assigned To', 'String', 60],
  ['creation-time', 'Detected on Date', 'Date', undefined, true],
  ['closing-date', 'Closing Date', 'Date'],
  ['reproducible', 'Reproducible', 'String', 1],
  ['detection-version', 'Detected in Version', 'String', 70],
  ['closing-version', 'Closed in Version', 'String', 70],
  ['estimated-fix-time', 'Estimated Fix Time', 'Integer', 5],
  ['actual-fix-time', 'Actual Fix Time', 'Integer', 5],
  ['last-modified', 'Modified', 'String', 20],
  ['ver-stamp', 'Version Stamp', 'Integer', 10],
  ['description', 'Description', 'Memo'],
  ['dev-comments', 'Comments', 'Memo'],
];

function fieldMeta([name, label, type, maxLength, required = false]: FieldDef): FieldMeta {
  const input: FieldValidationRule[] = [];
  if (required) input.push({ name: 'Not Null' });
  if (maxLength !== undefined) input.push({ name: 'Maximum length', value: maxLength });
  const sanitization = type === 'Memo' ? 'HTML' : 'Text';
  return {
    name,
    label,
    dataType: { name: type, multiple: false },
    required,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(type === 'Date' ? { format: 'YYYY-MM-DD' } : {}),
    referenceMatch: false,
    sanitization,
    inputValidations: input,
    outputValidations: [{ name: 'Sanitization', value: sanitization }],
    hidden: false,
    editable: true,
  };
}

/** The well-known fields of `collection` (defects), or none for another collection. */
export function fallbackFields(collection: string): Fields {
  return new Fields(collection, collection === 'defects' ? DEFECT_FIELDS.map(fieldMeta) : []);
}
