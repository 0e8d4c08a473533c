// The settings of defect references: the patterns, the default project for plain numbers and the
// file size above which documents are not scanned. Read per document so folder settings apply.
import * as vscode from 'vscode';
import { parseDefaultProject } from '../config/defaultProject';
import type { DefaultProjectSetting } from '../config/defaultProject';
import { parsePatterns } from './patterns';
import type { ReferencePattern } from './patterns';

export interface ReferenceSettings {
  patterns: ReferencePattern[];
  problems: string[];
  defaultProject: DefaultProjectSetting | undefined;
  /** Documents longer than this (characters) are not scanned. */
  maxFileChars: number;
}

export function readReferenceSettings(scope?: vscode.Uri): ReferenceSettings {
  const config = vscode.workspace.getConfiguration('almDefects', scope);
  const { patterns, problems } = parsePatterns(config.get<unknown>('references'));
  const kb = config.get<number>('referencesMaxFileKB', 1024);
  return {
    patterns,
    problems,
    defaultProject: parseDefaultProject(config.get<unknown>('defaultProject')),
    maxFileChars: (Number.isFinite(kb) && kb > 0 ? kb : 1024) * 1024,
  };
}

export function affectsReferences(e: vscode.ConfigurationChangeEvent): boolean {
  return ['almDefects.references', 'almDefects.defaultProject', 'almDefects.referencesMaxFileKB', 'almDefects.servers'].some((k) => e.affectsConfiguration(k));
}
