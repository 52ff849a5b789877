import { canonicalIdentifier } from '@omnia/contracts/apis';
import type { ConsentShown } from '@omnia/contracts/consent';
import type { Db } from '../../db/connect';
import { isMomentaryFailure } from '../../db/errors';
import { apisOfGrant, narrowGrantApis } from './grant-apis-repo';
import type { AskedApi } from './remembered-consent';

/* A consent's developers' APIs: what the screen showed of them, and what the saved grant keeps. */

/**
 * Whether the request now asks for more than the screen showed (an app's scopes or an API's,
 * widened or reworded while the person read): what was not shown is never granted.
 */
export function beyondShown(asked: { scopes: string[]; apis: AskedApi[] }, shown: ConsentShown): boolean {
  const apiShown = new Map(shown.apis.map((api) => [api.identifier, api.scopes]));
  // An API's scope counts as shown only in the words it has now (reworded meanwhile: not shown).
  const shownInWords = (api: AskedApi, name: string) => {
    const now = api.scopes.find((s) => s.name === name)?.description;
    return apiShown.get(api.identifier)?.some((s) => s.name === name && s.description === now) === true;
  };
  return (
    asked.scopes.some((scope) => !shown.scopes.includes(scope)) ||
    asked.apis.some((api) => api.granted.some((scope) => !shownInWords(api, scope)))
  );
}

/** The app a consent is for, as the APIs module tells whose app it is. */
export interface ConsentingApp {
  client_id: string;
  user_id: string;
  created_by: string | null;
}

export interface ConsentApisDeps {
  db: Db;
  /**
   * The scopes the app may get now of an API (canonical identifier), its row held for share in
   * `trx`: an owner's change under way is waited for.
   */
  apiScopesHeld: (
    trx: Db,
    identifier: string,
    app: ConsentingApp,
  ) => Promise<{ name: string; description: string }[]>;
}

export function createConsentApis(deps: ConsentApisDeps) {
  /** One pass of keepWhatApisHave, in its own transaction. */
  async function narrowOnce(grantId: string, named: string[], asked: AskedApi[], app: ConsentingApp) {
    await deps.db.transaction().execute(async (trx) => {
      const keep = new Map<string, string[]>();
      for (const identifier of named) {
        const words = asked.find((a) => canonicalIdentifier(a.identifier) === identifier)?.scopes ?? [];
        const sameWords = (s: { name: string; description: string }) =>
          words.every((seen) => seen.name !== s.name || seen.description === s.description);
        const now = await deps.apiScopesHeld(trx, identifier, app);
        keep.set(
          identifier,
          now.filter(sameWords).map((s) => s.name),
        );
      }
      await narrowGrantApis(trx, grantId, keep);
    });
  }

  return {
    /**
     * The consent as saved keeps of each API it names only what the app may get of it now: an
     * owner who took a scope away, reworded it, deleted the API or disallowed the app while the
     * screen was open (or since this grant was read) narrowed the consents saved before this one,
     * and the save wrote the old ones back. A scope granted now keeps only under the words the
     * decision read. The APIs' rows are held for share first, in one order (an owner's change
     * under way is waited for), then the grant's row.
     */
    async keepWhatApisHave(grantId: string, asked: AskedApi[], app: ConsentingApp) {
      const named = await apisOfGrant(deps.db, grantId);
      if (!named.length) return;
      // The grant is saved already: a deadlock PostgreSQL broke here runs it again.
      for (let attempt = 1; ; attempt++) {
        try {
          await narrowOnce(grantId, named, asked, app);
          return;
        } catch (err) {
          if (!isMomentaryFailure(err) || attempt >= 3) throw err;
        }
      }
    },
  };
}
