import type { JournalDetail } from '@shared/ipc/contract';
import { ENTRY_FIELDS } from '@shared/entry/fields';
import { fieldLabel } from './format';
import { usePayloadNames } from './use-payload-names';

/** The payload's fields in the order the service documents them (entries), else as stored. */
function fieldOrder(detail: JournalDetail): string[] {
  const names = Object.keys(detail.row.payload);
  if (detail.row.kind !== 'entry') return names;
  const known: string[] = ENTRY_FIELDS.filter((f) => f in detail.row.payload);
  return [...known, ...names.filter((n) => !known.includes(n))];
}

/** The wire cell: the value sent, marked where it differs from the value as keyed. */
function WireCell({ keyed, sent }: { keyed: string; sent: string | undefined }) {
  if (sent === undefined) return <span className="blank">not sent</span>;
  if (sent === '') return <span className="blank">(blank)</span>;
  return (
    <>
      <span className="value">{sent}</span>
      {sent !== keyed && (
        <>
          {' '}
          <span className="tag differs">differs</span>
        </>
      )}
    </>
  );
}

/**
 * The payload field by field: label, the value as keyed (stored, normalised), the value sent on
 * the wire with the profile's rules (marked where they differ), and the service's message at
 * each field it named. Fields left blank and sent blank are named in one line below.
 */
export function PayloadTable({ detail }: { detail: JournalDetail }) {
  const { payload, errorFields, kind, profile } = detail.row;
  const names = usePayloadNames(kind, profile);
  const label = (name: string) => names.label(name, fieldLabel(name));
  const wire = detail.wire ? new Map(detail.wire) : null;
  const sent = (name: string) => {
    const part = names.wire(name);
    return part === null ? undefined : wire?.get(part);
  };
  // The service names fields as they went on the wire; a renamed cancellation field under its wire name.
  const errorOf = (name: string) => errorFields?.[name] ?? errorFields?.[names.wire(name) ?? name];
  const plain = (name: string) => (payload[name] ?? '') === '' && !errorOf(name) && !sent(name);
  const order = fieldOrder(detail);
  const shown = order.filter((n) => !plain(n));
  const blank = order.filter(plain);
  const omitted = wire !== null && blank.some((n) => sent(n) === undefined);
  const atField = new Set(order.flatMap((n) => [n, names.wire(n) ?? n]));
  const elsewhere = Object.entries(errorFields ?? {}).filter(([name]) => !atField.has(name));
  return (
    <section className="detail-section" aria-labelledby="detail-payload-title">
      <h3 id="detail-payload-title">Payload</h3>
      {!wire && (
        <p className="hint">The profile {detail.row.profile} no longer exists, so the wire values cannot be shown.</p>
      )}
      <table className="detail-table payload">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">As keyed</th>
            <th scope="col">As sent</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((name) => {
            const keyed = payload[name] ?? '';
            const error = errorOf(name);
            return (
              <tr key={name} className={error ? 'has-error' : undefined} data-field={name}>
                <th scope="row">{label(name)}</th>
                <td>
                  {keyed === '' ? <span className="blank">(blank)</span> : <span className="value">{keyed}</span>}
                  {error && <p className="field-error">Service: {error}</p>}
                </td>
                <td>{wire ? <WireCell keyed={keyed} sent={sent(name)} /> : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {blank.length > 0 && (
        <p className="hint" data-testid="detail-blank-fields">
          Left blank{wire ? (omitted ? ' (not sent)' : ' (sent as empty text)') : ''}: {blank.map(label).join(', ')}.
        </p>
      )}
      {elsewhere.length > 0 && (
        <ul className="field-error other-errors" aria-label="Other messages from the service">
          {elsewhere.map(([name, message]) => (
            <li key={name}>
              {fieldLabel(name)}: {message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
