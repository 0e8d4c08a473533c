// Every command the extension contributes, by one typed name: code registers and runs commands
// through these constants only, and test/unit/structure/commands.test.ts checks the list against
// package.json's contributions, so a renamed or missing command fails a test, not a user's click.

export const COMMAND = {
  addServer: 'almDefects.addServer',
  clearFilter: 'almDefects.clearFilter',
  copyDefectId: 'almDefects.copyDefectId',
  copyDefectLink: 'almDefects.copyDefectLink',
  deleteAttachment: 'almDefects.deleteAttachment',
  editAttachmentDescription: 'almDefects.editAttachmentDescription',
  editServer: 'almDefects.editServer',
  filter: 'almDefects.filter',
  goToDefect: 'almDefects.goToDefect',
  gridExportCsv: 'almDefects.gridExportCsv',
  gridUpdateSelected: 'almDefects.gridUpdateSelected',
  groupBy: 'almDefects.groupBy',
  loadMore: 'almDefects.loadMore',
  newDefect: 'almDefects.newDefect',
  openAttachment: 'almDefects.openAttachment',
  openAttachmentExternally: 'almDefects.openAttachmentExternally',
  openDefect: 'almDefects.openDefect',
  openGrid: 'almDefects.openGrid',
  refresh: 'almDefects.refresh',
  refreshNode: 'almDefects.refreshNode',
  removeServer: 'almDefects.removeServer',
  renameAttachment: 'almDefects.renameAttachment',
  reportDefect: 'almDefects.reportDefect',
  saveAttachmentAs: 'almDefects.saveAttachmentAs',
  saveFilter: 'almDefects.saveFilter',
  showLog: 'almDefects.showLog',
  signIn: 'almDefects.signIn',
  signOut: 'almDefects.signOut',
  sortBy: 'almDefects.sortBy',
  startWork: 'almDefects.startWork',
  stopWork: 'almDefects.stopWork',
  ungroup: 'almDefects.ungroup',
  uploadAttachment: 'almDefects.uploadAttachment',
} as const;

export type CommandId = (typeof COMMAND)[keyof typeof COMMAND];
