import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';
import type { Retention } from '../../journal/privacy-store';
import { writeAtomically } from './write-atomically';
import { writePersonExport } from '../../journal/privacy-export';
import { wireParts } from '../../sending/wire-parts';
import { localDate } from '@shared/format/moments';
import { mayHandlePersonalData } from '@shared/journal/privacy';

/**
 * Settings' "A person's data" and retention: find, export (through the save dialog), erase, and
 * the rule. Who may is the journal's to enforce (the office database refuses clerks); the view
 * only says whether the person signed in may change the rule.
 */
export function privacyHandlers(
  core: Core,
  desktop: Desktop,
): Pick<
  Handlers,
  'privacy:find' | 'privacy:export' | 'privacy:erase' | 'privacy:retention' | 'privacy:setRetention' | 'privacy:purge'
> {
  const { journal } = core;
  const view = (rule: Retention) => ({ ...rule, mayChange: mayHandlePersonalData(journal.location.role) });
  return {
    async 'privacy:find'(person) {
      const rows = await journal.privacy.find(person);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt,
          kind: r.kind,
          state: r.state,
          recordid: r.recordid,
          reference: r.reference,
          policy: r.policy,
          profile: r.profile,
          surname: r.surname,
          postcode: r.postcode,
          email: r.payload.email ?? '',
        })),
      };
    },
    async 'privacy:export'({ ids, format }) {
      const path = await desktop.saveFile({
        title: `Export a person's data as ${format.toUpperCase()}`,
        defaultName: `feed-desk-person-${localDate()}.${format}`,
        extension: format,
      });
      if (!path) return { path: null, rows: 0 };
      const rows = await writeAtomically(path, (write) =>
        writePersonExport(journal, ids, format, write, (row) => wireParts(row, core.profiles.get(row.profile))),
      );
      return { path, rows };
    },
    async 'privacy:erase'({ ids, reason }) {
      return { erased: await journal.privacy.erase(ids, reason) };
    },
    async 'privacy:retention'() {
      return view(await journal.privacy.retention());
    },
    async 'privacy:setRetention'({ days }) {
      return view(await journal.privacy.setRetention(days));
    },
    async 'privacy:purge'() {
      return { removed: await journal.privacy.purge() };
    },
  };
}
