import { faultTargetSchema, queuedFaultSchema, type QueuedFault } from './faults';

/** The `--fault` syntax, one line per form, for a command's help text. */
export const FAULT_SPEC_HELP: readonly string[] = [
  '<target>:<fault>[:<option>...]  target: token, entry or cancellation',
  '  status=<400-599>[:store][:retry-after=<s>]  answer that status; :store stores the entry first',
  '  drop=before-store | drop=after-store        close the connection without an answer',
  '  latency=<ms>                                wait that long before answering',
  '  garbage                                     store, then answer with a body that is not the record',
  '  hang[:no-store]                             store (unless :no-store), then never answer',
  '  echo[=<status>]                             answer 400 (or status) quoting the request, secrets included',
  '  :x<N> or :times=<N>                         for the next N requests of the target (default 1)',
];

/** Specs that show each form; each parses. */
export const FAULT_SPEC_EXAMPLES: readonly string[] = [
  'entry:status=502:store',
  'entry:drop=after-store',
  'token:status=401',
  'entry:status=429:retry-after=2:x3',
  'entry:latency=2000',
  'entry:garbage',
  'entry:hang',
  'token:echo',
];

/** Options each fault kind takes besides the count. */
const OPTIONS: Record<string, readonly string[]> = {
  status: ['store', 'no-store', 'retry-after'],
  hang: ['store', 'no-store'],
};

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * Reads a fault written as `<target>:<fault>[:<option>...]` (see FAULT_SPEC_HELP), e.g.
 * `entry:status=429:retry-after=2:x3`, into a fault for the sandbox's queue. Throws an Error
 * saying what is wrong in plain words.
 */
export function parseFaultSpec(spec: string): QueuedFault {
  const fail = (why: string): never => {
    throw new Error(`Fault "${spec}": ${why}`);
  };
  const wholeNumber = (name: string, value: string | undefined): number =>
    value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : fail(`${name} takes a whole number`);

  const [targetText = '', faultText = '', ...options] = spec.trim().split(':');
  const target = faultTargetSchema.safeParse(targetText);
  if (!target.success) return fail('the target must be token, entry or cancellation');
  const [kind, value] = splitOnce(faultText, '=');
  const fault: Record<string, unknown> = { kind };
  if (kind === 'status') fault.status = wholeNumber('status', value);
  else if (kind === 'latency') fault.ms = wholeNumber('latency', value);
  else if (kind === 'echo') fault.status = value === undefined ? undefined : wholeNumber('echo', value);
  else if (kind === 'drop') {
    fault.when =
      value === 'before-store' || value === 'after-store' ? value : fail('drop takes before-store or after-store');
  } else if (kind === 'garbage' || kind === 'hang') {
    if (value !== undefined) fail(`${kind} takes no value`);
  } else fail('the fault must be status, drop, latency, garbage, hang or echo');

  let times: number | undefined;
  for (const option of options) {
    const [name, optionValue] = splitOnce(option, '=');
    if (/^x\d{1,9}$/.test(option)) times = Number(option.slice(1));
    else if (name === 'times') times = wholeNumber('times', optionValue);
    else if (!OPTIONS[kind]?.includes(name)) fail(`${kind} does not take :${name}`);
    else if (name === 'retry-after') fault.retryAfter = wholeNumber('retry-after', optionValue);
    else if (optionValue !== undefined) fail(`:${name} takes no value`);
    else fault.store = name === 'store';
  }

  const parsed = queuedFaultSchema.safeParse({ target: target.data, times, fault });
  if (!parsed.success) {
    return fail(parsed.error.issues.map((i) => `${String(i.path.at(-1) ?? '')} ${i.message}`.trim()).join('; '));
  }
  return parsed.data;
}
