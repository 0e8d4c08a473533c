// Checks a set of defect edits against field metadata before anything is sent.
import type { FieldProblem } from './errors';
import type { FieldCatalog, FieldValue, ListTree } from './types';

export interface ValidationContext {
  /** User names of the project, for user-reference fields; membership is not checked without it. */
  users?: readonly string[];
  /** true for a new defect: every required field must be present. Default false (an edit). */
  creating?: boolean;
}

/** Every problem of `edits`, each with its field's label; empty when the edits can be sent. */
export function validateEdits(
  edits: Record<string, FieldValue>,
  fields: FieldCatalog,
  lists: ListTree,
  context: ValidationContext = {},
): FieldProblem[] {
  void edits;
  void fields;
  void lists;
  void context;
  throw new Error('validateEdits: not implemented yet');
}
