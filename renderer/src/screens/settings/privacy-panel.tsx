import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { moment } from '../../moments';
import { STATE_LABELS } from '@shared/journal/state-words';
import { RETENTION_MAX_DAYS } from '@shared/journal/privacy';
import { usePrivacyPanel, type PrivacyMessage } from './use-privacy-panel';

const Said = ({ message, testId }: { message: PrivacyMessage | null; testId: string }) =>
  message && (
    <p
      role={message.error ? 'alert' : 'status'}
      className={message.error ? 'banner error' : 'banner success'}
      data-testid={testId}
    >
      {message.text}
    </p>
  );

/** Settings › Customer data: how long personal details are kept, and (for supervisors) a person's data. */
export function PrivacyPanel() {
  const id = useId();
  const panel = usePrivacyPanel();
  const { rule } = panel;
  const [days, setDays] = useState<string | null>(null);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [person, setPerson] = useState({ email: '', surname: '', postcode: '' });
  const [findError, setFindError] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const shownDays = days ?? (rule?.days === null || rule?.days === undefined ? '' : String(rule.days));

  const saveRule = (event: FormEvent) => {
    event.preventDefault();
    const typed = shownDays.trim();
    const n = /^\d+$/.test(typed) ? Number(typed) : NaN;
    if (typed !== '' && !(n >= 1 && n <= RETENTION_MAX_DAYS)) {
      return setDaysError(`A whole number of days from 1 to ${RETENTION_MAX_DAYS}, or empty to keep them`);
    }
    setDaysError(null);
    void panel.saveRule(typed === '' ? null : n).then(() => setDays(null));
  };

  const find = (event: FormEvent) => {
    event.preventDefault();
    const email = person.email.trim();
    if (email && !email.includes('@')) return setFindError('Not an e-mail address');
    if (!email && !(person.surname.trim() && person.postcode.trim())) {
      return setFindError('Enter an e-mail address, or a surname with a postcode');
    }
    setFindError(null);
    void panel.find(email ? { email } : { surname: person.surname, postcode: person.postcode });
  };

  const field = (name: 'email' | 'surname' | 'postcode', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={name === 'email' ? 'email' : 'text'}
        autoComplete="off"
        value={person[name]}
        onChange={(e) => setPerson({ ...person, [name]: e.target.value })}
      />
    </div>
  );

  return (
    <section className="card privacy" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Customer data</h2>
      <form onSubmit={saveRule} noValidate>
        <div className="field">
          <label htmlFor={`${id}-days`}>Remove personal details of settled entries after (days)</label>
          <input
            id={`${id}-days`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={shownDays}
            disabled={!rule?.mayChange}
            aria-invalid={daysError ? true : undefined}
            aria-describedby={daysError ? `${id}-days-error` : `${id}-days-hint`}
            onChange={(e) => setDays(e.target.value)}
          />
          {daysError ? (
            <p className="field-error" id={`${id}-days-error`}>
              {daysError}
            </p>
          ) : (
            <p className="hint" id={`${id}-days-hint`}>
              Empty keeps them (the default). Names, addresses, e-mails and telephone numbers of accepted, rejected and
              discarded entries are removed that many days after keying; reference, policy, amounts, dates, state and
              history stay. Entries still to send or decide are never touched.
              {rule && !rule.mayChange && ' Only a supervisor changes this.'}
              {rule?.setBy && ` Last set by ${rule.setBy}${rule.setAt ? ` on ${moment(rule.setAt)}` : ''}.`}
            </p>
          )}
        </div>
        {rule?.mayChange && (
          <div className="actions">
            <button type="submit">Save retention</button>
            <button type="button" disabled={rule.days === null} onClick={() => void panel.purgeNow()}>
              Apply now
            </button>
          </div>
        )}
      </form>
      <Said message={panel.ruleMessage} testId="retention-result" />

      {rule?.mayChange && (
        <>
          <h3>A person&apos;s data</h3>
          <p>
            Find every entry about one person for an access request: by e-mail, or by surname with postcode (case and
            spaces ignored). Export them as they were sent, or erase their personal details with a reason.
          </p>
          <form onSubmit={find} noValidate aria-label="Find a person">
            {field('email', 'E-mail')}
            {field('surname', 'or surname')}
            {field('postcode', 'with postcode')}
            {findError && (
              <p className="field-error" role="alert">
                {findError}
              </p>
            )}
            <div className="actions">
              <button type="submit">Find</button>
            </div>
          </form>
          {panel.rows && panel.rows.length > 0 && (
            <>
              <table data-testid="person-rows">
                <thead>
                  <tr>
                    <th scope="col">Journal #</th>
                    <th scope="col">Keyed</th>
                    <th scope="col">State</th>
                    <th scope="col">Reference</th>
                    <th scope="col">Surname</th>
                    <th scope="col">Postcode</th>
                    <th scope="col">E-mail</th>
                  </tr>
                </thead>
                <tbody>
                  {panel.rows.map((r) => (
                    <tr key={r.id}>
                      <td>{r.id}</td>
                      <td>{moment(r.createdAt)}</td>
                      <td>{STATE_LABELS[r.state]}</td>
                      <td>{r.reference}</td>
                      <td>{r.surname}</td>
                      <td>{r.postcode}</td>
                      <td>{r.email}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="actions">
                <button type="button" onClick={() => void panel.exportRows('csv')}>
                  Export CSV…
                </button>
                <button type="button" onClick={() => void panel.exportRows('json')}>
                  Export JSON…
                </button>
                <button type="button" className="danger" onClick={() => setErasing(true)}>
                  Erase…
                </button>
              </div>
            </>
          )}
          <Said message={panel.message} testId="person-result" />
        </>
      )}
      {erasing && (
        <ConfirmDialog
          title={`Erase the personal details of ${panel.rows?.length === 1 ? '1 entry' : `${panel.rows?.length ?? 0} entries`}?`}
          cancelLabel="Keep them"
          confirmLabel="Erase"
          danger
          fields={
            <div className="dialog-field">
              <label htmlFor={`${id}-reason`}>Reason (kept in each entry&apos;s history)</label>
              <input
                id={`${id}-reason`}
                type="text"
                autoComplete="off"
                aria-required="true"
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${id}-reason-error` : undefined}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              {reasonError && (
                <p className="field-error" id={`${id}-reason-error`}>
                  {reasonError}
                </p>
              )}
            </div>
          }
          check={() => {
            const ok = reason.trim().length > 0 && reason.trim().length <= 500;
            setReasonError(ok ? null : 'Give the reason (at most 500 characters): it is kept in the history');
            return ok;
          }}
          onCancel={() => setErasing(false)}
          onConfirm={() => {
            setErasing(false);
            void panel.erase(reason.trim()).then(() => setReason(''));
          }}
        >
          <p>
            Their names, addresses, e-mails and telephone numbers are removed for good; recordid, reference, policy,
            amounts, dates, state and history stay. Entries still to send or decide are refused: resolve them first.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
