// Public surface of the ALM client. Everything the extension needs comes from here; the files
// behind it are internal. No `vscode` import anywhere under src/api (lint-enforced).
//
//   const client = new AlmClient({ baseUrl, credentials: () => secrets.get(...), logger, tls, proxy });
//   const demo = client.project('DEFAULT', 'Demo');
//   for await (const d of demo.defects.query({ fields: ['name', 'status'], orderBy: ['-id'] })) ...
//   const lock = await demo.locks.acquire({ type: 'defect', id: 7 });
//   try { await demo.defects.update(7, { status: 'Open' }, { original }); } finally { await lock.release(); }
//   const problems = validateEdits(edits, await demo.fields('defects'), await demo.listItems());
export { AlmClient } from './client';
export { SERVER_COMPUTED_FIELDS, SERVER_DEFAULTED_FIELDS, SERVER_OWNED_FIELDS, entityTypeOf, isEmptyValue, isUserCollection, sameValue } from './fieldValues';
export { pagesOf } from './paging';
export { ID_BATCH, defectsByIds } from './byIds';
export type { AlmClientOptions, AlmLogger, ApiKeyCredentials, CallOptions, Credentials, PasswordCredentials, ProxyOptions, SignInFlow, TimeoutOptions, TlsOptions } from './options';
export type {
  AttachmentFilter,
  BulkUpdateOptions,
  BulkUpdateResult,
  AttachmentsApi,
  CollectionQuery,
  DefectsApi,
  FavoritesApi,
  HistoryApi,
  LinksApi,
  Disposable,
  Download,
  LockHandle,
  LocksApi,
  PagedQuery,
  PageRequest,
  ProjectApi,
  SaveOptions,
  SessionEvent,
  SessionInfo,
  UpdateOptions,
  UploadRequest,
  UploadSource,
} from './surface';
export type {
  Attachment,
  DataTypeName,
  Defect,
  DefectChanges,
  DomainRef,
  EntityRef,
  FieldCatalog,
  FieldDataType,
  FieldMeta,
  FieldSource,
  FieldValue,
  ListItem,
  ListTree,
  Lock,
  Page,
  ProjectRef,
  ProjectUser,
  ProjectUsers,
  TransferProgress,
} from './types';
export {
  AlmApiError,
  AuthError,
  CancelledError,
  ForbiddenError,
  LockedByOtherError,
  LockLostError,
  NetworkError,
  NotFoundError,
  SelectionGuardError,
  ServerError,
  AnswerTooLargeError,
  UnexpectedAnswerError,
  TimeoutError,
  TlsError,
  ProxyAuthError,
  ValidationError,
  VersionConflictError,
  isAlmApiError,
  isCancellation,
} from './errors';
export type { AlmErrorKind, CertificateProblem, FieldProblem } from './errors';
export { allOf, anyOf, either, eq, ge, gt, le, like, lt, ne, not, totalOrder } from './clauses';
export type { ClauseValue, Comparison, Condition, Filter, OrderBy, OrderBySpec } from './clauses';
export { RawQueryError, parseRawQuery } from './dialect/rawQuery';
export { explainProxy, resolveProxy, redactProxyUrl } from './http/proxyRules';
export { authSchemes, basicAuthorization, openTunnel, urlAuthorization } from './http/tunnel';
export type { TunnelResult } from './http/tunnel';
export { splitPem } from './http/trustStore';
export { trustedContext } from './http/dispatcher';
export { probeTls } from './http/tlsProbe';
export type { TlsProbeResult } from './http/tlsProbe';
export { describeStores } from './http/tlsDiagnosis';
export type { RestTree, WireDialect } from './dialect/dialect';
export { isValidDate, validateEdits } from './validation';
export type { ValidationContext } from './validation';
export type { AuditChange, AuditEntry, DefectHistory, DefectLink, DefectLinks, NewLink, Release, ReleaseCatalog, ReleaseCycle, GroupCount, ReferenceNames } from './types';
export { byRelevance } from './releases';
export type { Favorite, FavoriteFolder, FolderContent, NewFavorite } from './types';
export { conditionText, favoriteFilterXml, readFavoriteFilter } from './favoriteFilter';
export { readFavoriteView } from './favorites';
export type { CrossAlias } from './relations';
export type { FavoriteColumn, FavoriteView, FavoriteViewParts } from './favoriteFilter';
export type { ServerTime } from './serverTime';
