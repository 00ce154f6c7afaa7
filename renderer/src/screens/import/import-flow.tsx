import { CheckStep } from './check-step';
import { ColumnsStep } from './columns-step';
import { FileStep } from './file-step';
import { plural } from './import-words';
import { useImportFlow, type ImportFlowProps } from './use-import-flow';

/**
 * Steps 1 to 4 of a bulk import, on one page: the file and its settings, its columns, what the
 * check found (with rows fixed in place), and Send (the logic in useImportFlow).
 */
export function ImportFlow(props: ImportFlowProps) {
  const flow = useImportFlow(props);
  const { choices, check, checking, profile, error, editing, leftOut, toSend, starting, recheck } = flow;
  return (
    <>
      <FileStep
        choices={choices}
        check={check}
        profiles={props.profiles.map((p) => p.profile.name)}
        busy={starting}
        onChoose={() => void flow.choose()}
        onProfile={(name) => void recheck({ profile: name })}
        onDateOrder={(dateOrder) => void recheck({ dateOrder })}
        onSheet={flow.chooseSheet}
        onHeaderRow={flow.chooseHeaderRow}
      />
      {error && (
        <p role="alert" className="banner error">
          {error}
        </p>
      )}
      {choices.file && !check && checking && <p className="hint">Checking {choices.file.name}…</p>}
      {check && profile && (
        <div key={choices.file?.handle} className="import-steps">
          <ColumnsStep
            check={check}
            required={flow.required}
            busy={checking}
            onColumn={flow.setColumn}
            moved={flow.moved}
            onUndo={flow.undoMove}
          />
          <CheckStep
            check={check}
            rules={profile}
            dateOrder={choices.dateOrder}
            busy={checking}
            fixed={[...choices.fixes.keys()].sort((a, b) => a - b)}
            editing={editing}
            onEdit={flow.setEditing}
            onSave={(row, input) => void flow.saveFix(row, input)}
            sendAnyway={flow.sendAnyway}
            onSendAnyway={flow.setSent}
            onExportRejected={() => void flow.exportRejected()}
            exported={flow.exported}
            repairs={choices.repairs}
            onRepair={flow.repair}
            onUndoRepairs={() => void recheck({ repairs: [] }, 'Repairs undone. ')}
            onContinue={(batch) => void recheck({ continueBatch: batch }, `Continuing batch ${batch}. `)}
          />
          <section className="card import-step" aria-labelledby="import-send-title">
            <h2 id="import-send-title">4. Send</h2>
            <p id="import-send-hint">
              {toSend > 0
                ? `${plural(toSend, 'row is', 'rows are')} queued as one batch and sending starts at once; you can pause or cancel it.`
                : 'No row of this file is left to send.'}
              {leftOut > 0 && ` ${plural(leftOut, 'duplicate is', 'duplicates are')} left out.`}
              {check.invalid > 0 && ` ${plural(check.invalid, 'invalid row is', 'invalid rows are')} left out.`}
              {editing !== null && ` Save or cancel your fix of row ${editing} first.`}
            </p>
            <div className="actions">
              <button
                id="import-send"
                type="button"
                className="primary"
                aria-describedby="import-send-hint"
                disabled={toSend === 0 || checking || starting || error !== null || editing !== null}
                onClick={() => void flow.start()}
              >
                {starting ? 'Queueing…' : `Send ${plural(toSend, 'valid row', 'valid rows')}`}
              </button>
            </div>
          </section>
        </div>
      )}
    </>
  );
}
