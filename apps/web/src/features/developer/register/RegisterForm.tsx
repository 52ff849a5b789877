import { DESCRIPTION_ROWS, type OAuthScope } from '@omnia/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { LogoPicker } from './LogoPicker';
import { RedirectUriRows, type UriRow } from './RedirectUriRows';
import { ScopeChecklist } from './ScopeChecklist';
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

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ name, description, logo, redirectUris: rows.map((r) => r.value), scopes });
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
      <RedirectUriRows rows={rows} error={errors.redirect_uris} onChange={setRows} />
      <ScopeChecklist value={scopes} error={errors.allowed_scopes} onChange={setScopes} />
      <Button type="submit" variant="brand" size="lg" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4 text-current" /> : null}
        {submitting ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
