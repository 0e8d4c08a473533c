// Release-line profiles (`--alm VERSION`, issue 27): everything in which the server answers
// differently from one ALM version to another is decided here, once, and read by the routes and
// serializers through `ctx.options.profile`. Where the reference's sections disagree, the profile
// says which the server does (§16, the live 26.1, for `26.1`; the 12.5x documentation for `12.55`).

export type RestTree = 'api' | 'rest';

export type CoreJsonDialect = 'xml-mapped' | 'live-26.1';

export const ALM_VERSIONS = ['12.55', '16.0', '24.1', '26.1'] as const;
export type AlmVersion = (typeof ALM_VERSIONS)[number];

export interface AlmProfile {
  version: AlmVersion;
  /** Trees that answer: 12.5x has the seed's `/api` beside Core; 15.x and later Core only. */
  trees: readonly RestTree[];
  /** 16.00+ enforces X-XSRF-TOKEN on every request other than GET (reference §2.4). */
  xsrf: boolean;
  /** GET `authentication-point/logout`: on in 12.5x; off from 24.1 unless ENABLE_GET_LOGOUT_METHOD (§2.6). */
  getLogout: boolean;
  /**
   * Core JSON of domains and metadata: `xml-mapped` (the XML tree mapped 1:1: `{"Domain":[…]}`,
   * fields with `PhysicalName`/`List-Id`, booleans as JSON values) or `live-26.1` (§16.8 and the
   * recorded 26.1 answers: `{"Domains":{"Domain":[…]}}`, camelCase field metadata, lists with
   * `LogicalName`, users' values as strings).
   */
  coreJson: CoreJsonDialect;
  /** Reference fields carry their display name (`ReferenceValue`); 26.1 sends the id only (§16.2). */
  referenceValues: boolean;
  /** Collection rows carry `ErrorMessage`, `EntityStatus`, `children-count`; single entities `children-count` (§16.2). */
  entityStatus: boolean;
  /** A bad order-by field or page-size: 400 general-error (our 12.5x reading) or 404 `qccore.invalid-query-value` (§16.3). */
  invalidQueryValue: boolean;
  /** A logged-out session's cookies: 401 session-has-expired, or 500 "TokenId is invalid because it has logged out" (§16.1). */
  loggedOutTokenError: boolean;
  /** A write refused by a business rule (a missing release, a user outside the project): a 400 naming the field, or 500 general-error (§16.4). */
  ruleFailuresAs500: boolean;
  /** The Title of a missing required field names the field's label ("The field 'Severity' is required.", §16.4). */
  requiredFieldByLabel: boolean;
  /**
   * Memos on read: `<script>`, event attributes, `javascript:` URLs and style `url()` removed,
   * relative-source `<img>` as `<img />`, the server's layout (block elements on their own lines,
   * `<tbody>`, `<br />`) (§16.6).
   */
  memoReadBack: boolean;
  /** Empty String/Memo/list/user/single-reference values written as `[{}]` (XML `<Value></Value>`), numbers and dates as `[]` (§16.2). */
  blankEmptyValues: boolean;
  /** `rest/is-authenticated` answers XML only: 406 to a JSON-only Accept (§16.1). */
  isAuthenticatedXmlOnly: boolean;
  /**
   * Bulk bodies (`{"entities":[…]}`, `<Entities>`) are taken only under the documented collection
   * types `application/{json,xml};type=collection`; sent as plain JSON they get a 500 (an NPE: read
   * as one entity without `Fields`), as plain XML a 400, nothing committed (§16.4, §4.2).
   */
  bulkNeedsCollectionType: boolean;
}

const V12_55: AlmProfile = {
  version: '12.55',
  trees: ['api', 'rest'],
  xsrf: false,
  getLogout: true,
  coreJson: 'xml-mapped',
  referenceValues: true,
  entityStatus: false,
  invalidQueryValue: false,
  loggedOutTokenError: false,
  ruleFailuresAs500: false,
  requiredFieldByLabel: false,
  isAuthenticatedXmlOnly: false,
  memoReadBack: false,
  blankEmptyValues: false,
  bulkNeedsCollectionType: false,
};

const V16_0: AlmProfile = { ...V12_55, version: '16.0', trees: ['rest'], xsrf: true };
const V24_1: AlmProfile = { ...V16_0, version: '24.1', getLogout: false };
const V26_1: AlmProfile = {
  ...V24_1,
  version: '26.1',
  // The live 26.1 answered GET logout with 200 and ended the session (§16.1, which wins over §2.6).
  getLogout: true,
  coreJson: 'live-26.1',
  referenceValues: false,
  entityStatus: true,
  invalidQueryValue: true,
  loggedOutTokenError: true,
  ruleFailuresAs500: true,
  requiredFieldByLabel: true,
  isAuthenticatedXmlOnly: true,
  memoReadBack: true,
  blankEmptyValues: true,
  bulkNeedsCollectionType: true,
};

const PROFILES: Readonly<Record<AlmVersion, AlmProfile>> = { '12.55': V12_55, '16.0': V16_0, '24.1': V24_1, '26.1': V26_1 };

const DEFAULT_ALM_VERSION: AlmVersion = '12.55';

/** The profile of `version`; `16`, `24`, `26` and `12.5` name their line too. */
export function almProfile(version: string = DEFAULT_ALM_VERSION): AlmProfile {
  const exact = PROFILES[version as AlmVersion];
  if (exact) return exact;
  const line = ALM_VERSIONS.find((v) => v.split('.')[0] === version.split('.')[0] && (version.includes('.') ? v.startsWith(version) : true));
  if (line) return PROFILES[line];
  throw new Error(`Unknown ALM version '${version}': use one of ${ALM_VERSIONS.join(', ')}.`);
}
