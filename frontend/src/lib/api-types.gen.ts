// Code generated from the Go API types by cmd/vademecum/tstypes_test.go. DO NOT EDIT.

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

export interface LandingOrder {
  spaces: number[];
  nationalSpaces: number[];
}

export interface LandingPage {
  spaces: Space[];
  nationalSpaces: Space[];
}

export interface LanguageRequest {
  language: string;
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
}

export interface SpaceRequest {
  idOrDomain: string;
}

export interface UpdateSpaceRequest {
  space: SpaceInput;
}

export interface UpdateUserRequest {
  u: ProfileUpdate;
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

export interface UserRequest {
  id: number;
}

export interface VariableRequest {
  space: number;
  name: string;
  value: string;
}

export interface VersionInfo {
  version: string;
}
