import type { JournalReport } from '@shared/ipc/contract';
import type { JournalState } from '@shared/journal/types';
import { STATE_LABELS } from '@shared/journal/state-words';
import { TableScroll } from './table-scroll';

type Group = JournalReport['byOperator'][number];

/** Counts per operator or per profile: one row each, a column per state in use, and the total. */
export function CountTable(props: { title: string; who: string; groups: Group[]; states: JournalState[] }) {
  const { title, who, groups, states } = props;
  const id = `summary-${who.toLowerCase()}`;
  return (
    <section className="summary-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <TableScroll labelledBy={id}>
        <table className="summary-table counts">
          <thead>
            <tr>
              <th scope="col">{who}</th>
              {states.map((s) => (
                <th scope="col" key={s} className="num">
                  {STATE_LABELS[s]}
                </th>
              ))}
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.name}>
                <th scope="row">{g.name}</th>
                {states.map((s) => (
                  <td key={s} className="num">
                    {g.states[s] ?? 0}
                  </td>
                ))}
                <td className="num total">{g.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
