// Code generated from the OpenAPI document (GET /api/openapi.json) by cmd/vademecum/tstypes_test.go. DO NOT EDIT.

export interface AccountsAcceptRequest {
  firstname: string;
  lastname: string;
  password: string;
  token: string;
}

export interface AcknowledgeRequest {
  guideline: number;
  language: string;
  version: number;
}

export interface Acknowledgement {
  acknowledgedAt: string;
  version: number;
}

export interface AcknowledgementsCollectionRequest {
  collection: number;
}

export interface AcknowledgementsLanguageRequest {
  guideline: number;
  language: string;
}

export interface ActivateRequest {
  active: boolean;
  collectionId: number;
  spaceId: number;
}

export interface ActiveCollection {
  collectionId: number;
  collectionTitle: string;
  guidelinesCount: number;
  shared: boolean;
  spaceId: number;
  spaceTitle: string;
}

export interface AddHistoryReadersRequest {
  collection: number;
  members: number[];
}

export interface AddValidatorsRequest {
  collection: number;
  emails?: string[];
  validators: number[];
}

export interface AddVersionRequest {
  glv: VersionInput;
}

export interface AddedMember {
  operation: string;
  username: string;
}

export interface Announcement {
  content: string;
  endDate?: string | null;
  id: number;
  language: string;
  startDate?: string | null;
  teaser: string;
}

export interface AnnouncementInput {
  endDate?: string | null;
  id?: number | null;
  startDate?: string | null;
  texts: AnnouncementText[];
}

export interface AnnouncementText {
  content: string;
  language: string;
  teaser: string;
}

export interface AnnouncementsRequest {
  lang: string;
}

export interface Approval {
  at: string;
  comment: string;
  name: string;
  validatorId: number;
}

export interface AsOf {
  after: Publication[];
  before: Publication[];
  canonicalLink: string;
  date: string;
  description: string;
  details: ReaderDetail[];
  expired: boolean;
  id: number;
  inForce: Publication;
  language: string;
  title: string;
  withdrawn: boolean;
}

export interface AsOfRequest {
  date: string;
  id: number;
  language: string;
}

export interface AuditRequest {
  glid: number;
  lang: string;
}

export interface AuditResult {
  checkedAt?: string | null;
  details: DetailHints[];
  status: string;
  version: number;
}

export interface AuthorDataRequest {
  guidelineId: number;
  guidelineVersion: number;
}

export interface AuthorRequest {
  author: number;
  guideline: number;
}

export interface Blob {
  hash: string;
  length: number;
  mime: string;
  name: string;
}

export interface BulkRequest {
  query: string[];
}

export interface BulkResult {
  query: string;
  user?: User | null;
}

export interface Change {
  after: Version;
  before: Version;
}

export interface ChangeEmailRequest {
  email: string;
  password: string;
}

export interface ChangePasswordRequest {
  current: string;
  password: string;
}

export interface ChangeRequest {
  guideline: number;
  language: string;
  since: number;
}

export interface Changed {
  acknowledgementMissing: boolean;
  changeComment: string;
  guidelineId: number;
  important: boolean;
  language: string;
  readVersion: number;
  title: string;
  version: number;
}

export interface CheckRequest {
  purpose: string;
  token: string;
}

export interface ChosenMember {
  email: string;
  name: string;
  userId: number;
}

export interface ClusterInfo {
  name: string;
  reachable: boolean;
  spaces: number;
}

export interface ClusterList {
  clusters: ClusterInfo[];
}

export type ClustersRequest = Record<string, never>;

export interface CoAuthorsRequest {
  guideline: number;
  id: number[];
}

export interface CodeRequest {
  code: string;
}

export interface CollectionCount {
  collectionId: number;
  collectionTitle: string;
  guidelinesCount: number;
}

export interface CollectionFilter {
  collectionId: number;
  count: number;
  spaceId: number;
  title: string;
}

export interface CollectionGuideline {
  author: User;
  id: number;
  languages: Language[];
  mainValidator?: User | null;
}

export interface CollectionGuidelinesRequest {
  collection: number;
}

export interface CollectionInput {
  admins?: number[];
  authorMayValidate?: boolean | null;
  escalateAfterDays?: number | null;
  minApprovals?: number | null;
  title: string;
  translationGraceDays?: number | null;
  visibility: string;
}

export interface CollectionRequirement {
  everyone: boolean;
  members: ChosenMember[];
  required: boolean;
  roles: string[];
}

export interface CollectionRole {
  collectionId: number;
  collectionTitle: string;
  guidelineRoles: string[];
  roles: string[];
}

export interface CollectionStats {
  guidelinesCount: number;
  memberStats: MemberStats;
  membersCount: number;
  sharedCollectionsCount: number;
}

export interface CollectionToc {
  id: number;
  timestamp?: string | null;
  tree: Folder;
  userId?: number | null;
}

export interface CollectionsAddMembersRequest {
  collection: number;
  emails?: string[];
  members: number[];
}

export interface CollectionsCollection {
  authorMayValidate: boolean;
  escalateAfterDays?: number | null;
  guidelinesCount: number;
  hasGuidelines: boolean;
  id: number;
  minApprovals: number;
  spaceId: number;
  title: string;
  translationGraceDays: number;
  visibility: string;
}

export interface CollectionsCollectionRequest {
  collectionId: number;
}

export interface CollectionsCreateRequest {
  collection: CollectionInput;
  spaceId: number;
}

export interface CollectionsDeleteRequest {
  collectionId: number;
}

export interface CollectionsMembersRequest {
  collection: number;
  limit?: number;
  offset?: number;
  query?: string;
}

export interface CollectionsSetAdminRequest {
  admin: boolean;
  collection: number;
  member: number;
}

export interface CollectionsSpaceRequest {
  spaceId: number;
}

export interface CollectionsUpdateRequest {
  collection: CollectionInput;
  collectionId: number;
}

export interface Comment {
  answers: Comment[];
  authorId: number;
  authorName: string;
  body: string;
  guidelineId: number;
  id: number;
  language: string;
  mayDelete: boolean;
  parentId?: number | null;
  timestamp: string;
}

export interface CommentsAnswerRequest {
  body: string;
  comment: number;
}

export interface CommentsCreateRequest {
  body: string;
  guideline: number;
  language: string;
}

export interface CommentsDeleteRequest {
  id: number;
}

export interface ConfirmTranslationRequest {
  guideline: number;
  language: string;
}

export interface ConsoleSpace {
  bytes?: number | null;
  certificate?: Status | null;
  cluster: string;
  id: number;
  lastActivity?: string | null;
  members: number;
  operation?: Operation | null;
  placement: string;
  rows?: number | null;
  schemaVersion: number;
  status: string;
  subdomain: string;
  title: string;
}

export interface ConsoleSpaceList {
  latestSchemaVersion: number;
  spaces: ConsoleSpace[];
  total: number;
}

export interface ConsoleSpaceRequest {
  id: number;
}

export interface ConsoleSpacesRequest {
  cluster?: string;
  from?: number;
  query?: string;
  size?: number;
  status?: string;
}

export interface Content {
  description: string;
  important: boolean;
  title: string;
}

export interface ContentGuidelineEntry {
  collectionId: number;
  collectionTitle: string;
  guidelineId: number;
  language: string;
  languages: string[];
  published: string;
  shared: boolean;
  spaceId: number;
  spaceTitle: string;
  title: string;
}

export interface ContentSpaceRequest {
  spaceId: number;
}

export interface Conversation {
  messages: Message[];
  thread: Thread;
}

export interface CopyData {
  authors: Option[];
  validators: Option[];
}

export interface CopyRequest {
  author: number;
  collection: number;
  guidelineIds: number[];
  space?: number | null;
  validator?: number | null;
}

export interface CreateDocumentRequest {
  doc: DocumentInput;
}

export interface CreateTarget {
  collectionId: number;
  collectionTitle: string;
  validators: Option[];
}

export interface CreateTocRequest {
  body: CollectionToc;
  collectionId: number;
}

export interface CustomDomain {
  createdAt: string;
  dnsName: string;
  domain: string;
  httpUrl: string;
  status: string;
  token: string;
  verifiedAt?: string | null;
  verifiedBy: string;
}

export interface DeleteAnnouncementRequest {
  id: number;
  spaceId: number;
}

export interface DeleteDocumentRequest {
  docId: number;
}

export interface DeleteMemberRequest {
  id: number;
  spaceId: number;
}

export interface DeleteMetadataRequest {
  id: number;
}

export interface DeleteUserRequest {
  userId?: number | null;
}

export interface DeleteVariableRequest {
  name: string;
  space: number;
}

export interface DetailHints {
  detailId: number;
  hints: Hint[];
}

export interface DetailInput {
  content: string;
  extern?: Extern | null;
  id?: number | null;
  rawContent: string;
  title: string;
}

export interface DetailRef {
  detailId: number;
  guidelineId: number;
  language: string;
  title: string;
}

export interface DetailRefsRequest {
  detailId: number;
}

export interface Doc {
  details: DocSection[];
  language: string;
  title: string;
  token: string;
}

export interface DocRequest {
  lang: string;
  token: string;
}

export interface DocSection {
  content: string;
  title: string;
}

export interface Document {
  archived: boolean;
  guidelineId: number;
  hash: string;
  id: number;
  length: number;
  mime: string;
  name: string;
  timestamp: string;
  url: string;
}

export interface DocumentInput {
  guidelineId: number;
  hash: string;
  name: string;
}

export interface DocumentUpdate {
  archived: boolean;
  id: number;
  name: string;
}

export interface DomainRequest {
  domain: string;
  spaceId: number;
}

export interface DomainsSpaceRequest {
  spaceId: number;
}

export interface DraftRequest {
  guideline: number;
  version: number;
}

export interface EmailChange {
  email: string;
  expiresAt: string;
}

export interface EmailRequest {
  email: string;
}

export interface EndSessionRequest {
  id: number;
}

export interface EndUserSessionsRequest {
  user: number;
}

export interface Enrolment {
  qr: string;
  secret: string;
  uri: string;
}

export interface EntryActor {
  email: string;
  id?: number | null;
  name: string;
}

export interface EntryTarget {
  id?: number | null;
  label: string;
  type: string;
}

export interface Error {
  message: string;
  params?: Record<string, unknown>;
}

export interface Event {
  comment: string;
  kind: string;
  revision?: number | null;
  time: string;
  title: string;
  user: string;
  version: number;
}

export interface Expiration {
  language: string;
  time: string;
}

export interface ExpirationRequest {
  guideline: number;
  time: string;
}

export interface ExportRequest {
  language: string;
}

export interface Extern {
  detail: number;
  guideline: number;
  language: string;
}

export interface ExternText {
  available: boolean;
  content: string;
  detail: number;
  guideline: number;
  guidelineTitle: string;
  language: string;
  title: string;
}

export interface Favorites {
  collections: FavoritesCollection[];
  guidelines: FavoritesGuideline[];
}

export interface FavoritesCollection {
  collection: number;
  shared: boolean;
  space: number;
  title: string;
}

export interface FavoritesCollectionRequest {
  collection: number;
  space?: number | null;
}

export interface FavoritesGuideline {
  guideline: number;
  language: string;
  shared: boolean;
  space: number;
  title: string;
}

export interface FavoritesGuidelineRequest {
  guideline: number;
  language: string;
  space?: number | null;
}

export interface FeedbackAnswerRequest {
  feedback: number;
  text: string;
}

export interface FilterRequest {
  action?: string;
  actor?: number;
  since?: string;
  spaceId?: number;
  until?: string;
}

export interface FixRequest {
  comment: string;
  guidelineId: number;
  guidelineVersion: number;
}

export interface Folder {
  folders: Folder[];
  id: string;
  items: Item[];
  name: string;
}

export interface FullToc {
  collectionTitle: string;
  id: number;
  timestamp?: string | null;
  tree: Folder;
  unsortedGuidelines: TocGuidelineEntry[];
  userId?: number | null;
}

export interface Gap {
  count: number;
  lastDay: string;
  query: string;
}

export interface Gaps {
  gaps: Gap[];
}

export interface GuidelineDocumentsRequest {
  guidelineId: number;
}

export interface GuidelineMetadata {
  metadataId: number;
  names: Texts;
  optionId: number;
  optionNames: Texts;
}

export interface GuidelinesAbilities {
  edit: boolean;
  manageAuthors: boolean;
  settings: boolean;
}

export interface GuidelinesCreateRequest {
  collection: number;
  validator?: number | null;
}

export interface GuidelinesDetail {
  content: string;
  extern?: Extern | null;
  id: number;
  index: number;
  rawContent: string;
  title: string;
}

export interface GuidelinesGuidelineRequest {
  id: number;
}

export interface GuidelinesVersionInfo {
  created: string;
  createdBy: string;
  published: boolean;
  title: string;
  version: number;
}

export interface Hint {
  error?: string;
  fix: string;
  issue: string;
  url: string;
}

export interface HistoryReadersRequest {
  collection: number;
}

export interface IDRequest {
  id: number;
}

export interface IDsRequest {
  ids: number[];
}

export interface ImportantChange {
  collectionId: number;
  collectionTitle: string;
  comment: string;
  guidelineId: number;
  id: string;
  language: string;
  languages: string[];
  published: string;
  shared: boolean;
  spaceId: number;
  spaceTitle: string;
  title: string;
}

export interface ImportantChanges {
  items: ImportantChange[];
  total: number;
}

export interface ImportantChangesRequest {
  from?: number | null;
  size?: number | null;
}

export interface Info {
  abilities: GuidelinesAbilities;
  author: User;
  coAuthors: User[];
  collectionId: number;
  collectionTitle: string;
  created: string;
  id: number;
  languages: Language[];
  mainValidator?: User | null;
  validationInterval: number;
}

export interface InfoRequest {
  id: number;
  language: string;
}

export interface Invitation {
  expiresAt: string;
  pending: boolean;
  sentAt: string;
}

export interface InvitationRequest {
  spaceId: number;
  user: number;
}

export interface Item {
  glid?: number | null;
  id: string;
  language: string;
  languages?: string[];
  link: string;
  name: string;
  space?: number | null;
  title?: string;
  type: string;
}

export interface Landing {
  email: string;
  space: string;
}

export interface LandingOrder {
  nationalSpaces: number[];
  spaces: number[];
}

export interface LandingPage {
  mySpaces: Space[];
  nationalSpaces: Space[];
  nationalTotal: number;
  spaces: Space[];
  total: number;
}

export interface Language {
  language: string;
  latestVersion: number;
  publishedVersion?: number | null;
  states: string[];
  title: string;
  validUntil?: string | null;
}

export interface LanguageChange {
  guidelineId: number;
  language: string;
}

export interface LanguageInfo {
  language: string;
  title: string;
}

export interface LanguagesRequest {
  guidelineId: number;
  space?: number | null;
}

export interface LatestRequest {
  id: number;
  language: string;
}

export interface LinkInfo {
  error: string;
  normalized: string;
  params: LinkParams;
  title: string;
  type: string;
  url: string;
}

export interface LinkInfoRequest {
  link: string;
  params?: LinkParams;
}

export interface LinkParams {
  language: string;
}

export interface ListRequest {
  id: number;
  language: string;
}

export interface LogEntry {
  action: string;
  actor: EntryActor;
  at: string;
  clientAddr: string;
  details: Record<string, unknown>;
  id: number;
  spaceId?: number | null;
  spaceTitle: string;
  target: EntryTarget;
  userAgent: string;
}

export interface LoginData {
  created: string;
  email: string;
  id: number;
  primary: boolean;
  provider: string;
  verified: boolean;
}

export interface LoginRequest {
  email: string;
  user: number;
}

export interface MaintenanceCollectionRequest {
  collection: number;
  space?: number | null;
}

export interface MaintenanceSpaceRequest {
  space: number;
}

export interface ManagedAnnouncement {
  endDate?: string | null;
  id: number;
  startDate?: string | null;
  texts: AnnouncementText[];
}

export interface MarkdownRequest {
  id: number;
  lang: string;
}

export interface Member {
  about: string;
  admin: boolean;
  firstname: string;
  id: number;
  invitation?: Invitation | null;
  isAuthor: boolean;
  language: string;
  lastname: string;
  title: string;
  username: string;
  weeklyReminder: boolean;
}

export interface MemberStats {
  authorsCount: number;
  othersCount: number;
  totalMembers: number;
  validatorsCount: number;
}

export interface MembershipRequest {
  createdAt: string;
  id: number;
  message: string;
  spaceId: number;
  status: string;
  user: User;
}

export interface Message {
  authorId: number;
  authorName: string;
  id: number;
  mine: boolean;
  text: string;
  timestamp: string;
}

export interface Metadata {
  descriptions: Texts;
  id: number;
  names: Texts;
  options: SpacesMetadataOption[];
}

export interface MetadataChoice {
  metadataId: number;
  optionId: number;
}

export interface MetadataCount {
  count: number;
  metadataId: number;
  optionId: number;
}

export interface MetadataInput {
  descriptions: Texts;
  id?: number | null;
  names: Texts;
  options: OptionInput[];
}

export interface MoveSpaceRequest {
  cluster: string;
  id: number;
  placement: string;
}

export interface MyData {
  logins: LoginData[];
  membershipRequests: MembershipRequest[];
  profile: Profile;
  sessions: number;
  spaces: SpaceMembership[];
}

export interface MyGuideline {
  collection: string;
  collectionId: number;
  edited: string;
  id: number;
  language: string;
  languages: string[];
  latestVersion: number;
  online: boolean;
  role: string;
  states: string[];
  title: string;
  validUntil?: string | null;
}

export interface Navigation {
  collectionAdmin: boolean;
  collectionAdminTasks: number;
  dashboard: boolean;
  dashboardTasks: number;
  spaceAdmin: boolean;
  spaceAdminTasks: number;
  spaceMember: boolean;
  spaceMemberTasks: number;
  superAdmin: boolean;
  validator: boolean;
  validatorTasks: number;
}

export interface Note {
  author: string;
  content: string;
  created: string;
  id: number;
  language: string;
}

export interface NotesRequest {
  glid: number;
}

export interface Notification {
  action: string;
  approvals?: number | null;
  collectionId?: number | null;
  feedbackId?: number | null;
  guidelineId?: number | null;
  id: number;
  language?: string | null;
  requiredApprovals?: number | null;
  revision?: number | null;
  role: string;
  seen: boolean;
  senderName: string;
  timestamp: string;
  title: string;
  url: string;
}

export interface NotifySeenRequest {
  notificationIds: number[];
}

export interface OnlineChange {
  guidelineId: number;
  language: string;
  online: boolean;
}

export interface Operation {
  createdAt: string;
  error?: OperationError | null;
  finishedAt?: string | null;
  id: number;
  kind: string;
  progress: number;
  spaceId: number;
  startedAt?: string | null;
  state: string;
  step: string;
  stepParams: Record<string, unknown>;
}

export interface OperationError {
  message: string;
  params: Record<string, unknown>;
}

export interface OperationRequest {
  id: number;
}

export interface Option {
  label: string;
  value: number;
}

export interface OptionInput {
  descriptions: Texts;
  id?: number | null;
  names: Texts;
}

export interface Overview {
  available: SharedCollection[];
  shared: SharedCollection[];
}

export interface OverviewRequest {
  spaceId: number;
}

export interface Page {
  entries: LogEntry[];
  from: number;
  hasMore: boolean;
  size: number;
}

export interface PageRequest {
  from?: number;
  query?: string;
  size?: number;
}

export interface PasswordRequest {
  password: string;
}

export interface PdfReaderRequest {
  asOf: string;
  guidelineid: number;
  language: string;
  space?: number | null;
}

export interface Person {
  acknowledgedAt?: string | null;
  acknowledgedVersion?: number | null;
  done: boolean;
  email: string;
  name: string;
  remindedAt?: string | null;
  userId: number;
}

export interface PlaceRequest {
  collection: number;
  guideline: number;
  validator?: number | null;
}

export interface PreviewRequest {
  id: number;
  language: string;
  space: number;
}

export interface PreviewSpace {
  shared: boolean;
  spaceId: number;
  spaceTitle: string;
}

export interface PreviewSpacesRequest {
  id: number;
}

export interface Profile {
  about: string;
  adminOfCollections: number[];
  canImpersonate: boolean;
  collections: number[];
  darkMode: boolean;
  emailVerified: boolean;
  firstname: string;
  hasGuidelines: boolean;
  id: number;
  language: string;
  lastname: string;
  preferCollapsed: boolean;
  roles: string[];
  spaces: number[];
  superAdmin: boolean;
  title: string;
  username: string;
  validatorOfCollections: number[];
  weeklyReminder: boolean;
}

export interface ProfileUpdate {
  about: string;
  darkMode: boolean;
  firstname: string;
  lastname: string;
  preferCollapsed: boolean;
  title: string;
  weeklyReminder: boolean;
}

export interface Provider {
  clientId: string;
  clientSecretSet: boolean;
  emailDomains: string[];
  enabled: boolean;
  id: number;
  issuer: string;
  label: string;
  logins: number;
  spaces: number[];
}

export interface ProviderInput {
  clearClientSecret: boolean;
  clientId: string;
  clientSecret: string;
  emailDomains: string[];
  enabled: boolean;
  id?: number | null;
  issuer: string;
  label: string;
  spaces: number[];
}

export interface Providers {
  providers: Provider[];
  redirectUri: string;
}

export interface Publication {
  comment: string;
  from: string;
  kind: string;
  until?: string | null;
  validFrom: string;
  validUntil?: string | null;
  validator: string;
  version: number;
}

export interface QueryRequest {
  action?: string;
  actor?: number;
  from?: number;
  since?: string;
  size?: number;
  spaceId?: number;
  until?: string;
}

export interface ReaderAbilities {
  mayComment: boolean;
  mayEdit: boolean;
  mayReadHistory: boolean;
}

export interface ReaderDetail {
  content: string;
  extern?: ExternText | null;
  id: number;
  index: number;
  title: string;
}

export interface ReaderGuideline {
  abilities: ReaderAbilities;
  canonicalLink: string;
  changeComment: string;
  collection: Ref;
  description: string;
  details: ReaderDetail[];
  firstPublishedDate?: string | null;
  id: number;
  importantChange: boolean;
  language: string;
  languages: string[];
  metadata: GuidelineMetadata[];
  requestedLanguage: string;
  sinceRead?: Since | null;
  sourceSpace?: Ref | null;
  tags: string[];
  title: string;
  translationOutdated?: TranslationNotice | null;
  validFrom?: string | null;
  validUntil?: string | null;
  validationDate?: string | null;
  validator: string;
  version: number;
}

export interface ReaderGuidelineRequest {
  id: number;
  language: string;
  space?: number | null;
}

export interface ReaderToc {
  collectionId: number;
  spaceId: number;
  title: string;
  tree: Folder;
}

export interface RecentRequest {
  collectionId?: string | number | null | null;
  lang: string;
  limit?: number | null;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface Ref {
  id: number;
  title: string;
}

export interface RejectRequest {
  comment: string;
  revision: number;
}

export interface ReleaseNote {
  description: string;
  released: string;
  tagName: string;
}

export interface Reminded {
  reminded: number;
  skipped: number;
}

export interface RemoveHistoryReaderRequest {
  collection: number;
  member: number;
}

export interface RemoveMemberRequest {
  collection: number;
  member: number;
}

export interface RemoveValidatorRequest {
  collection: number;
  validator: number;
}

export interface Report {
  collection: number;
  done: number;
  missing: number;
  people: Person[];
  requirement: Requirement;
  title: string;
  version: number;
}

export interface Request {
  collections: string[];
  from: number;
  language: string;
  metadata: Record<string, number[]>;
  query: string;
  size: number;
}

export interface RequestData {
  approvals: Approval[];
  authorId: number;
  coAuthorIds: number[];
  collectionId: number;
  collectionTitle: string;
  comment: string;
  creatorId: number;
  description: string;
  expiringSoon: boolean;
  guidelineId: number;
  guidelineTitle: string;
  guidelineVersion: number;
  important: boolean;
  importantChange: boolean;
  kind: string;
  language: string;
  progress: string;
  publishedVersion?: number | null;
  read: boolean;
  requiredApprovals: number;
  revision: number;
  timestampCompleted?: string | null;
  timestampCreated: string;
  title: string;
  validatorComment: string;
  validatorId?: number | null;
}

export interface RequestMembershipRequest {
  message: string;
}

export interface RequestsRequest {
  spaceId: number;
}

export interface RequireRequest {
  collection?: number | null;
  guideline?: number | null;
  members?: number[];
  required: boolean;
  roles?: string[];
}

export interface Requirement {
  everyone: boolean;
  fromCollection: boolean;
  members: number[];
  required: boolean;
  roles: string[];
}

export interface ResetRequest {
  password: string;
  token: string;
}

export interface ResetSecondFactorRequest {
  user: number;
}

export interface Response {
  collectionFilters: CollectionFilter[];
  corrected: boolean;
  filteredHits: number;
  metadataCounts: MetadataCount[];
  results: SearchResult[];
  signIn: boolean;
  suggestion: string;
  took: number;
  totalHits: number;
  unseen: Unseen;
}

export interface RevisionRequest {
  revision: number;
}

export interface SaveAnnouncementRequest {
  announcement: AnnouncementInput;
  spaceId: number;
}

export interface SaveDocRequest {
  details: DocSection[];
  lang: string;
  title: string;
  token: string;
}

export interface SaveMetadataRequest {
  metadata: MetadataInput;
}

export interface SaveRequest {
  provider: ProviderInput;
}

export interface SaveTemplateRequest {
  template: TemplateInput;
}

export interface SearchDetail {
  highlight: string;
  id: number;
  title: string;
}

export interface SearchMetadataOption {
  metadataId: number;
  optionId: number;
}

export interface SearchResult {
  collectionId: number;
  collectionSpaceId: number;
  collectionSpaceTitle: string;
  collectionTitle: string;
  details: SearchDetail[];
  guidelineId: number;
  highlight: string;
  language: string;
  languages: string[];
  metadata: SearchMetadataOption[];
  score: number;
  spaceId: number;
  title: string;
  titleHighlight: string;
}

export interface SearchSpaceRequest {
  spaceId: number;
}

export interface SearchTag {
  boost: boolean;
  tag: string;
}

export interface SecondFactor {
  enrolled: boolean;
  recoveryCodesLeft: number;
  required: boolean;
  session: boolean;
}

export interface SeenRevision {
  guidelineId: number;
  revision: number;
  version: number;
}

export interface SendRequest {
  guideline: number;
  language: string;
  subject?: string;
  text: string;
}

export interface SessionInfo {
  address: string;
  created: string;
  current: boolean;
  id: number;
  lastSeen: string;
  userAgent: string;
}

export interface SetMetadataRequest {
  guidelineId: number;
  metadata: MetadataChoice[];
}

export interface SetSpaceMetadataRequest {
  metadataIds: number[];
  spaceId: number;
}

export interface SetSynonymsRequest {
  language: string;
  spaceId: number;
  synonyms: string[][];
}

export interface Settings {
  mainValidator?: number | null;
  validationInterval: number;
  validators: Option[];
}

export interface SettingsRequest {
  guideline: number;
  validationInterval: number;
  validator?: number | null;
}

export interface ShareEntry {
  active: boolean;
  fromSpaceTitle: string;
  id: number;
  title: string;
  toSpaceId: number;
  toSpaceTitle: string;
}

export interface ShareRequest {
  collectionId: number;
  spaceId: number;
}

export interface ShareRequestsRequest {
  collectionId: number;
}

export interface SharedCollection {
  id: number;
  shares: ShareEntry[];
  spaceId: number;
  spaceTitle: string;
  title: string;
  visibility: string;
}

export interface SignInMethod {
  provider?: SignInOption | null;
}

export interface SignInMethodRequest {
  email: string;
}

export interface SignInOption {
  id: number;
  label: string;
}

export interface SignInOptions {
  providers: SignInOption[];
}

export interface SignupRequest {
  email: string;
  firstname: string;
  lastname: string;
  password: string;
}

export interface Since {
  acknowledgedVersion?: number | null;
  readVersion?: number | null;
  required: boolean;
}

export interface Space {
  accentColor: string;
  adminsNeedSecondFactor: boolean;
  color: string;
  emailDomains: string[];
  id: number;
  lpvisible: boolean;
  member: boolean;
  national: boolean;
  position: number;
  public: boolean;
  selfSignup: boolean;
  subdomain: string;
  tags: string[];
  title: string;
  variables: Record<string, string>;
}

export interface SpaceInput {
  accentColor: string;
  adminsNeedSecondFactor?: boolean | null;
  cluster?: string;
  color: string;
  emailDomains: string[];
  icon?: string | null;
  id?: number | null;
  logo?: string | null;
  lpvisible: boolean;
  national: boolean;
  placement?: string;
  position: number;
  public: boolean;
  selfSignup?: boolean | null;
  subdomain: string;
  title: string;
}

export interface SpaceList {
  spaces: Space[];
  total: number;
}

export interface SpaceListRequest {
  from?: number;
  ids?: number[];
  query?: string;
  size?: number;
}

export interface SpaceMembership {
  admin: boolean;
  since: string;
  spaceId: number;
  title: string;
}

export interface SpaceMetadataRequest {
  spaceId: number;
}

export interface SpaceRole {
  collectionRoles: CollectionRole[];
  roles: string[];
  space: string;
  spaceId: number;
}

export interface SpaceStats {
  collectionStats: CollectionCount[];
  memberStats: MemberStats;
  totalGuidelinesCount: number;
}

export interface SpaceStatsRequest {
  spaceId: number;
}

export interface SpacesAddMembersRequest {
  spaceId: number;
  users: string[];
}

export interface SpacesAnswerRequest {
  accept: boolean;
  id: number;
}

export interface SpacesDeleteRequest {
  id: number;
}

export interface SpacesMembersRequest {
  limit?: number;
  offset?: number;
  query?: string;
  space: number;
}

export interface SpacesMetadataOption {
  descriptions: Texts;
  id: number;
  names: Texts;
}

export interface SpacesSearchRequest {
  query: string;
}

export interface SpacesSetAdminRequest {
  admin: boolean;
  id: number;
  spaceId: number;
}

export interface SpacesSpaceRequest {
  idOrDomain: string;
}

export interface SsoDeleteRequest {
  id: number;
}

export interface StatsRequest {
  collectionId: number;
}

export interface Status {
  error: string;
  errorAt?: string | null;
  issuer: string;
  names: string[];
  notAfter?: string | null;
}

export interface SubmitData {
  canHotfix: boolean;
  hotfixBlockedBy: string;
  importantChange: boolean;
  isAlreadySubmitted: boolean;
  language: string;
  latestProgress: string;
  latestVersion: number;
  openKind: string;
  openRevision?: number | null;
  publishedVersion?: number | null;
}

export interface SubmitRequest {
  guidelineId: number;
  guidelineVersion: number;
  validation: Content;
}

export interface SuggestRequest {
  query: string;
}

export interface Suggestion {
  collectionId: number;
  collectionSpaceId: number;
  guidelineId: number;
  kind: string;
  language: string;
  sectionId: number;
  sectionTitle: string;
  snippet: string;
  spaceId: number;
  text: string;
}

export interface Synonyms {
  synonyms: Record<string, string[][]>;
}

export interface Task {
  failed: boolean;
  id: number;
  message: string;
  name: string;
  progress: number;
  started: string;
  updated: string;
}

export interface Template {
  content: string;
  createdByName: string;
  id: number;
  language: string;
  mayChange: boolean;
  title: string;
  updated: string;
}

export interface TemplateInput {
  content: string;
  id?: number | null;
  language: string;
  title: string;
}

export interface TemplateRequest {
  id: number;
}

export interface TemplatesRequest {
  language: string;
}

export interface Texts {
  de: string;
  en: string;
  fr: string;
  it: string;
}

export interface Thread {
  count: number;
  guidelineId: number;
  id: number;
  language: string;
  lastAt: string;
  lastAuthorName: string;
  lastText: string;
  senderId: number;
  senderName: string;
  sent: boolean;
  subject: string;
  title: string;
  unread: boolean;
}

export interface TimelineRequest {
  guideline: number;
  lang: string;
}

export interface TocCollection {
  collectionId: number;
  collectionTitle: string;
  guidelinesCount: number;
  hasToc: boolean;
}

export interface TocCollectionRequest {
  collection: number;
}

export interface TocGuidelineEntry {
  glid: number;
  language: string;
  languages: string[];
  title: string;
}

export interface TocReaderGuideline {
  guidelineId: number;
  language: string;
  languages: string[];
  space?: number | null;
  title: string;
}

export interface TocReaderRequest {
  collectionId: number;
  space?: number | null;
}

export interface TocUpdateRequest {
  collection: number;
  f: Folder;
}

export interface TokenInfo {
  email: string;
  expiresAt: string;
  inviter: string;
  space: string;
  spaceTitle: string;
}

export interface TokenRequest {
  token: string;
}

export interface TranslationNotice {
  outdatedSince: string;
  sourceLanguage: string;
}

export interface TranslationStatus {
  confirmedAt?: string | null;
  confirmedBy?: number | null;
  confirmedByName: string;
  currentSourceVersion: number;
  language: string;
  outdated: boolean;
  outdatedSince?: string | null;
  sourceLanguage: string;
  sourceVersion?: number | null;
}

export interface TranslationStatusRequest {
  guideline: number;
}

export interface Unseen {
  expired: number;
  hidden: number;
}

export interface UpdateDocumentRequest {
  doc: DocumentUpdate;
}

export interface UpdateSpaceRequest {
  space: SpaceInput;
}

export interface UpdateUserRequest {
  u: ProfileUpdate;
}

export interface User {
  about: string;
  firstname: string;
  id: number;
  language: string;
  lastname: string;
  title: string;
  username: string;
  weeklyReminder: boolean;
}

export interface UserData {
  id: number;
  logins: LoginData[];
  similarUsers: User[];
  spaceRoles: SpaceRole[];
  username: string;
}

export interface UserDataRequest {
  username: string;
}

export interface UserRequest {
  id: number;
}

export interface UsersLanguageRequest {
  language: string;
}

export interface UsersSearchRequest {
  query: string;
}

export interface VademecumVersionInfo {
  version: string;
}

export interface Validated {
  ids: number[];
  message: string;
  params: Record<string, unknown>;
}

export interface Validation {
  approvals: Approval[];
  collectionId: number;
  collectionTitle: string;
  comment: string;
  creatorId: number;
  description: string;
  guidelineId: number;
  guidelineTitle: string;
  guidelineVersion: number;
  important: boolean;
  kind: string;
  language: string;
  progress: string;
  read: boolean;
  requiredApprovals: number;
  revision: number;
  timestampCompleted?: string | null;
  timestampCreated: string;
  title: string;
  validatorComment: string;
  validatorId?: number | null;
}

export interface ValidationAcceptRequest {
  comment: string;
  revision: number;
  validationContent: Content;
}

export interface ValidationGuidelineRequest {
  guideline: number;
}

export interface ValidationLanguageRequest {
  guideline: number;
  language: string;
}

export interface ValidationSeenRequest {
  read: boolean;
  revisions: SeenRevision[];
}

export interface ValidationUpdateRequest {
  data: Content;
  guidelineId: number;
  revision: number;
  version: number;
}

export interface ValidationsRequest {
  backUntil?: string | null;
}

export interface Validator {
  about: string;
  admin: boolean;
  firstname: string;
  id: number;
  invitation?: Invitation | null;
  isAuthor: boolean;
  language: string;
  lastname: string;
  mainValidatorOf: number;
  title: string;
  username: string;
  weeklyReminder: boolean;
}

export interface ValidatorsRequest {
  collection: number;
}

export interface VariableRequest {
  name: string;
  space: number;
  value: string;
}

export interface Version {
  authorId: number;
  coAuthorIds: number[];
  collectionId: number;
  collectionTitle: string;
  created: string;
  createdBy: number;
  description: string;
  details: GuidelinesDetail[];
  id: number;
  language: string;
  languages: Language[];
  mainValidatorId?: number | null;
  searchTags: SearchTag[];
  tags: string[];
  title: string;
  validationInterval: number;
  version: number;
}

export interface VersionInput {
  description: string;
  details: DetailInput[];
  guidelineId: number;
  language: string;
  searchTags: SearchTag[];
  tags: string[];
  title: string;
}

export interface VersionRequest {
  id: number;
  version: number;
}

export interface VideoProgress {
  doc: number;
  seconds: number;
}

export interface VideoProgressUpdate {
  doc: number;
  seconds: number;
}

export interface VideoRequest {
  doc: number;
}

/** The JSON calls by name (group/kind/name) with their request and response. */
export interface Endpoints {
  'admin/collectionadmin/mutation/addCollectionMembers': { request: CollectionsAddMembersRequest; response: Member[] };
  'admin/collectionadmin/mutation/addCollectionValidators': { request: AddValidatorsRequest; response: Validator[] };
  'admin/collectionadmin/mutation/addHistoryReaders': { request: AddHistoryReadersRequest; response: Member[] };
  'admin/collectionadmin/mutation/remindAcknowledgement': { request: AcknowledgementsLanguageRequest; response: Reminded };
  'admin/collectionadmin/mutation/removeCollectionMember': { request: RemoveMemberRequest; response: Member[] };
  'admin/collectionadmin/mutation/removeCollectionValidator': { request: RemoveValidatorRequest; response: Validator[] };
  'admin/collectionadmin/mutation/removeHistoryReader': { request: RemoveHistoryReaderRequest; response: Member[] };
  'admin/collectionadmin/mutation/requireAcknowledgement': { request: RequireRequest; response: Requirement };
  'admin/collectionadmin/mutation/setCollectionAdmin': { request: CollectionsSetAdminRequest; response: Member[] };
  'admin/collectionadmin/query/acknowledgements': { request: AcknowledgementsLanguageRequest; response: Report };
  'admin/collectionadmin/query/collectionAcknowledgement': { request: AcknowledgementsCollectionRequest; response: CollectionRequirement };
  'admin/collectionadmin/query/collectionMembers': { request: CollectionsMembersRequest; response: Member[] };
  'admin/collectionadmin/query/collectionShareRequests': { request: ShareRequestsRequest; response: ShareEntry[] };
  'admin/collectionadmin/query/collectionValidators': { request: ValidatorsRequest; response: Validator[] };
  'admin/collectionadmin/query/collections': { request: Record<string, never>; response: CollectionsCollection[] };
  'admin/collectionadmin/query/historyReaders': { request: HistoryReadersRequest; response: Member[] };
  'admin/maintenance/mutation/copyGuidelines': { request: CopyRequest; response: Task };
  'admin/maintenance/mutation/startReindexGuidelines': { request: Record<string, never>; response: Task };
  'admin/maintenance/mutation/startReindexUsers': { request: Record<string, never>; response: Task };
  'admin/maintenance/query/copyGuidelineCollections': { request: MaintenanceSpaceRequest; response: Option[] };
  'admin/maintenance/query/copyGuidelineData': { request: MaintenanceCollectionRequest; response: CopyData };
  'admin/maintenance/query/copyGuidelineSpaces': { request: Record<string, never>; response: Option[] };
  'admin/maintenance/query/maintenanceTasks': { request: Record<string, never>; response: Task[] };
  'admin/maintenance/query/validatedGuidelines': { request: IDsRequest; response: Validated };
  'admin/mutation/activateSharedCollection': { request: ActivateRequest; response: Overview };
  'admin/mutation/addCustomDomain': { request: DomainRequest; response: CustomDomain };
  'admin/mutation/addUserLogin': { request: LoginRequest; response: UserData };
  'admin/mutation/createCollection': { request: CollectionsCreateRequest; response: CollectionsCollection };
  'admin/mutation/deleteCollection': { request: CollectionsDeleteRequest; response: boolean };
  'admin/mutation/deleteIdentityProvider': { request: SsoDeleteRequest; response: boolean };
  'admin/mutation/deleteMetadata': { request: DeleteMetadataRequest; response: boolean };
  'admin/mutation/deleteSpace': { request: SpacesDeleteRequest; response: boolean };
  'admin/mutation/deleteSpaceVariable': { request: DeleteVariableRequest; response: Space };
  'admin/mutation/deleteUserLogin': { request: LoginRequest; response: boolean };
  'admin/mutation/endUserSessions': { request: EndUserSessionsRequest; response: number };
  'admin/mutation/migrateSpace': { request: ConsoleSpaceRequest; response: Operation };
  'admin/mutation/moveGuideline': { request: PlaceRequest; response: boolean };
  'admin/mutation/moveSpace': { request: MoveSpaceRequest; response: Operation };
  'admin/mutation/removeCustomDomain': { request: DomainRequest; response: Record<string, never> };
  'admin/mutation/resetSecondFactor': { request: ResetSecondFactorRequest; response: boolean };
  'admin/mutation/resumeSpace': { request: ConsoleSpaceRequest; response: ConsoleSpace };
  'admin/mutation/saveDoc': { request: SaveDocRequest; response: Doc };
  'admin/mutation/saveIdentityProvider': { request: SaveRequest; response: Provider };
  'admin/mutation/saveMetadata': { request: SaveMetadataRequest; response: Metadata };
  'admin/mutation/setMetadata': { request: SetMetadataRequest; response: GuidelineMetadata[] };
  'admin/mutation/setSearchSynonyms': { request: SetSynonymsRequest; response: Synonyms };
  'admin/mutation/setSpaceMetadata': { request: SetSpaceMetadataRequest; response: Metadata[] };
  'admin/mutation/setSpaceVariable': { request: VariableRequest; response: Space };
  'admin/mutation/suspendSpace': { request: ConsoleSpaceRequest; response: ConsoleSpace };
  'admin/mutation/updateCollection': { request: CollectionsUpdateRequest; response: CollectionsCollection };
  'admin/mutation/updateSpace': { request: UpdateSpaceRequest; response: Space };
  'admin/mutation/updateUserEmail': { request: LoginRequest; response: UserData };
  'admin/mutation/verifyCustomDomain': { request: DomainRequest; response: CustomDomain };
  'admin/query/allMetadata': { request: Record<string, never>; response: Metadata[] };
  'admin/query/auditLog': { request: QueryRequest; response: Page };
  'admin/query/clusters': { request: ClustersRequest; response: ClusterList };
  'admin/query/collectionGuidelines': { request: CollectionGuidelinesRequest; response: CollectionGuideline[] };
  'admin/query/collectionStats': { request: StatsRequest; response: CollectionStats };
  'admin/query/collections': { request: CollectionsSpaceRequest; response: CollectionsCollection[] };
  'admin/query/consoleSpaces': { request: ConsoleSpacesRequest; response: ConsoleSpaceList };
  'admin/query/customDomains': { request: DomainsSpaceRequest; response: CustomDomain[] };
  'admin/query/identityProviders': { request: Record<string, never>; response: Providers };
  'admin/query/searchGaps': { request: SearchSpaceRequest; response: Gaps };
  'admin/query/searchSynonyms': { request: SearchSpaceRequest; response: Synonyms };
  'admin/query/spaceMetadata': { request: SpaceMetadataRequest; response: Metadata[] };
  'admin/query/spaceOperation': { request: OperationRequest; response: Operation };
  'admin/query/spaceStats': { request: SpaceStatsRequest; response: SpaceStats };
  'admin/query/spaces': { request: SpaceListRequest; response: SpaceList };
  'admin/query/userData': { request: UserDataRequest; response: UserData };
  'admin/spaceadmin/mutation/addSpaceMembers': { request: SpacesAddMembersRequest; response: AddedMember[] };
  'admin/spaceadmin/mutation/answerMembershipRequest': { request: SpacesAnswerRequest; response: MembershipRequest };
  'admin/spaceadmin/mutation/createSharedCollection': { request: ShareRequest; response: Overview };
  'admin/spaceadmin/mutation/deleteAnnouncement': { request: DeleteAnnouncementRequest; response: boolean };
  'admin/spaceadmin/mutation/deleteSharedCollection': { request: ShareRequest; response: Overview };
  'admin/spaceadmin/mutation/deleteSpaceMember': { request: DeleteMemberRequest; response: boolean };
  'admin/spaceadmin/mutation/resendInvitation': { request: InvitationRequest; response: boolean };
  'admin/spaceadmin/mutation/revokeInvitation': { request: InvitationRequest; response: boolean };
  'admin/spaceadmin/mutation/saveAnnouncement': { request: SaveAnnouncementRequest; response: ManagedAnnouncement };
  'admin/spaceadmin/mutation/setSpaceAdmin': { request: SpacesSetAdminRequest; response: Member[] };
  'admin/spaceadmin/query/announcements': { request: ContentSpaceRequest; response: ManagedAnnouncement[] };
  'admin/spaceadmin/query/membershipRequests': { request: RequestsRequest; response: MembershipRequest[] };
  'admin/spaceadmin/query/sharedCollections': { request: OverviewRequest; response: Overview };
  'admin/spaceadmin/query/spaceMembers': { request: SpacesMembersRequest; response: Member[] };
  'author/mutation/addGuidelineCoAuthors': { request: CoAuthorsRequest; response: number[] };
  'author/mutation/addGuidelineVersion': { request: AddVersionRequest; response: number };
  'author/mutation/archiveGuidelineLanguage': { request: LanguageChange; response: Language[] };
  'author/mutation/confirmTranslation': { request: ConfirmTranslationRequest; response: TranslationStatus[] };
  'author/mutation/copyGuideline': { request: PlaceRequest; response: number };
  'author/mutation/createDocument': { request: CreateDocumentRequest; response: Document };
  'author/mutation/createGuideline': { request: GuidelinesCreateRequest; response: number };
  'author/mutation/deleteDocument': { request: DeleteDocumentRequest; response: boolean };
  'author/mutation/deleteTemplate': { request: TemplateRequest; response: boolean };
  'author/mutation/removeGuidelineCoAuthors': { request: CoAuthorsRequest; response: number[] };
  'author/mutation/renewValidation': { request: FixRequest; response: Validation };
  'author/mutation/restoreGuidelineLanguage': { request: LanguageChange; response: Language[] };
  'author/mutation/runAudit': { request: AuditRequest; response: AuditResult };
  'author/mutation/saveTemplate': { request: SaveTemplateRequest; response: Template };
  'author/mutation/setGuidelineAuthor': { request: AuthorRequest; response: boolean };
  'author/mutation/setGuidelineLanguageOnlineStatus': { request: OnlineChange; response: Language[] };
  'author/mutation/submitHotfix': { request: FixRequest; response: Validation };
  'author/mutation/submitToValidation': { request: SubmitRequest; response: Validation };
  'author/mutation/updateDocument': { request: UpdateDocumentRequest; response: Document };
  'author/mutation/updateValidation': { request: ValidationUpdateRequest; response: Validation };
  'author/mutation/updateValidationExpiration': { request: ExpirationRequest; response: Expiration[] };
  'author/mutation/updateValidationSettings': { request: SettingsRequest; response: Settings };
  'author/query/audit': { request: AuditRequest; response: AuditResult };
  'author/query/createGuidelineData': { request: Record<string, never>; response: CreateTarget[] };
  'author/query/documentsForGuideline': { request: GuidelineDocumentsRequest; response: Document[] };
  'author/query/guideline': { request: VersionRequest; response: Version };
  'author/query/guidelineInfo': { request: InfoRequest; response: Info };
  'author/query/guidelineVersion': { request: VersionRequest; response: GuidelinesVersionInfo[] };
  'author/query/latestGuideline': { request: LatestRequest; response: Version };
  'author/query/linkInfo': { request: LinkInfoRequest; response: LinkInfo };
  'author/query/myGuidelines': { request: Record<string, never>; response: MyGuideline[] };
  'author/query/notes': { request: NotesRequest; response: Note[] };
  'author/query/templates': { request: TemplatesRequest; response: Template[] };
  'author/query/timeline': { request: TimelineRequest; response: Event[] };
  'author/query/translationStatus': { request: TranslationStatusRequest; response: TranslationStatus[] };
  'author/query/validationData': { request: AuthorDataRequest; response: SubmitData };
  'author/query/validationExpirations': { request: ValidationGuidelineRequest; response: Expiration[] };
  'author/query/validationSettings': { request: ValidationGuidelineRequest; response: Settings };
  'common/mutation/changeEmail': { request: ChangeEmailRequest; response: EmailChange };
  'common/mutation/changePassword': { request: ChangePasswordRequest; response: boolean };
  'common/mutation/confirmSecondFactor': { request: CodeRequest; response: RecoveryCodes };
  'common/mutation/deleteUser': { request: DeleteUserRequest; response: boolean };
  'common/mutation/disableSecondFactor': { request: PasswordRequest; response: boolean };
  'common/mutation/endSession': { request: EndSessionRequest; response: boolean };
  'common/mutation/markNotificationsAsSeen': { request: NotifySeenRequest; response: number };
  'common/mutation/requestMembership': { request: RequestMembershipRequest; response: MembershipRequest };
  'common/mutation/setLanguage': { request: UsersLanguageRequest; response: boolean };
  'common/mutation/startSecondFactor': { request: Record<string, never>; response: Enrolment };
  'common/mutation/updateLandingPage': { request: LandingOrder; response: LandingPage };
  'common/mutation/updateUser': { request: UpdateUserRequest; response: Profile };
  'common/mutation/updateValidationSeen': { request: ValidationSeenRequest; response: number };
  'common/query/announcements': { request: AnnouncementsRequest; response: Announcement[] };
  'common/query/apiVersion': { request: Record<string, never>; response: VademecumVersionInfo };
  'common/query/collection': { request: CollectionsCollectionRequest; response: CollectionsCollection };
  'common/query/collections': { request: Record<string, never>; response: CollectionsCollection[] };
  'common/query/collectionsWithActiveGuidelines': { request: Record<string, never>; response: ActiveCollection[] };
  'common/query/detailRefs': { request: DetailRefsRequest; response: DetailRef[] };
  'common/query/guidelineMetadata': { request: GuidelinesGuidelineRequest; response: GuidelineMetadata[] };
  'common/query/landingPage': { request: PageRequest; response: LandingPage };
  'common/query/myData': { request: Record<string, never>; response: MyData };
  'common/query/myMembershipRequest': { request: Record<string, never>; response: MembershipRequest | null };
  'common/query/navigation': { request: Record<string, never>; response: Navigation };
  'common/query/notifications': { request: Record<string, never>; response: Notification[] };
  'common/query/profile': { request: Record<string, never>; response: Profile };
  'common/query/recentGuidelines': { request: RecentRequest; response: ContentGuidelineEntry[] };
  'common/query/releaseNotes': { request: Record<string, never>; response: ReleaseNote[] };
  'common/query/searchUser': { request: UsersSearchRequest; response: User[] };
  'common/query/searchUserBulk': { request: BulkRequest; response: BulkResult[] };
  'common/query/searchUserBySpace': { request: SpacesSearchRequest; response: Member[] };
  'common/query/secondFactor': { request: Record<string, never>; response: SecondFactor };
  'common/query/sessions': { request: Record<string, never>; response: SessionInfo[] };
  'common/query/signInMethod': { request: SignInMethodRequest; response: SignInMethod };
  'common/query/signInOptions': { request: Record<string, never>; response: SignInOptions };
  'common/query/space': { request: SpacesSpaceRequest; response: Space };
  'common/query/unreadValidation': { request: Record<string, never>; response: number };
  'common/query/user': { request: UserRequest; response: User };
  'common/query/validations': { request: ValidationsRequest; response: Validation[] };
  'reader/mutation/acknowledge': { request: AcknowledgeRequest; response: Acknowledgement };
  'reader/mutation/addCollectionFavorite': { request: FavoritesCollectionRequest; response: Favorites };
  'reader/mutation/addGuidelineFavorite': { request: FavoritesGuidelineRequest; response: Favorites };
  'reader/mutation/answerComment': { request: CommentsAnswerRequest; response: Comment };
  'reader/mutation/answerFeedback': { request: FeedbackAnswerRequest; response: Message };
  'reader/mutation/commentGuideline': { request: CommentsCreateRequest; response: Comment };
  'reader/mutation/createCollectionToc': { request: CreateTocRequest; response: CollectionToc };
  'reader/mutation/deleteComment': { request: CommentsDeleteRequest; response: boolean };
  'reader/mutation/markFeedbackRead': { request: IDRequest; response: boolean };
  'reader/mutation/removeCollectionFavorite': { request: FavoritesCollectionRequest; response: Favorites };
  'reader/mutation/removeGuidelineFavorite': { request: FavoritesGuidelineRequest; response: Favorites };
  'reader/mutation/sendFeedback': { request: SendRequest; response: Conversation };
  'reader/mutation/updateVideoProgress': { request: VideoProgressUpdate; response: VideoProgress };
  'reader/query/announcements': { request: AnnouncementsRequest; response: Announcement[] };
  'reader/query/changeSinceRead': { request: ChangeRequest; response: Change };
  'reader/query/changedSinceRead': { request: Record<string, never>; response: Changed[] };
  'reader/query/collectionToc': { request: TocReaderRequest; response: ReaderToc };
  'reader/query/commentsForGuideline': { request: ListRequest; response: Comment[] };
  'reader/query/doc': { request: DocRequest; response: Doc };
  'reader/query/favorites': { request: Record<string, never>; response: Favorites };
  'reader/query/feedback': { request: IDRequest; response: Conversation };
  'reader/query/glMarkdown': { request: MarkdownRequest; response: string };
  'reader/query/guideline': { request: ReaderGuidelineRequest; response: ReaderGuideline };
  'reader/query/guidelineAsOf': { request: AsOfRequest; response: AsOf };
  'reader/query/guidelineLanguages': { request: LanguagesRequest; response: LanguageInfo[] };
  'reader/query/guidelinePreview': { request: PreviewRequest; response: ReaderGuideline };
  'reader/query/guidelinePreviewSpaces': { request: PreviewSpacesRequest; response: PreviewSpace[] };
  'reader/query/importantChanges': { request: ImportantChangesRequest; response: ImportantChanges };
  'reader/query/myFeedbacks': { request: Record<string, never>; response: Thread[] };
  'reader/query/search': { request: Request; response: Response };
  'reader/query/suggestions': { request: SuggestRequest; response: Suggestion[] };
  'reader/query/tocGuidelines': { request: TocReaderRequest; response: TocReaderGuideline[] };
  'reader/query/videoProgress': { request: VideoRequest; response: VideoProgress };
  'toc/mutation/updateToc': { request: TocUpdateRequest; response: CollectionToc };
  'toc/query/fullToc': { request: TocCollectionRequest; response: FullToc };
  'toc/query/linkInfo': { request: LinkInfoRequest; response: LinkInfo };
  'toc/query/toc': { request: TocCollectionRequest; response: CollectionToc };
  'toc/query/tocCollections': { request: Record<string, never>; response: TocCollection[] };
  'validator/mutation/acceptValidation': { request: ValidationAcceptRequest; response: Validation };
  'validator/mutation/rejectValidation': { request: RejectRequest; response: Validation };
  'validator/query/myValidations': { request: Record<string, never>; response: Validation[] };
  'validator/query/validation': { request: RevisionRequest; response: Validation };
  'validator/query/validationData': { request: ValidationLanguageRequest; response: RequestData };
  'validator/query/validationRequest': { request: RevisionRequest; response: RequestData };
}
