import { DESCRIPTION_ROWS, type OAuthScope } from '@omnia/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { LogoPicker } from './LogoPicker';
import { PkceCheckbox } from './PkceCheckbox';
import { ScopeChecklist } from './ScopeChecklist';
import { type UriRow, UriRows } from './UriRows';
import { postLogoutUriTexts, redirectUriTexts } from './uri-texts';
import type { FieldErrors, RegisterValues } from './use-register';

export function RegisterForm({
  errors,
  submitting,
  onSubmit,
}: {
  errors: FieldErrors;
  submitting: boolean;
  onSubmit(values: RegisterValues): void;
}) {
  const { t } = useTranslation('developer');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [logo, setLogo] = useState<File | null>(null);
  const [rows, setRows] = useState<UriRow[]>([{ id: 1, value: '' }]);
  const [scopes, setScopes] = useState<OAuthScope[]>(['profile']);
  const [requirePkce, setRequirePkce] = useState(true);
  const [logoutRows, setLogoutRows] = useState<UriRow[]>([{ id: 1, value: '' }]);

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({
          name,
          description,
          logo,
          redirectUris: rows.map((r) => r.value),
          scopes,
          requirePkce,
          postLogoutUris: logoutRows.map((r) => r.value),
        });
      }}
    >
      <Input
        label={t('register.name')}
        placeholder={t('register.namePlaceholder')}
        value={name}
        maxLength={100}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <Textarea
        label={
          <>
            {t('register.description')}{' '}
            <span className="font-normal text-muted-foreground">{t('register.optional')}</span>
          </>
        }
        placeholder={t('register.descriptionPlaceholder')}
        rows={DESCRIPTION_ROWS}
        maxLength={1000}
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <LogoPicker file={logo} onChange={setLogo} />
      <UriRows
        id="redirect-uris"
        rows={rows}
        error={errors.redirect_uris}
        texts={redirectUriTexts(t)}
        onChange={setRows}
      />
      <ScopeChecklist value={scopes} error={errors.allowed_scopes} onChange={setScopes} />
      <PkceCheckbox checked={requirePkce} onChange={setRequirePkce} />
      <UriRows
        id="post-logout-uris"
        rows={logoutRows}
        error={errors.post_logout_redirect_uris}
        texts={postLogoutUriTexts(t)}
        onChange={setLogoutRows}
      />
      <Button type="submit" variant="brand" size="lg" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4 text-current" /> : null}
        {submitting ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
