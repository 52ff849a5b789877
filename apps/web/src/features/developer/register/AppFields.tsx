import { type AppType, actsForPeople, type OAuthScope, redirectsBack } from '@omnia/contracts/constants';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLinkFields, type AppLinkValues } from './AppLinkFields';
import { LogoPicker } from './LogoPicker';
import { ScopeChecklist } from './ScopeChecklist';
import { type UriRow, UriRows } from './UriRows';
import { redirectUriTexts } from './uri-texts';

/** The fields registration and 'Edit app' share, by the names both forms give them. */
export interface AppFieldValues extends AppLinkValues {
  logo: File | null;
  redirectUris: UriRow[];
  scopes: OAuthScope[];
}

/**
 * Logo, redirect URIs, scopes and the app's links, inside a form's FormProvider: one place for how they are wired,
 * so the two forms cannot drift. Picking a logo clears the server's refusal of the last one.
 */
export function AppFields({
  appType,
  redirectUrisId,
  onLogoReading,
}: {
  /** The kind of app: which redirect URIs it takes, and how the hint words them. */
  appType: AppType;
  redirectUrisId: string;
  /** While a picked logo is read, the form must not be sent without it. */
  onLogoReading(reading: boolean): void;
}) {
  const { t } = useTranslation('developer');
  const { control, clearErrors, formState } = useFormContext<AppFieldValues>();
  const { errors } = formState;
  return (
    <>
      <Controller
        control={control}
        name="logo"
        render={({ field }) => (
          <LogoPicker
            file={field.value}
            error={errors.logo?.message}
            onReadingChange={onLogoReading}
            onChange={(file) => {
              clearErrors('logo');
              field.onChange(file);
            }}
          />
        )}
      />
      {/* A device app signs people in on another screen: it has no redirect URIs. */}
      {redirectsBack(appType) ? (
        <Controller
          control={control}
          name="redirectUris"
          render={({ field }) => (
            <UriRows
              id={redirectUrisId}
              rows={field.value}
              error={errors.redirectUris?.message}
              texts={redirectUriTexts(t, appType)}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
      {/* A service acts for itself: it asks for developers' APIs, not for people's data. */}
      {actsForPeople(appType) ? (
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => (
            <ScopeChecklist value={field.value} error={errors.scopes?.message} onChange={field.onChange} />
          )}
        />
      ) : null}
      <AppLinkFields />
    </>
  );
}
