import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Setting } from '../../components/setting';
import type { JournalFormValues } from './journal-form';

interface OfficeFieldsProps {
  register: UseFormRegister<JournalFormValues>;
  errors: FieldErrors<JournalFormValues>;
  tls: JournalFormValues['office']['tls'];
  /** Whether the keychain holds a password for the server, database, user and TLS settings typed. */
  passwordStored: boolean;
  /** Opens the native dialog to pick the CA file; clears it (the CAs this computer trusts). */
  onChooseCaFile: () => void;
  onClearCaFile: () => void;
  caFile: string;
}

/** Where the office database is and how to sign in: server, port, database, user, TLS, password (write-only). */
export function OfficeFields(props: OfficeFieldsProps) {
  const { register, errors, tls, passwordStored, caFile } = props;
  const err = (name: keyof JournalFormValues['office']) => errors.office?.[name]?.message;
  return (
    <div className="grid" role="group" aria-label="Office database">
      <Setting id="j-host" label="Database server" error={err('host')} hint="A host name or IP address.">
        {(aria) => (
          <input
            autoComplete="off"
            spellCheck={false}
            placeholder="db.office.example"
            {...aria}
            {...register('office.host', { deps: ['office.tls'] })}
          />
        )}
      </Setting>
      <Setting id="j-port" label="Port" error={err('port')}>
        {(aria) => <input inputMode="numeric" autoComplete="off" {...aria} {...register('office.port')} />}
      </Setting>
      <Setting id="j-database" label="Database" error={err('database')}>
        {(aria) => (
          <input
            autoComplete="off"
            spellCheck={false}
            placeholder="feed_desk"
            {...aria}
            {...register('office.database')}
          />
        )}
      </Setting>
      <Setting
        id="j-user"
        label="Database user"
        error={err('user')}
        hint="Your own user, as the administrator added it."
      >
        {(aria) => <input autoComplete="off" spellCheck={false} {...aria} {...register('office.user')} />}
      </Setting>
      <Setting
        id="j-password"
        label="Password"
        error={errors.password?.message}
        hint="Kept in the OS keychain; never shown again. Leave empty to keep the stored one."
      >
        {(aria) => (
          <input
            type="password"
            autoComplete="new-password"
            placeholder={passwordStored ? 'Stored in the keychain (type to replace)' : 'None stored: type it'}
            {...aria}
            {...register('password')}
          />
        )}
      </Setting>
      <Setting id="j-tls" label="TLS" wide error={err('tls')}>
        {(aria) => (
          <select {...aria} {...register('office.tls', { deps: ['office.caFile'] })}>
            <option value="verify-full">verify-full: encrypted, the server checked before the password is sent</option>
            <option value="off">off: only for a database on this computer</option>
          </select>
        )}
      </Setting>
      {tls === 'verify-full' && (
        <Setting
          id="j-caFile"
          label="CA file"
          wide
          error={err('caFile')}
          hint="The CA certificate (PEM) on this computer that signed the server's certificate, picked with Choose…; none: the CAs this computer trusts."
        >
          {(aria) => (
            <div className="file-choice">
              <input
                readOnly
                autoComplete="off"
                spellCheck={false}
                placeholder="None"
                {...aria}
                {...register('office.caFile')}
              />
              <button type="button" onClick={props.onChooseCaFile}>
                Choose…
              </button>
              {caFile && (
                <button type="button" onClick={props.onClearCaFile}>
                  Clear
                </button>
              )}
            </div>
          )}
        </Setting>
      )}
    </div>
  );
}
