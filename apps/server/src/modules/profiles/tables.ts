import type { Language, Theme } from '@omnia/contracts/constants';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns are read as 'YYYY-MM-DD' text (cast in queries) and written as text. */
type DateText = ColumnType<string | null, string | null | undefined, string | null>;

export interface ProfilesTable {
  id: string;
  full_name: string | null;
  username: string | null;
  date_of_birth: DateText;
  bio: string | null;
  avatar_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserPreferencesTable {
  id: string;
  theme: ColumnType<Theme, Theme | undefined, Theme>;
  language: ColumnType<Language, Language | undefined, Language>;
  updated_at: Timestamp;
}

export interface InterestsTable {
  id: Generated<string>;
  name: string;
}

export interface UserInterestsTable {
  user_id: string;
  interest_id: string;
}

export interface ServiceClaimsTable {
  user_id: string;
  service_slug: string;
  claimed_at: Timestamp;
}

export interface ProfilesTables {
  profiles: ProfilesTable;
  user_preferences: UserPreferencesTable;
  interests: InterestsTable;
  user_interests: UserInterestsTable;
  service_claims: ServiceClaimsTable;
}
