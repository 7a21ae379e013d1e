// Code generated from the Go API types by cmd/vademecum/tstypes_test.go. DO NOT EDIT.

export interface Abilities {
  edit: boolean;
  manageAuthors: boolean;
  settings: boolean;
}

export interface AcceptInvitationRequest {
  token: string;
  firstname: string;
  lastname: string;
  password: string;
}

export interface AcceptRequest {
  revision: number;
  comment: string;
  validationContent: ValidationContent;
}

export interface AccountLanding {
  space: string;
  email: string;
}

export interface AcknowledgeRequest {
  guideline: number;
  language: string;
  version: number;
}

export interface Acknowledgement {
  version: number;
  acknowledgedAt: string;
}

export interface AcknowledgementPerson {
  userId: number;
  name: string;
  email: string;
  acknowledgedVersion?: number | null;
  acknowledgedAt?: string | null;
  done: boolean;
  remindedAt?: string | null;
}

export interface AcknowledgementReminded {
  reminded: number;
  skipped: number;
}

export interface AcknowledgementReport {
  requirement: AcknowledgementRequirement;
  version: number;
  title: string;
  done: number;
  missing: number;
  people: AcknowledgementPerson[];
}

export interface AcknowledgementRequirement {
  required: boolean;
  everyone: boolean;
  members: number[];
}

export interface AcknowledgementsRequest {
  guideline: number;
  language: string;
}

export interface ActivateShareRequest {
  spaceId: number;
  collectionId: number;
  active: boolean;
}

export interface ActiveCollection {
  collectionId: number;
  collectionTitle: string;
  spaceId: number;
  spaceTitle: string;
  shared: boolean;
  guidelinesCount: number;
}

export interface AddCollectionMembersRequest {
  collection: number;
  members: number[];
  emails?: string[];
}

export interface AddCollectionValidatorsRequest {
  collection: number;
  validators: number[];
  emails?: string[];
}

export interface AddMembersRequest {
  spaceId: number;
  users: string[];
}

export interface AddVersionRequest {
  glv: VersionInput;
}

export interface AddedMember {
  username: string;
  operation: string;
}

export interface Announcement {
  id: number;
  language: string;
  teaser: string;
  content: string;
  startDate?: string | null;
  endDate?: string | null;
}

export interface AnnouncementInput {
  id?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  texts: AnnouncementText[];
}

export interface AnnouncementText {
  language: string;
  teaser: string;
  content: string;
}

export interface AnnouncementsRequest {
  lang: string;
}

export interface AnswerCommentRequest {
  comment: number;
  body: string;
}

export interface AnswerFeedbackRequest {
  feedback: number;
  text: string;
}

export interface AnswerMembershipRequest {
  id: number;
  accept: boolean;
}

export interface AsOfRequest {
  id: number;
  language: string;
  date: string;
}

export interface AuditDetailHints {
  detailId: number;
  hints: AuditHint[];
}

export interface AuditHint {
  issue: string;
  fix: string;
  url: string;
  error?: string;
}

export interface AuditLogActor {
  id?: number | null;
  name: string;
  email: string;
}

export interface AuditLogEntry {
  id: number;
  at: string;
  spaceId?: number | null;
  spaceTitle: string;
  actor: AuditLogActor;
  action: string;
  target: AuditLogTarget;
  details: Record<string, unknown>;
  clientAddr: string;
  userAgent: string;
}

export interface AuditLogFilter {
  spaceId?: number;
  actor?: number;
  action?: string;
  since?: string;
  until?: string;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  from: number;
  size: number;
  hasMore: boolean;
}

export interface AuditLogRequest {
  spaceId?: number;
  actor?: number;
  action?: string;
  since?: string;
  until?: string;
  from?: number;
  size?: number;
}

export interface AuditLogTarget {
  type: string;
  id?: number | null;
  label: string;
}

export interface AuditRequest {
  glid: number;
  lang: string;
}

export interface AuditResult {
  status: string;
  version: number;
  details: AuditDetailHints[];
  checkedAt?: string | null;
}

export interface AuthorRequest {
  guideline: number;
  author: number;
}

export interface AuthorValidationDataRequest {
  guidelineId: number;
  guidelineVersion: number;
}

export interface BulkRequest {
  query: string[];
}

export interface BulkResult {
  query: string;
  user?: User | null;
}

export interface ChangeEmailRequest {
  email: string;
  password: string;
}

export interface ChangePasswordRequest {
  current: string;
  password: string;
}

export interface ChangeSinceRead {
  before: GuidelineVersion;
  after: GuidelineVersion;
}

export interface ChangeSinceReadRequest {
  guideline: number;
  language: string;
  since: number;
}

export interface ChangedSinceRead {
  guidelineId: number;
  language: string;
  title: string;
  readVersion: number;
  version: number;
  important: boolean;
  changeComment: string;
  acknowledgementMissing: boolean;
}

export interface ClusterInfo {
  name: string;
  spaces: number;
  reachable: boolean;
}

export interface ClusterList {
  clusters: ClusterInfo[];
}

export type ClustersRequest = Record<string, never>;

export interface CoAuthorsRequest {
  guideline: number;
  id: number[];
}

export interface Collection {
  id: number;
  title: string;
  visibility: string;
  spaceId: number;
  guidelinesCount: number;
  hasGuidelines: boolean;
  minApprovals: number;
  escalateAfterDays?: number | null;
  authorMayValidate: boolean;
  translationGraceDays: number;
}

export interface CollectionCount {
  collectionId: number;
  collectionTitle: string;
  guidelinesCount: number;
}

export interface CollectionGuideline {
  id: number;
  author: User;
  mainValidator?: User | null;
  languages: GuidelineLanguage[];
}

export interface CollectionGuidelinesRequest {
  collection: number;
}

export interface CollectionInput {
  title: string;
  visibility: string;
  admins: number[];
  minApprovals?: number | null;
  escalateAfterDays?: number | null;
  authorMayValidate?: boolean | null;
  translationGraceDays?: number | null;
}

export interface CollectionMembersRequest {
  collection: number;
  query?: string;
  offset?: number;
  limit?: number;
}

export interface CollectionRequest {
  collectionId: number;
}

export interface CollectionRole {
  collectionId: number;
  collectionTitle: string;
  roles: string[];
  guidelineRoles: string[];
}

export interface CollectionStats {
  memberStats: MemberStats;
  membersCount: number;
  guidelinesCount: number;
  sharedCollectionsCount: number;
}

export interface CollectionStatsRequest {
  collectionId: number;
}

export interface CollectionToc {
  id: number;
  timestamp?: string | null;
  tree: TocFolder;
  userId?: number | null;
}

export interface CollectionValidatorsRequest {
  collection: number;
}

export interface Comment {
  id: number;
  guidelineId: number;
  language: string;
  authorId: number;
  authorName: string;
  parentId?: number | null;
  timestamp: string;
  body: string;
  mayDelete: boolean;
  answers: Comment[];
}

export interface CommentRequest {
  guideline: number;
  language: string;
  body: string;
}

export interface CommentsRequest {
  id: number;
  language: string;
}

export interface ConfirmTranslationRequest {
  guideline: number;
  language: string;
}

export interface ConsoleSpace {
  id: number;
  subdomain: string;
  title: string;
  status: string;
  cluster: string;
  placement: string;
  schemaVersion: number;
  rows?: number | null;
  bytes?: number | null;
  members: number;
  lastActivity?: string | null;
  operation?: SpaceOperation | null;
  certificate?: SpaceCertificate | null;
}

export interface ConsoleSpaceList {
  spaces: ConsoleSpace[];
  total: number;
  latestSchemaVersion: number;
}

export interface ConsoleSpaceRequest {
  id: number;
}

export interface ConsoleSpacesRequest {
  query?: string;
  status?: string;
  cluster?: string;
  from?: number;
  size?: number;
}

export interface CopyData {
  validators: SelectOption[];
  authors: SelectOption[];
}

export interface CopyRequest {
  guidelineIds: number[];
  space?: number | null;
  collection: number;
  validator?: number | null;
  author: number;
}

export interface CreateCollectionRequest {
  spaceId: number;
  collection: CollectionInput;
}

export interface CreateDocumentRequest {
  doc: DocumentInput;
}

export interface CreateGuidelineRequest {
  collection: number;
  validator?: number | null;
}

export interface CreateTarget {
  collectionId: number;
  collectionTitle: string;
  validators: SelectOption[];
}

export interface CreateTocRequest {
  collectionId: number;
  body: CollectionToc;
}

export interface CustomDomain {
  domain: string;
  status: string;
  verifiedAt?: string | null;
  verifiedBy: string;
  token: string;
  dnsName: string;
  httpUrl: string;
  createdAt: string;
}

export interface CustomDomainRequest {
  spaceId: number;
  domain: string;
}

export interface CustomDomainsRequest {
  spaceId: number;
}

export interface DeleteAnnouncementRequest {
  spaceId: number;
  id: number;
}

export interface DeleteCollectionRequest {
  collectionId: number;
}

export interface DeleteCommentRequest {
  id: number;
}

export interface DeleteDocumentRequest {
  docId: number;
}

export interface DeleteIdentityProviderRequest {
  id: number;
}

export interface DeleteMemberRequest {
  spaceId: number;
  id: number;
}

export interface DeleteMetadataRequest {
  id: number;
}

export interface DeleteRequest {
  id: number;
}

export interface DeleteUserRequest {
  userId?: number | null;
}

export interface DeleteVariableRequest {
  space: number;
  name: string;
}

export interface Detail {
  id: number;
  index: number;
  title: string;
  content: string;
  rawContent: string;
  extern?: Extern | null;
}

export interface DetailInput {
  id?: number | null;
  title: string;
  content: string;
  rawContent: string;
  extern?: Extern | null;
}

export interface DetailRef {
  guidelineId: number;
  language: string;
  title: string;
  detailId: number;
}

export interface DetailRefsRequest {
  detailId: number;
}

export interface Doc {
  token: string;
  language: string;
  title: string;
  details: DocSection[];
}

export interface DocRequest {
  token: string;
  lang: string;
}

export interface DocSection {
  title: string;
  content: string;
}

export interface Document {
  id: number;
  archived: boolean;
  hash: string;
  name: string;
  timestamp: string;
  guidelineId: number;
  length: number;
  mime: string;
  url: string;
}

export interface DocumentInput {
  hash: string;
  name: string;
  guidelineId: number;
}

export interface DocumentUpdate {
  id: number;
  name: string;
  archived: boolean;
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

export interface Expiration {
  language: string;
  time: string;
}

export interface ExpirationRequest {
  guideline: number;
  time: string;
}

export interface Extern {
  guideline: number;
  language: string;
  detail: number;
}

export interface ExternText {
  guideline: number;
  language: string;
  detail: number;
  available: boolean;
  guidelineTitle: string;
  title: string;
  content: string;
}

export interface FavoriteCollection {
  collection: number;
  title: string;
  space: number;
  shared: boolean;
}

export interface FavoriteCollectionRequest {
  collection: number;
  space?: number | null;
}

export interface FavoriteGuideline {
  guideline: number;
  language: string;
  title: string;
  space: number;
  shared: boolean;
}

export interface FavoriteGuidelineRequest {
  guideline: number;
  language: string;
  space?: number | null;
}

export interface Favorites {
  guidelines: FavoriteGuideline[];
  collections: FavoriteCollection[];
}

export interface FeedbackConversation {
  thread: FeedbackThread;
  messages: FeedbackMessage[];
}

export interface FeedbackMessage {
  id: number;
  authorId: number;
  authorName: string;
  mine: boolean;
  timestamp: string;
  text: string;
}

export interface FeedbackRequest {
  id: number;
}

export interface FeedbackThread {
  id: number;
  guidelineId: number;
  language: string;
  title: string;
  subject: string;
  senderId: number;
  senderName: string;
  sent: boolean;
  lastText: string;
  lastAuthorName: string;
  lastAt: string;
  count: number;
  unread: boolean;
}

export interface FixRequest {
  guidelineId: number;
  guidelineVersion: number;
  comment: string;
}

export interface FullToc {
  id: number;
  timestamp?: string | null;
  tree: TocFolder;
  userId?: number | null;
  collectionTitle: string;
  unsortedGuidelines: TocGuidelineEntry[];
}

export interface GuidelineAsOf {
  id: number;
  language: string;
  date: string;
  title: string;
  description: string;
  details: ReaderDetail[];
  inForce: Publication;
  expired: boolean;
  before: Publication[];
  after: Publication[];
  canonicalLink: string;
}

export interface GuidelineDocumentsRequest {
  guidelineId: number;
}

export interface GuidelineDraftPdfRequest {
  guideline: number;
  version: number;
}

export interface GuidelineEntry {
  guidelineId: number;
  language: string;
  languages: string[];
  title: string;
  collectionId: number;
  collectionTitle: string;
  spaceId: number;
  spaceTitle: string;
  shared: boolean;
  published: string;
}

export interface GuidelineIDRequest {
  id: number;
}

export interface GuidelineInfo {
  id: number;
  collectionId: number;
  collectionTitle: string;
  author: User;
  coAuthors: User[];
  mainValidator?: User | null;
  validationInterval: number;
  created: string;
  languages: GuidelineLanguage[];
  abilities: Abilities;
}

export interface GuidelineInfoRequest {
  id: number;
  language: string;
}

export interface GuidelineLanguage {
  language: string;
  title: string;
  latestVersion: number;
  publishedVersion?: number | null;
  validUntil?: string | null;
  states: string[];
}

export interface GuidelineMetadata {
  metadataId: number;
  names: Texts;
  optionId: number;
  optionNames: Texts;
}

export interface GuidelinePdfRequest {
  guidelineid: number;
  language: string;
  space?: number | null;
  asOf: string;
}

export interface GuidelineRequest {
  guideline: number;
}

export interface GuidelineSearchRequest {
  query: string;
  collections: string[];
  metadata: Record<string, number[]>;
  from: number;
  size: number;
  language: string;
}

export interface GuidelineSearchResponse {
  totalHits: number;
  filteredHits: number;
  took: number;
  results: GuidelineSearchResult[];
  collectionFilters: SearchCollectionFilter[];
  metadataCounts: SearchMetadataCount[];
  suggestion: string;
  corrected: boolean;
  unseen: SearchUnseen;
  signIn: boolean;
}

export interface GuidelineSearchResult {
  guidelineId: number;
  title: string;
  titleHighlight: string;
  highlight: string;
  language: string;
  languages: string[];
  collectionId: number;
  collectionTitle: string;
  collectionSpaceId: number;
  collectionSpaceTitle: string;
  spaceId: number;
  metadata: SearchMetadataOption[];
  details: SearchResultDetail[];
  score: number;
}

export interface GuidelineVersion {
  id: number;
  version: number;
  language: string;
  title: string;
  description: string;
  tags: string[];
  searchTags: SearchTag[];
  details: Detail[];
  created: string;
  createdBy: number;
  collectionId: number;
  collectionTitle: string;
  authorId: number;
  coAuthorIds: number[];
  mainValidatorId?: number | null;
  validationInterval: number;
  languages: GuidelineLanguage[];
}

export interface GuidelineVersionInfo {
  version: number;
  title: string;
  created: string;
  createdBy: string;
  published: boolean;
}

export interface IDsRequest {
  ids: number[];
}

export interface IdentityProvider {
  id: number;
  label: string;
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  emailDomains: string[];
  spaces: number[];
  enabled: boolean;
  logins: number;
}

export interface IdentityProviderInput {
  id?: number | null;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  clearClientSecret: boolean;
  emailDomains: string[];
  spaces: number[];
  enabled: boolean;
}

export interface IdentityProviders {
  providers: IdentityProvider[];
  redirectUri: string;
}

export interface ImportantChange {
  guidelineId: number;
  language: string;
  languages: string[];
  title: string;
  collectionId: number;
  collectionTitle: string;
  spaceId: number;
  spaceTitle: string;
  shared: boolean;
  published: string;
  id: string;
  comment: string;
}

export interface ImportantChanges {
  total: number;
  items: ImportantChange[];
}

export interface ImportantChangesRequest {
  from?: number | null;
  size?: number | null;
}

export interface InvitationRequest {
  spaceId: number;
  user: number;
}

export interface LandingOrder {
  spaces: number[];
  nationalSpaces: number[];
}

export interface LandingPage {
  spaces: Space[];
  nationalSpaces: Space[];
  mySpaces: Space[];
  total: number;
  nationalTotal: number;
}

export interface LanguageChange {
  guidelineId: number;
  language: string;
}

export interface LanguageInfo {
  language: string;
  title: string;
}

export interface LanguageRequest {
  language: string;
}

export interface LanguagesRequest {
  guidelineId: number;
  space?: number | null;
}

export interface LatestGuidelineRequest {
  id: number;
  language: string;
}

export interface LinkInfo {
  title: string;
  type: string;
  error: string;
  url: string;
  normalized: string;
  params: LinkParams;
}

export interface LinkInfoRequest {
  link: string;
  params: LinkParams;
}

export interface LinkParams {
  language: string;
}

export interface LoginData {
  id: number;
  provider: string;
  email: string;
  verified: boolean;
  primary: boolean;
  created: string;
}

export interface LoginRequest {
  user: number;
  email: string;
}

export interface MaintenanceCollectionRequest {
  space?: number | null;
  collection: number;
}

export interface MaintenanceSpaceRequest {
  space: number;
}

export interface MaintenanceTask {
  id: number;
  name: string;
  progress: number;
  failed: boolean;
  message: string;
  started: string;
  updated: string;
}

export interface ManagedAnnouncement {
  id: number;
  startDate?: string | null;
  endDate?: string | null;
  texts: AnnouncementText[];
}

export interface MarkdownRequest {
  id: number;
  lang: string;
}

export interface MediaBlob {
  hash: string;
  mime: string;
  length: number;
  name: string;
}

export interface Member {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
  title: string;
  about: string;
  language: string;
  weeklyReminder: boolean;
  admin: boolean;
  isAuthor: boolean;
  invitation?: MemberInvitation | null;
}

export interface MemberInvitation {
  sentAt: string;
  expiresAt: string;
  pending: boolean;
}

export interface MemberStats {
  totalMembers: number;
  authorsCount: number;
  validatorsCount: number;
  othersCount: number;
}

export interface MembersRequest {
  space: number;
  query?: string;
  offset?: number;
  limit?: number;
}

export interface MembershipRequest {
  id: number;
  spaceId: number;
  user: User;
  message: string;
  status: string;
  createdAt: string;
}

export interface MembershipRequestsRequest {
  spaceId: number;
}

export interface Metadata {
  id: number;
  names: Texts;
  descriptions: Texts;
  options: MetadataOption[];
}

export interface MetadataChoice {
  metadataId: number;
  optionId: number;
}

export interface MetadataInput {
  id?: number | null;
  names: Texts;
  descriptions: Texts;
  options: OptionInput[];
}

export interface MetadataOption {
  id: number;
  names: Texts;
  descriptions: Texts;
}

export interface MoveSpaceRequest {
  id: number;
  cluster: string;
  placement: string;
}

export interface MyData {
  profile: Profile;
  logins: LoginData[];
  spaces: SpaceMembership[];
  membershipRequests: MembershipRequest[];
  sessions: number;
}

export interface MyGuideline {
  id: number;
  language: string;
  role: string;
  online: boolean;
  collection: string;
  collectionId: number;
  title: string;
  states: string[];
  edited: string;
  latestVersion: number;
  validUntil?: string | null;
  languages: string[];
}

export interface Navigation {
  dashboard: boolean;
  superAdmin: boolean;
  spaceAdmin: boolean;
  collectionAdmin: boolean;
  validator: boolean;
  spaceMember: boolean;
  dashboardTasks: number;
  spaceAdminTasks: number;
  collectionAdminTasks: number;
  validatorTasks: number;
  spaceMemberTasks: number;
}

export interface Note {
  id: number;
  created: string;
  content: string;
  language: string;
  author: string;
}

export interface NotesRequest {
  glid: number;
}

export interface Notification {
  id: number;
  title: string;
  action: string;
  role: string;
  feedbackId?: number | null;
  language?: string | null;
  guidelineId?: number | null;
  collectionId?: number | null;
  revision?: number | null;
  seen: boolean;
  senderName: string;
  timestamp: string;
  url: string;
}

export interface NotificationsSeenRequest {
  notificationIds: number[];
}

export interface OnlineChange {
  guidelineId: number;
  language: string;
  online: boolean;
}

export interface OptionInput {
  id?: number | null;
  names: Texts;
  descriptions: Texts;
}

export interface PasswordRequest {
  password: string;
}

export interface PlaceRequest {
  guideline: number;
  collection: number;
  validator?: number | null;
}

export interface PreviewRequest {
  id: number;
  language: string;
  space: number;
}

export interface PreviewSpace {
  spaceId: number;
  spaceTitle: string;
  shared: boolean;
}

export interface PreviewSpacesRequest {
  id: number;
}

export interface Profile {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  title: string;
  about: string;
  language: string;
  weeklyReminder: boolean;
  preferCollapsed: boolean;
  darkMode: boolean;
  emailVerified: boolean;
  spaces: number[];
  collections: number[];
  adminOfCollections: number[];
  validatorOfCollections: number[];
  hasGuidelines: boolean;
  roles: string[];
  canImpersonate: boolean;
  superAdmin: boolean;
}

export interface ProfileUpdate {
  firstname: string;
  lastname: string;
  title: string;
  about: string;
  weeklyReminder: boolean;
  preferCollapsed: boolean;
  darkMode: boolean;
}

export interface Publication {
  version: number;
  kind: string;
  from: string;
  until?: string | null;
  validFrom: string;
  validUntil?: string | null;
  validator: string;
  comment: string;
}

export interface ReadSince {
  readVersion?: number | null;
  acknowledgedVersion?: number | null;
  required: boolean;
}

export interface ReaderAbilities {
  mayComment: boolean;
  mayEdit: boolean;
  mayReadHistory: boolean;
}

export interface ReaderDetail {
  id: number;
  index: number;
  title: string;
  content: string;
  extern?: ExternText | null;
}

export interface ReaderGuideline {
  id: number;
  language: string;
  requestedLanguage: string;
  version: number;
  title: string;
  description: string;
  details: ReaderDetail[];
  tags: string[];
  languages: string[];
  metadata: GuidelineMetadata[];
  validator: string;
  validationDate?: string | null;
  validFrom?: string | null;
  validUntil?: string | null;
  firstPublishedDate?: string | null;
  canonicalLink: string;
  importantChange: boolean;
  changeComment: string;
  collection: ReaderRef;
  sourceSpace?: ReaderRef | null;
  abilities: ReaderAbilities;
  translationOutdated?: TranslationNotice | null;
  sinceRead?: ReadSince | null;
}

export interface ReaderGuidelineRequest {
  id: number;
  language: string;
  space?: number | null;
}

export interface ReaderRef {
  id: number;
  title: string;
}

export interface ReaderToc {
  collectionId: number;
  spaceId: number;
  title: string;
  tree: TocFolder;
}

export interface ReaderTocGuideline {
  guidelineId: number;
  title: string;
  language: string;
  languages: string[];
  space?: number | null;
}

export interface ReaderTocRequest {
  collectionId: number;
  space?: number | null;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface RejectRequest {
  revision: number;
  comment: string;
}

export interface ReleaseNote {
  tagName: string;
  description: string;
  released: string;
}

export interface RemoveCollectionMemberRequest {
  collection: number;
  member: number;
}

export interface RemoveCollectionValidatorRequest {
  collection: number;
  validator: number;
}

export interface RequestData {
  revision: number;
  guidelineId: number;
  guidelineVersion: number;
  language: string;
  kind: string;
  title: string;
  description: string;
  important: boolean;
  progress: string;
  comment: string;
  validatorComment: string;
  creatorId: number;
  validatorId?: number | null;
  timestampCreated: string;
  timestampCompleted?: string | null;
  read: boolean;
  guidelineTitle: string;
  collectionId: number;
  collectionTitle: string;
  approvals: ValidationApproval[];
  requiredApprovals: number;
  expiringSoon: boolean;
  authorId: number;
  coAuthorIds: number[];
  publishedVersion?: number | null;
  importantChange: boolean;
}

export interface RequestMembershipRequest {
  message: string;
}

export interface RequireAcknowledgementRequest {
  guideline: number;
  required: boolean;
  members?: number[];
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

export interface ResetSecondFactorRequest {
  user: number;
}

export interface RevisionRequest {
  revision: number;
}

export interface SaveAnnouncementRequest {
  spaceId: number;
  announcement: AnnouncementInput;
}

export interface SaveDocRequest {
  token: string;
  lang: string;
  title: string;
  details: DocSection[];
}

export interface SaveIdentityProviderRequest {
  provider: IdentityProviderInput;
}

export interface SaveMetadataRequest {
  metadata: MetadataInput;
}

export interface SaveTemplateRequest {
  template: TemplateInput;
}

export interface SearchCollectionFilter {
  collectionId: number;
  spaceId: number;
  title: string;
  count: number;
}

export interface SearchGap {
  query: string;
  count: number;
  lastDay: string;
}

export interface SearchGaps {
  gaps: SearchGap[];
}

export interface SearchMetadataCount {
  metadataId: number;
  optionId: number;
  count: number;
}

export interface SearchMetadataOption {
  metadataId: number;
  optionId: number;
}

export interface SearchRequest {
  query: string;
}

export interface SearchResultDetail {
  id: number;
  title: string;
  highlight: string;
}

export interface SearchSynonyms {
  synonyms: Record<string, string[][]>;
}

export interface SearchTag {
  tag: string;
  boost: boolean;
}

export interface SearchUnseen {
  expired: number;
  hidden: number;
}

export interface SearchVocabularyRequest {
  spaceId: number;
}

export interface SecondFactor {
  enrolled: boolean;
  session: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export interface SecondFactorCodeRequest {
  code: string;
}

export interface SecondFactorEnrolment {
  secret: string;
  uri: string;
  qr: string;
}

export interface SeenRevision {
  revision: number;
  version: number;
  guidelineId: number;
}

export interface SelectOption {
  label: string;
  value: number;
}

export interface SendFeedbackRequest {
  guideline: number;
  language: string;
  text: string;
  subject?: string;
}

export interface SessionInfo {
  id: number;
  userAgent: string;
  address: string;
  created: string;
  lastSeen: string;
  current: boolean;
}

export interface SetCollectionAdminRequest {
  collection: number;
  member: number;
  admin: boolean;
}

export interface SetMetadataRequest {
  guidelineId: number;
  metadata: MetadataChoice[];
}

export interface SetSearchSynonymsRequest {
  spaceId: number;
  language: string;
  synonyms: string[][];
}

export interface SetSpaceAdminRequest {
  spaceId: number;
  id: number;
  admin: boolean;
}

export interface SetSpaceMetadataRequest {
  spaceId: number;
  metadataIds: number[];
}

export interface ShareEntry {
  id: number;
  toSpaceId: number;
  toSpaceTitle: string;
  active: boolean;
  title: string;
  fromSpaceTitle: string;
}

export interface ShareRequest {
  spaceId: number;
  collectionId: number;
}

export interface ShareRequestsRequest {
  collectionId: number;
}

export interface SharedCollection {
  id: number;
  spaceId: number;
  spaceTitle: string;
  title: string;
  visibility: string;
  shares: ShareEntry[];
}

export interface SharingOverview {
  shared: SharedCollection[];
  available: SharedCollection[];
}

export interface SharingOverviewRequest {
  spaceId: number;
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

export interface Space {
  id: number;
  title: string;
  subdomain: string;
  color: string;
  accentColor: string;
  emailDomains: string[];
  tags: string[];
  variables: Record<string, string>;
  lpvisible: boolean;
  national: boolean;
  public: boolean;
  position: number;
  member: boolean;
  selfSignup: boolean;
  adminsNeedSecondFactor: boolean;
}

export interface SpaceAnnouncementsRequest {
  spaceId: number;
}

export interface SpaceCertificate {
  names: string[];
  issuer: string;
  notAfter?: string | null;
  error: string;
  errorAt?: string | null;
}

export interface SpaceIDRequest {
  spaceId: number;
}

export interface SpaceInput {
  id?: number | null;
  title: string;
  subdomain: string;
  color: string;
  accentColor: string;
  emailDomains: string[];
  lpvisible: boolean;
  national: boolean;
  public: boolean;
  position: number;
  logo?: string | null;
  icon?: string | null;
  selfSignup?: boolean | null;
  adminsNeedSecondFactor?: boolean | null;
  cluster?: string;
  placement?: string;
}

export interface SpaceList {
  spaces: Space[];
  total: number;
}

export interface SpaceListRequest {
  query: string;
  from: number;
  size: number;
  ids: number[];
}

export interface SpaceMembership {
  spaceId: number;
  title: string;
  admin: boolean;
  since: string;
}

export interface SpaceMetadataRequest {
  spaceId: number;
}

export interface SpaceOperation {
  id: number;
  spaceId: number;
  kind: string;
  state: string;
  step: string;
  stepParams: Record<string, unknown>;
  progress: number;
  error?: SpaceOperationError | null;
  createdAt: string;
  startedAt?: string | null;
  finishedAt?: string | null;
}

export interface SpaceOperationError {
  message: string;
  params: Record<string, unknown>;
}

export interface SpaceOperationRequest {
  id: number;
}

export interface SpacePageRequest {
  query: string;
  from: number;
  size: number;
}

export interface SpaceRequest {
  idOrDomain: string;
}

export interface SpaceRole {
  space: string;
  spaceId: number;
  roles: string[];
  collectionRoles: CollectionRole[];
}

export interface SpaceStats {
  totalGuidelinesCount: number;
  memberStats: MemberStats;
  collectionStats: CollectionCount[];
}

export interface SpaceStatsRequest {
  spaceId: number;
}

export interface SubmitData {
  latestProgress: string;
  importantChange: boolean;
  canHotfix: boolean;
  hotfixBlockedBy: string;
  isAlreadySubmitted: boolean;
  openRevision?: number | null;
  openKind: string;
  language: string;
  publishedVersion?: number | null;
  latestVersion: number;
}

export interface SubmitRequest {
  guidelineId: number;
  guidelineVersion: number;
  validation: ValidationContent;
}

export interface Suggestion {
  text: string;
  kind: string;
  guidelineId: number;
  language: string;
  collectionId: number;
  collectionSpaceId: number;
  spaceId: number;
  sectionId: number;
  sectionTitle: string;
  snippet: string;
}

export interface SuggestionsRequest {
  query: string;
}

export interface Template {
  id: number;
  title: string;
  language: string;
  content: string;
  createdByName: string;
  updated: string;
  mayChange: boolean;
}

export interface TemplateInput {
  id?: number | null;
  title: string;
  language: string;
  content: string;
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

export interface TimelineEvent {
  time: string;
  kind: string;
  version: number;
  revision?: number | null;
  user: string;
  title: string;
  comment: string;
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

export interface TocFolder {
  id: string;
  name: string;
  folders: TocFolder[];
  items: TocItem[];
}

export interface TocGuidelineEntry {
  glid: number;
  title: string;
  language: string;
  languages: string[];
}

export interface TocItem {
  id: string;
  name: string;
  type: string;
  glid?: number | null;
  space?: number | null;
  language: string;
  link: string;
  title?: string;
  languages?: string[];
}

export interface TokenCheckRequest {
  token: string;
  purpose: string;
}

export interface TokenInfo {
  email: string;
  spaceTitle: string;
  space: string;
  inviter: string;
  expiresAt: string;
}

export interface TokenRequest {
  token: string;
}

export interface TranslationNotice {
  sourceLanguage: string;
  outdatedSince: string;
}

export interface TranslationStatus {
  language: string;
  sourceLanguage: string;
  sourceVersion?: number | null;
  currentSourceVersion: number;
  outdated: boolean;
  outdatedSince?: string | null;
  confirmedAt?: string | null;
  confirmedBy?: number | null;
  confirmedByName: string;
}

export interface TranslationStatusRequest {
  guideline: number;
}

export interface UpdateCollectionRequest {
  collectionId: number;
  collection: CollectionInput;
}

export interface UpdateDocumentRequest {
  doc: DocumentUpdate;
}

export interface UpdateSpaceRequest {
  space: SpaceInput;
}

export interface UpdateTocRequest {
  collection: number;
  f: TocFolder;
}

export interface UpdateUserRequest {
  u: ProfileUpdate;
}

export interface UpdateValidationRequest {
  guidelineId: number;
  version: number;
  revision: number;
  data: ValidationContent;
}

export interface User {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
  title: string;
  about: string;
  language: string;
  weeklyReminder: boolean;
}

export interface UserData {
  id: number;
  username: string;
  logins: LoginData[];
  spaceRoles: SpaceRole[];
  similarUsers: User[];
}

export interface UserDataRequest {
  username: string;
}

export interface UserRequest {
  id: number;
}

export interface UserSearchRequest {
  query: string;
}

export interface ValidatedGuidelines {
  ids: number[];
  message: string;
  params: Record<string, unknown>;
}

export interface Validation {
  revision: number;
  guidelineId: number;
  guidelineVersion: number;
  language: string;
  kind: string;
  title: string;
  description: string;
  important: boolean;
  progress: string;
  comment: string;
  validatorComment: string;
  creatorId: number;
  validatorId?: number | null;
  timestampCreated: string;
  timestampCompleted?: string | null;
  read: boolean;
  guidelineTitle: string;
  collectionId: number;
  collectionTitle: string;
  approvals: ValidationApproval[];
  requiredApprovals: number;
}

export interface ValidationApproval {
  validatorId: number;
  name: string;
  at: string;
  comment: string;
}

export interface ValidationContent {
  title: string;
  description: string;
  important: boolean;
}

export interface ValidationSeenRequest {
  revisions: SeenRevision[];
  read: boolean;
}

export interface ValidationSettings {
  mainValidator?: number | null;
  validationInterval: number;
  validators: SelectOption[];
}

export interface ValidationSettingsRequest {
  guideline: number;
  validator?: number | null;
  validationInterval: number;
}

export interface ValidationsRequest {
  backUntil?: string | null;
}

export interface Validator {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
  title: string;
  about: string;
  language: string;
  weeklyReminder: boolean;
  admin: boolean;
  isAuthor: boolean;
  invitation?: MemberInvitation | null;
  mainValidatorOf: number;
}

export interface ValidatorValidationDataRequest {
  guideline: number;
  language: string;
}

export interface VariableRequest {
  space: number;
  name: string;
  value: string;
}

export interface VersionInfo {
  version: string;
}

export interface VersionInput {
  guidelineId: number;
  language: string;
  title: string;
  description: string;
  tags: string[];
  searchTags: SearchTag[];
  details: DetailInput[];
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
