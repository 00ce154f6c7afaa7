import { SCREEN_DATE_ORDERS, exampleDate } from '@shared/entry/screen-date';
import { setScreenDateOrder, useScreenDateOrder } from '../../preferences';

/** Preferences of this computer rather than of a profile: the order dates are typed in on screen. */
export function PreferencesCard() {
  const order = useScreenDateOrder();
  return (
    <section className="card preferences" aria-labelledby="prefs-title">
      <h2 id="prefs-title">Keying on this computer</h2>
      <div className="field">
        <label htmlFor="pref-date-order">Dates typed as</label>
        <select
          id="pref-date-order"
          value={order}
          aria-describedby="pref-date-order-hint"
          onChange={(e) => setScreenDateOrder(SCREEN_DATE_ORDERS.find((o) => o === e.target.value) ?? order)}
        >
          {SCREEN_DATE_ORDERS.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <p className="hint" id="pref-date-order-hint">
          With or without separators, for example {exampleDate(order)}. Each profile still sends dates in its own wire
          format.
        </p>
      </div>
    </section>
  );
}
